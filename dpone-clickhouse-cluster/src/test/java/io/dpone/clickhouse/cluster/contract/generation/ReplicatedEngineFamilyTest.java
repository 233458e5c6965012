package io.dpone.clickhouse.cluster.contract.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The observed engine_full against the admitted Replicated*MergeTree family. Pure/offline. */
class ReplicatedEngineFamilyTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "ReplicatedMergeTree('/clickhouse/tables/x/events', '{replica}') ORDER BY id SETTINGS index_granularity = 8192",
                "ReplicatedReplacingMergeTree('/p', '{replica}', ver) ORDER BY id",
                "ReplicatedSummingMergeTree('/p', '{replica}') ORDER BY id",
                "ReplicatedAggregatingMergeTree('/p', '{replica}') ORDER BY id",
                "ReplicatedCollapsingMergeTree('/p', '{replica}', sign) ORDER BY id",
                "ReplicatedVersionedCollapsingMergeTree('/p', '{replica}', sign, ver) ORDER BY id",
                "ReplicatedGraphiteMergeTree('/p', '{replica}', 'graphite') ORDER BY id",
                "ReplicatedMergeTree ORDER BY id",
                "ReplicatedMergeTree"
            })
    void familyMembersAreAdmitted(String engineFull) {
        assertTrue(ReplicatedEngineFamily.admits(engineFull));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "MergeTree ORDER BY id",
                "ReplacingMergeTree(ver) ORDER BY id",
                "Distributed('c1', 'db', 'events')",
                "ReplicatedMergeTreeX('/p', '{replica}') ORDER BY id",
                "replicatedmergetree('/p', '{replica}') ORDER BY id",
                " ReplicatedMergeTree('/p', '{replica}') ORDER BY id",
                "ReplicatedMergeTree,('/p')",
                "SharedMergeTree('/p', '{replica}') ORDER BY id",
                "Replicated",
                "KeeperMap('/root')",
                ""
            })
    void everythingElseIsOutside(String engineFull) {
        assertFalse(ReplicatedEngineFamily.admits(engineFull));
    }

    @Test
    void theEngineNameEndsAtAParenthesisOrSpace() {
        assertEquals(
                Optional.of("ReplicatedMergeTree"),
                ReplicatedEngineFamily.engineName("ReplicatedMergeTree('/p', 'r')"));
        assertEquals(
                Optional.of("ReplicatedMergeTree"),
                ReplicatedEngineFamily.engineName("ReplicatedMergeTree ORDER BY id"));
        assertEquals(Optional.empty(), ReplicatedEngineFamily.engineName("ReplicatedMergeTree\t('/p')"));
        assertEquals(Optional.empty(), ReplicatedEngineFamily.engineName("(x)"));
    }
}
