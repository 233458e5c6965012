package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How one scenario test ended, as JUnit reported it, with what its body recorded
 * ({@link AcceptanceReceipts.Run}). A failure is kept as its exception types and stack frames
 * only, never a message, so no host, credential, value, SQL or path can reach a report.
 */
record ScenarioResult(
        String scenario,
        String test,
        TestStatus status,
        List<String> failureTrace,
        Optional<AcceptanceReceipts.Run> run,
        Duration elapsed) {
    private static final int MAX_CAUSES = 5;
    private static final int MAX_FRAMES = 40;

    /** JUnit's verdict on the test. */
    enum TestStatus {
        PASSED,
        FAILED,
        ABORTED,
        DISABLED;

        String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    ScenarioResult {
        requireNonNull(scenario, "scenario is null");
        requireNonNull(test, "test is null");
        requireNonNull(status, "status is null");
        failureTrace = List.copyOf(requireNonNull(failureTrace, "failureTrace is null"));
        requireNonNull(run, "run is null");
        requireNonNull(elapsed, "elapsed is null");
    }

    /**
     * The row's status: JUnit's verdict unless the test passed, then what the green test proved
     * (only {@code passed} is a pass of the scenario); {@code unrecorded} when a green test
     * recorded no run, so nothing says what it covered.
     */
    String rowStatus() {
        if (status != TestStatus.PASSED) {
            return status.wireName();
        }
        return run.map(recorded -> recorded.coverage().status()).orElse("unrecorded");
    }

    Optional<String> failureType() {
        return failureTrace.isEmpty() ? Optional.empty() : Optional.of(failureTrace.get(0));
    }

    /** The exception's type, its frames, then each cause's type and frames; no message. */
    static List<String> trace(Throwable failure) {
        List<String> lines = new ArrayList<>();
        Throwable current = failure;
        for (int depth = 0; current != null && depth < MAX_CAUSES; depth++, current = current.getCause()) {
            lines.add((depth == 0 ? "" : "caused by ") + current.getClass().getName());
            StackTraceElement[] frames = current.getStackTrace();
            for (int i = 0; i < Math.min(frames.length, MAX_FRAMES); i++) {
                StackTraceElement frame = frames[i];
                lines.add("  at " + frame.getClassName() + "." + frame.getMethodName() + "(" + frame.getFileName() + ":"
                        + frame.getLineNumber() + ")");
            }
        }
        return lines;
    }
}
