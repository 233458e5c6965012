package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.testkit.clickhouse.config.NodeConfigRenderer;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Holds up one member's distributed-DDL worker on ClickHouse 24.8 while the member keeps
 * answering reads. The worker runs its queue one entry at a time, in queue order (default
 * {@code pool_size} 1), so a long entry that only this member executes delays every later entry
 * there: the harness enqueues, on the member's one-member cluster
 * ({@link NodeConfigRenderer#soloCluster}), {@code CREATE TABLE ... ENGINE = Memory AS SELECT
 * sleepEachRow(1) ... FROM numbers(N)} with one-row blocks (each block sleeps 1 s, under the
 * per-block sleep limit), asynchronously ({@code distributed_ddl_task_timeout = 0}), and waits until
 * the member runs it ({@code Active}). Release kills that query on the member; the worker records
 * the cancellation as the entry's result without retrying it (QUERY_WAS_CANCELLED is not a retried
 * code) and moves on. Thread-safe.
 */
final class DdlStall {
    /** Holds longer than any scenario waits; {@link #release} ends it early. */
    static final int STALL_SECONDS = 900;

    static final String HARNESS_DATABASE = "dpone_harness";
    private static final Duration WAIT = Duration.ofSeconds(120);

    private final ClusterSql sql;
    private final String cluster;
    private final Map<Integer, String> stalled = new ConcurrentHashMap<>();

    DdlStall(ClusterSql sql, String cluster) {
        this.sql = requireNonNull(sql, "sql is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
    }

    /** The harness's own database on every member (the initiator checks it even for entries it does not run). */
    void prepare() {
        sql.createDatabases(HARNESS_DATABASE);
    }

    void stall(int member) {
        if (stalled.containsKey(member)) {
            return;
        }
        String table = "stall_" + HexFormat.of().formatHex(randomBytes());
        String solo = NodeConfigRenderer.soloCluster(cluster, member);
        sql.admin(0)
                .execute(
                        "CREATE TABLE " + SqlQuoting.qualified(HARNESS_DATABASE, table) + " ON CLUSTER "
                                + SqlQuoting.identifier(solo)
                                + " ENGINE = Memory AS SELECT sleepEachRow(1) AS slept FROM numbers("
                                + STALL_SECONDS + ")",
                        Map.of(
                                "distributed_ddl_task_timeout",
                                "0",
                                "max_block_size",
                                "1",
                                "log_comment",
                                ClusterSql.HARNESS_LOG_COMMENT));
        stalled.put(member, table);
        await(solo, table, "Active", "member " + member + "'s DDL worker to start the stall entry");
    }

    /** Ends the member's stall and waits until its worker has finished the entry; nothing if none. */
    void release(int member) {
        String table = stalled.remove(member);
        if (table == null) {
            return;
        }
        String solo = NodeConfigRenderer.soloCluster(cluster, member);
        // The name is split in the KILL statement's own text, so the statement never matches itself.
        sql.admin(member)
                .execute("KILL QUERY WHERE is_initial_query = 0 AND position(query, concat("
                        + SqlQuoting.string(table.substring(0, 6)) + ", " + SqlQuoting.string(table.substring(6))
                        + ")) > 0 SYNC");
        await(solo, table, "Finished", "member " + member + "'s DDL worker to finish the stall entry");
        sql.admin(member).execute("DROP TABLE IF EXISTS " + SqlQuoting.qualified(HARNESS_DATABASE, table) + " SYNC");
    }

    void releaseAll() {
        for (Integer member : stalled.keySet().stream().sorted().toList()) {
            release(member);
        }
    }

    private void await(String solo, String table, String status, String what) {
        Instant deadline = Instant.now().plus(WAIT);
        String query = "SELECT status FROM system.distributed_ddl_queue WHERE cluster = " + SqlQuoting.string(solo)
                + " AND position(query, " + SqlQuoting.string(table) + ") > 0";
        while (!sql.admin(0).query(query).equals(status)) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("timed out waiting for " + what);
            }
            sleep();
        }
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[8];
        ThreadLocalRandom.current().nextBytes(bytes);
        return bytes;
    }

    static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting on the cluster", e);
        }
    }
}
