package io.dpone.testkit.acceptance;

import java.util.Objects;

/** The scenarios' checks; a failed one throws {@link ScenarioFailure} naming what was expected. Pure. */
public final class Expect {
    private Expect() {}

    public static void that(boolean condition, String expectation) {
        if (!condition) {
            throw new ScenarioFailure("expected: " + expectation);
        }
    }

    public static void equal(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) {
            throw new ScenarioFailure(what + ": expected " + expected + " but was " + actual);
        }
    }
}
