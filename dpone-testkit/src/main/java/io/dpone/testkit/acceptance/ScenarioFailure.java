package io.dpone.testkit.acceptance;

/** A scenario's expectation did not hold. */
public final class ScenarioFailure extends AssertionError {
    private static final long serialVersionUID = 1L;

    public ScenarioFailure(String message) {
        super(message);
    }
}
