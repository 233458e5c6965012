package io.dpone.testkit.property.mutants;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * External mode's codec suite against its deliberately wrong schema, as the core's suites against theirs
 * (dpone-testkit's MutantDetectionRateTest and MutantFailureMessageTest, whose runner this uses through the
 * testkit's test jar): caught in at least 99 of 100 fixed-seed runs, and the failure names the rule and shows
 * the values. Pure.
 */
class ExternalSchemaMutantTest {
    private static final List<String> AIMED = List.of("everySingleColumnMutationIsBlocked");

    @Test
    void theSuiteCatchesItsMutantInAtLeast99Of100Runs(@TempDir Path database) {
        MutantRuns.assertCaughtInAtLeast99Of100(ChecksumBlindExternalSchemaMutant.class, AIMED, database);
    }

    @Test
    void theFailureNamesTheRuleAndShowsTheValues(@TempDir Path database) {
        MutantRuns.assertNamesTheRuleAndShowsTheValues(
                ChecksumBlindExternalSchemaMutant.class,
                AIMED,
                "rule: a change to any one stored column of an encoded row is Blocked",
                "payloadSha256=",
                database);
    }
}
