package io.dpone.testkit.property.mutants;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Measures how often each property suite catches a deliberately wrong implementation of what it
 * checks: the suite's properties aimed at the bug run 100 times against its mutant, each run with
 * its own fixed seed and jqwik's default 1000 tries, and must fail in at least 99 (issue 22). Pure: no ClickHouse, no
 * simulator. Red on main b011c6b (whole suites, unseeded): the lenient normalizer was caught in 54
 * of 100 runs, the missing-host aggregator in 0 (every generated missing host came with a second
 * defect that hid it), the health-blind cleanup classifier in 91. Running only the aimed properties
 * gives a lower bound on the whole suite's rate (more properties can only add failures) and keeps
 * this under a minute.
 */
class MutantDetectionRateTest {
    @ParameterizedTest
    @EnumSource(Mutant.class)
    void theSuiteCatchesItsMutantInAtLeast99Of100Runs(Mutant mutant, @TempDir Path database) {
        MutantRuns.assertCaughtInAtLeast99Of100(mutant.suite, mutant.properties, database);
    }
}
