package io.dpone.testkit.clickhouse.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.generation.ReadinessBarrier;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.clickhouse.junit.RequiresCapabilities;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A {@code ReplicatedMergeTree} candidate as publication stages it (spec section 2): created once
 * {@code ON CLUSTER} with {@code {uuid}/{shard}} and {@code {replica}}, loaded on one member, and
 * replicated to every member until the project's readiness barrier ({@link ReadinessBarrier} over
 * the catalog adapter's candidate health) passes; then the same facts are read raw from
 * {@code system.replicas} on every member.
 */
@RequiresCapabilities({ClusterCapability.DISTRIBUTED_DDL, ClusterCapability.REPLICATION})
public abstract class ReplicationScenarios {

    private static final long TASK_TIMEOUT_SECONDS = 60;
    private static final long ROWS = 3;
    private static final Duration REPLICATION = Duration.ofSeconds(60);

    @Test
    void aReplicatedCandidateReachesEveryReplicaAndPassesTheReadinessBarrier(
            RunningCluster cluster, TestDatabase database) throws Exception {
        TableRef candidate = new TableRef(database.target(), "events__cand");
        MemberClient publisher =
                cluster.member(0).client(cluster.publisher(), Duration.ofSeconds(TASK_TIMEOUT_SECONDS + 30));
        publisher.execute(
                "CREATE TABLE " + candidate.render() + " ON CLUSTER `"
                        + cluster.spec().clusterName() + "`"
                        + " (id UInt64, v String) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}',"
                        + " '{replica}') ORDER BY id",
                DdlQueue.dispatchSettings("dpone-test-stage-" + database.id(), TASK_TIMEOUT_SECONDS));
        publisher.execute(
                "INSERT INTO " + candidate.render() + " SELECT number, toString(number) FROM numbers(" + ROWS + ")");

        try (DdlQueue queue = new DdlQueue(cluster, cluster.member(0))) {
            List<ReplicaHealth> health = Eventually.until(
                    REPLICATION,
                    () -> queue.candidateHealth(candidate),
                    observed -> ReadinessBarrier.isReady(queue.expectedHosts(), observed, ROWS));
            assertEquals(
                    Map.of(),
                    ReadinessBarrier.gaps(queue.expectedHosts(), health, ROWS),
                    "readiness barrier over the catalog adapter's candidate health");
        }

        String path = null;
        for (ClusterMember member : cluster.members()) {
            MemberClient admin = member.client(cluster.admin());
            assertEquals(
                    String.join("\t", "0", "0", "0", "2", "2", "1", Long.toString(ROWS)),
                    admin.query("SELECT is_readonly, is_session_expired, queue_size, active_replicas, total_replicas,"
                            + " log_pointer = log_max_index + 1,"
                            + " (SELECT count() FROM " + candidate.render() + ")"
                            + " FROM system.replicas WHERE database = '" + candidate.database()
                            + "' AND table = '" + candidate.table() + "'"),
                    "system.replicas on " + member.replicaName()
                            + ": writable, live session, empty queue, 2 of 2 active, caught-up log, every row");
            String identity = admin.query("SELECT replica_name = getMacro('replica'), zookeeper_path"
                    + " FROM system.replicas WHERE database = '" + candidate.database()
                    + "' AND table = '" + candidate.table() + "'");
            assertTrue(identity.startsWith("1\t/clickhouse/tables/"), "replica named by its own {replica} macro");
            String memberPath = identity.substring(2);
            assertTrue(memberPath.endsWith("/01"), "{shard} expanded to this cluster's shard");
            String uuid = admin.query("SELECT toString(uuid) FROM system.tables WHERE database = '"
                    + candidate.database() + "' AND name = '" + candidate.table() + "'");
            assertEquals("/clickhouse/tables/" + uuid + "/01", memberPath, "{uuid} is the table's own UUID");
            if (path != null) {
                assertEquals(path, memberPath, "both replicas share one replication path");
            }
            path = memberPath;
            assertEquals(
                    Long.toString(ROWS * (ROWS - 1) / 2),
                    admin.query("SELECT sum(id) FROM " + candidate.render()),
                    "the same rows on " + member.replicaName());
        }
    }
}
