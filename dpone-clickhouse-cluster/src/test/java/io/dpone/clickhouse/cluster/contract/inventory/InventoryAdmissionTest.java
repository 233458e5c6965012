package io.dpone.clickhouse.cluster.contract.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.contract.inventory.AdmissionResult.Rejected;
import io.dpone.clickhouse.cluster.contract.inventory.AdmissionResult.RejectionReason;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spec section 1's strict inventory rules, one case each. */
class InventoryAdmissionTest {
    private static ClusterMember member(long shard, long replica, String host, boolean internal) {
        return new ClusterMember("c1", shard, replica, host, "10.0.0." + replica, 9000, internal);
    }

    private static void assertRejected(RejectionReason reason, DponeErrorCode code, ClusterMember... members) {
        Rejected rejected = assertInstanceOf(
                Rejected.class, InventoryAdmission.admit(new ClusterInventory("c1", List.of(members))));
        assertEquals(reason, rejected.reason());
        assertEquals(code, rejected.code());
    }

    @Test
    void oneShardTwoReplicasIsAdmitted() {
        ClusterInventory inventory =
                new ClusterInventory("c1", List.of(member(1, 1, "a", true), member(1, 2, "b", true)));
        assertEquals(new AdmissionResult.Admitted(inventory), InventoryAdmission.admit(inventory));
    }

    @Test
    void everyViolationHasItsStableFamily() {
        DponeErrorCode incomplete = DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE;
        DponeErrorCode unsupported = DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED;
        assertRejected(RejectionReason.NO_MEMBERS, incomplete);
        assertRejected(
                RejectionReason.FOREIGN_CLUSTER_ROW,
                incomplete,
                member(1, 1, "a", true),
                new ClusterMember("c2", 1, 2, "b", "x", 9000, true));
        assertRejected(
                RejectionReason.DUPLICATE_ENDPOINT, incomplete, member(1, 1, "a", true), member(1, 2, "a", true));
        assertRejected(
                RejectionReason.DUPLICATE_REPLICA_NUMBER, incomplete, member(1, 1, "a", true), member(1, 1, "b", true));
        assertRejected(
                RejectionReason.MORE_THAN_ONE_SHARD,
                unsupported,
                member(1, 1, "a", true),
                member(1, 2, "b", true),
                member(2, 1, "c", true),
                member(2, 2, "d", true));
        assertRejected(RejectionReason.FEWER_THAN_TWO_REPLICAS, unsupported, member(1, 1, "a", true));
        assertRejected(
                RejectionReason.INTERNAL_REPLICATION_DISABLED,
                unsupported,
                member(1, 1, "a", true),
                member(1, 2, "b", false));
    }

    @Test
    void externalModeRequiresEveryFlagOffAndCallsAnyOtherAModeMismatch() {
        ClusterInventory external =
                new ClusterInventory("c1", List.of(member(1, 1, "a", false), member(1, 2, "b", false)));
        assertEquals(
                new AdmissionResult.Admitted(external), InventoryAdmission.admit(external, ReplicationMode.EXTERNAL));
        for (List<ClusterMember> members : List.of(
                List.of(member(1, 1, "a", true), member(1, 2, "b", true)),
                List.of(member(1, 1, "a", false), member(1, 2, "b", true)))) {
            Rejected rejected = assertInstanceOf(
                    Rejected.class,
                    InventoryAdmission.admit(new ClusterInventory("c1", members), ReplicationMode.EXTERNAL));
            assertEquals(RejectionReason.INTERNAL_REPLICATION_ENABLED, rejected.reason());
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH, rejected.code());
        }
        // The internal rule is unchanged: uniform off is still refused there.
        assertEquals(
                RejectionReason.INTERNAL_REPLICATION_DISABLED,
                assertInstanceOf(Rejected.class, InventoryAdmission.admit(external, ReplicationMode.INTERNAL))
                        .reason());
    }

    @Test
    void completenessFaultsComeBeforeTheFlagInEitherMode() {
        ClusterInventory duplicated =
                new ClusterInventory("c1", List.of(member(1, 1, "a", true), member(1, 1, "b", true)));
        assertEquals(
                RejectionReason.DUPLICATE_REPLICA_NUMBER,
                assertInstanceOf(Rejected.class, InventoryAdmission.admit(duplicated, ReplicationMode.EXTERNAL))
                        .reason());
    }
}
