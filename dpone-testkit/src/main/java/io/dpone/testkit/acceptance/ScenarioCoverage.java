package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a green scenario test proved, as its receipt row says it: only {@link Full} is a pass of the
 * scenario. The other three are green tests that prove less, and receipts count them apart
 * (docs/testkit/acceptance.md, "The receipt").
 */
public sealed interface ScenarioCoverage {
    /** The receipt row's {@code status} when the test passed. */
    String status();

    /** The scenario ran on the product as written. */
    record Full() implements ScenarioCoverage {
        @Override
        public String status() {
            return "passed";
        }
    }

    /** The scenario ran on the product, but only these of its sub-cases; the others were refused by the backend. */
    record Partial(List<String> ran, List<String> notRun) implements ScenarioCoverage {
        public Partial {
            ran = List.copyOf(requireNonNull(ran, "ran is null"));
            notRun = List.copyOf(requireNonNull(notRun, "notRun is null"));
            if (ran.isEmpty() || notRun.isEmpty()) {
                throw new IllegalArgumentException("a partial run ran some sub-cases and not others");
            }
        }

        @Override
        public String status() {
            return "partial";
        }
    }

    /** The test proves something else in the scenario's place (e.g. the capability whose absence the scenario is about). */
    record Replaced(String instead) implements ScenarioCoverage {
        public Replaced {
            requireNonNull(instead, "instead is null");
        }

        @Override
        public String status() {
            return "replaced";
        }
    }

    /** The harness refused an operation the scenario needs before the product acted: the test shows the refusal only. */
    record NotRunOnProduct(String why) implements ScenarioCoverage {
        public NotRunOnProduct {
            requireNonNull(why, "why is null");
        }

        /** What {@code runExpectingUnsupported} proves: the harness refused before the product acted. */
        public static NotRunOnProduct refusedByTheBackend() {
            return new NotRunOnProduct("the backend refuses an operation the scenario needs");
        }

        @Override
        public String status() {
            return "not_run_on_product";
        }
    }
}
