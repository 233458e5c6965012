package io.dpone.testkit.catalog;

import static io.dpone.testkit.catalog.CatalogFixtures.adapter;
import static io.dpone.testkit.catalog.CatalogFixtures.candidate;
import static io.dpone.testkit.catalog.CatalogFixtures.reads;
import static io.dpone.testkit.catalog.CatalogFixtures.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.catalog.StrictClusterAdmission;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.clickhouse.junit.RequiresCapabilities;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.transport.Transports;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A paused or killed member blocks admission with INVENTORY_INCOMPLETE, within the read bound:
 * the inventory still lists it, but the {@code clusterAllReplicas} read with
 * {@code skip_unavailable_shards = 0} fails as a whole instead of answering for one member.
 */
@ClickHouseCluster(members = 2)
@RequiresCapabilities(ClusterCapability.PROCESS_FAULTS)
class RealMemberFaultAdmissionTest {
    private static final Duration BOUND = Duration.ofSeconds(20);

    @ParameterizedTest
    @EnumSource(Transports.class)
    void aPausedMemberBlocks(Transports protocol, RunningCluster cluster, TestDatabase db) throws Exception {
        cluster.member(1).pause();
        assertBlocked(protocol, cluster, db);
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void aKilledMemberBlocks(Transports protocol, RunningCluster cluster, TestDatabase db) throws Exception {
        cluster.member(1).kill();
        assertBlocked(protocol, cluster, db);
    }

    private static void assertBlocked(Transports protocol, RunningCluster cluster, TestDatabase db) throws Exception {
        ReadTransport reads = reads(protocol, cluster, cluster.publisher());
        try {
            Instant start = Instant.now();
            ClusterAdmission admission = new StrictClusterAdmission(adapter(reads))
                    .admit(cluster.spec().clusterName(), target(db), candidate(db));
            Duration took = Duration.between(start, Instant.now());
            var blocked = assertInstanceOf(ClusterAdmission.Blocked.class, admission);
            assertEquals(ClusterAdmission.Reason.MEMBERS_UNREADABLE, blocked.reason(), blocked.detail());
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE, blocked.code());
            assertTrue(took.compareTo(BOUND) < 0, "blocked within the read bound, took " + took);
            System.out.println("[catalog] " + protocol + " blocked in " + took.toMillis() + " ms: " + blocked.detail());
        } finally {
            Transports.close(reads);
        }
    }
}
