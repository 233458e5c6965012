package io.dpone.testkit.clickhouse.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.clickhouse.junit.RequiresCapabilities;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What only a server with a distributed-DDL worker can show (spec section 4, "Dispatch and bind
 * distributed DDL"), read back through the project's queue adapter, normalizer and aggregator
 * ({@link DdlQueue}). The publication principal sends each {@code ON CLUSTER} statement once with
 * the adapter's four settings; the queue is read from the first member.
 */
@RequiresCapabilities(ClusterCapability.DISTRIBUTED_DDL)
public abstract class DistributedDdlScenarios {

    private static final long TASK_TIMEOUT_SECONDS = 60;
    private static final int TIMEOUT_EXCEEDED = 159;
    private static final Duration CONVERGENCE = Duration.ofSeconds(120);

    private RunningCluster cluster;
    private TestDatabase database;
    private MemberClient publisher;
    private DdlQueue queue;

    @BeforeEach
    void connect(RunningCluster cluster, TestDatabase database) {
        this.cluster = cluster;
        this.database = database;
        this.publisher = cluster.member(0).client(cluster.publisher(), Duration.ofSeconds(TASK_TIMEOUT_SECONDS + 30));
        this.queue = new DdlQueue(cluster, cluster.member(0));
    }

    @AfterEach
    void closeQueue() throws Exception {
        queue.close();
    }

    @Test
    void exchangeOnClusterBindsOneEntryWhoseHostRowsAreTerminalSuccess() {
        TableRef target = new TableRef(database.target(), "events");
        TableRef candidate = new TableRef(database.target(), "events__cand");
        stageOnEveryMember(target, 1, candidate, 2);
        String token = DdlQueue.token(DdlAction.EXCHANGE);

        publisher.execute(exchange(target, candidate).sql(), DdlQueue.dispatchSettings(token, TASK_TIMEOUT_SECONDS));

        BoundEntry entry = queue.bind(expectedExchange(target, candidate, token));
        List<QueueRow> rows = queue.hostRows(entry);
        assertEquals(cluster.members().size(), rows.size(), "one queue row per member");
        for (QueueRow row : rows) {
            assertEquals("Finished", row.status());
            assertEquals("0", row.exceptionCode());
            assertEquals("", row.exceptionText());
            assertEquals(token, row.logComment(), "settings['log_comment'] is the token, unchanged");
        }
        EntryAggregation aggregation = queue.aggregate(entry);
        assertTrue(aggregation.exactHostSet(), "rows cover exactly the members of system.clusters");
        assertEquals(QueueStatus.TERMINAL_SUCCESS, aggregation.outcome());
        assertSwappedOn(cluster.members(), target, candidate);
    }

    @Test
    void aLeadingCommentIsNotInTheQueueButTheLogCommentIs() {
        String marker = "dpone_marker_" + database.id();
        TableRef absent = new TableRef(database.target(), "absent");
        String token = DdlQueue.token(DdlAction.DROP);

        publisher.execute(
                "/* " + marker + " */ "
                        + DdlStatements.dropIfExists(clusterName(), absent).sql(),
                DdlQueue.dispatchSettings(token, TASK_TIMEOUT_SECONDS));

        BoundEntry entry = queue.bind(new ExpectedDdl(
                DdlStatementType.DROP_TABLE_IF_EXISTS,
                clusterName(),
                database.target(),
                Optional.empty(),
                Optional.of("absent"),
                token));
        List<QueueRow> rows = queue.hostRows(entry);
        assertFalse(rows.isEmpty());
        for (QueueRow row : rows) {
            assertFalse(row.query().contains(marker), "the queue stores the formatted statement, not the request text");
            assertFalse(row.query().contains("/*"));
            assertTrue(row.query().startsWith("DROP TABLE IF EXISTS "), "the statement itself is there");
            assertEquals(token, row.logComment(), "the log_comment setting travels unchanged");
        }
        assertEquals(QueueStatus.TERMINAL_SUCCESS, queue.aggregate(entry).outcome());
    }

    @Test
    void twoHarmlessEntriesWithOneTokenAreACollisionNeverTheNewest() {
        TableRef absent = new TableRef(database.target(), "absent");
        String token = DdlQueue.token(DdlAction.DROP);
        for (int entry = 0; entry < 2; entry++) {
            publisher.execute(
                    DdlStatements.dropIfExists(clusterName(), absent).sql(),
                    DdlQueue.dispatchSettings(token, TASK_TIMEOUT_SECONDS));
        }

        assertEquals(
                "2",
                cluster.member(0)
                        .client(cluster.admin())
                        .query("SELECT uniqExact(entry) FROM system.distributed_ddl_queue WHERE cluster = '"
                                + clusterName() + "' AND settings['log_comment'] = '" + token + "'"),
                "two entries carry the token (independent raw read)");
        assertEquals(
                new QueueLookup.Unknown(QueueLookup.Reason.MULTIPLE_ENTRIES),
                queue.lookup(new ExpectedDdl(
                        DdlStatementType.DROP_TABLE_IF_EXISTS,
                        clusterName(),
                        database.target(),
                        Optional.empty(),
                        Optional.of("absent"),
                        token)));
    }

    /**
     * The spec's "pause one replica after enqueue": the replica is frozen before the statement is
     * sent, so the race between its worker and the freeze is closed; from the queue's point of
     * view this is the same state (no active or finished node for that host).
     */
    @Test
    @RequiresCapabilities(ClusterCapability.PROCESS_FAULTS)
    void aPausedReplicaLeavesTheEntryInProgressUntilItResumes() throws InterruptedException {
        TableRef target = new TableRef(database.target(), "events");
        TableRef candidate = new TableRef(database.target(), "events__cand");
        stageOnEveryMember(target, 1, candidate, 2);
        ClusterMember paused = cluster.member(1);
        String token = DdlQueue.token(DdlAction.EXCHANGE);
        HostEndpoint pausedHost = queue.endpointOf(paused);
        HostEndpoint initiatorHost = queue.endpointOf(cluster.member(0));

        paused.pause();
        QueryFailedException timeout = assertThrows(
                QueryFailedException.class,
                () -> publisher.execute(exchange(target, candidate).sql(), DdlQueue.dispatchSettings(token, 3)));
        assertEquals(TIMEOUT_EXCEEDED, timeout.serverCode(), "output mode throw reports the unfinished host");

        BoundEntry entry = queue.bind(expectedExchange(target, candidate, token));
        EntryAggregation partial = queue.aggregate(entry);
        assertEquals(QueueStatus.TERMINAL_SUCCESS, partial.perHost().get(initiatorHost));
        assertEquals(QueueStatus.IN_PROGRESS, partial.perHost().get(pausedHost), "Inactive or Active, no exception");
        assertEquals(QueueStatus.IN_PROGRESS, partial.outcome(), "partial: in progress, not terminal, not unknown");

        paused.resume();
        EntryAggregation converged = Eventually.until(
                CONVERGENCE,
                () -> queue.aggregate(entry),
                aggregation -> aggregation.outcome() == QueueStatus.TERMINAL_SUCCESS);
        assertEquals(QueueStatus.TERMINAL_SUCCESS, converged.outcome(), "the original entry converges after resume");
        assertEquals(entry, queue.bind(expectedExchange(target, candidate, token)), "still the same single entry");
        assertSwappedOn(cluster.members(), target, candidate);
    }

    /**
     * The control facade's one-time bootstrap: {@code CREATE TABLE ... ON CLUSTER ... ENGINE =
     * KeeperMap(...)} creates one table per member over one shared Keeper store. The entry is bound
     * through the adapter's lookup, as the facade reconciler binds it: 24.8 stores the CREATE with
     * the initiator's {@code UUID '...'} clause before {@code ON CLUSTER} (ClickHouse test 01175),
     * which the statement parser skips. The simulator's counterpart is {@code SampleDriver}'s
     * bootstrap.
     */
    @Test
    void facadeBootstrapOnClusterCreatesOneSharedKeeperMapTablePerMember() {
        TableRef control = new TableRef(database.control(), "control");
        SetupDdl.ControlBootstrap bootstrap =
                new SetupDdl.ControlBootstrap(clusterName(), control, database.keeperMapPath("control"), false);
        String token = DdlQueue.token(DdlAction.BOOTSTRAP);

        publisher.execute(bootstrap.render().sql(), DdlQueue.dispatchSettings(token, TASK_TIMEOUT_SECONDS));

        BoundEntry bound =
                queue.bind(bootstrap.expected(DdlCorrelationToken.parse(token).orElseThrow()));
        assertEquals(token, bound.correlationToken(), "bound by the token it was sent with");
        List<QueueRow> rows = queue.hostRows(bound);
        assertEquals(cluster.members().size(), rows.size(), "one queue row per member");
        for (QueueRow row : rows) {
            assertTrue(row.query().startsWith("CREATE TABLE "), "the stored statement is the CREATE");
            assertTrue(row.query().contains(" UUID '"), "stored with the initiator's UUID clause (01175)");
        }
        EntryAggregation aggregation = queue.aggregate(bound);
        assertTrue(aggregation.exactHostSet());
        assertEquals(QueueStatus.TERMINAL_SUCCESS, aggregation.outcome());

        String tables = null;
        for (ClusterMember member : cluster.members()) {
            String seen = member.client(cluster.admin())
                    .query("SELECT engine, toString(uuid) FROM system.tables" + " WHERE database = '"
                            + database.control() + "' AND name = 'control'");
            assertTrue(seen.startsWith("KeeperMap\t"), member.replicaName() + " has the control table");
            if (tables != null) {
                assertEquals(tables, seen, "one table identity (the initiator's UUID) on every member");
            }
            tables = seen;
        }
        Map<String, String> strict = Map.of("keeper_map_strict_mode", "1");
        cluster.member(0)
                .client(cluster.publisher())
                .execute("INSERT INTO " + control.render() + " (target_key, phase) VALUES ('k', 'PREPARED')", strict);
        assertEquals(
                "PREPARED",
                cluster.member(1)
                        .client(cluster.publisher())
                        .query("SELECT phase FROM " + control.render() + " WHERE target_key = 'k'"),
                "one shared store");
    }

    private void stageOnEveryMember(TableRef target, int targetRows, TableRef candidate, int candidateRows) {
        for (ClusterMember member : cluster.members()) {
            MemberClient admin = member.client(cluster.admin());
            admin.execute("CREATE TABLE " + target.render() + " (id UInt64) ENGINE = MergeTree ORDER BY id");
            admin.execute("CREATE TABLE " + candidate.render() + " (id UInt64) ENGINE = MergeTree ORDER BY id");
            admin.execute("INSERT INTO " + target.render() + " SELECT number FROM numbers(" + targetRows + ")");
            admin.execute("INSERT INTO " + candidate.render() + " SELECT number FROM numbers(" + candidateRows + ")");
        }
    }

    private void assertSwappedOn(List<ClusterMember> members, TableRef target, TableRef candidate) {
        for (ClusterMember member : members) {
            MemberClient admin = member.client(cluster.admin());
            assertEquals(
                    "2\t1",
                    admin.query("SELECT (SELECT count() FROM " + target.render() + "), (SELECT count() FROM "
                            + candidate.render() + ")"),
                    member.replicaName() + " swapped target and candidate exactly once");
        }
    }

    private SqlStatement exchange(TableRef target, TableRef candidate) {
        return DdlStatements.exchange(clusterName(), target, candidate);
    }

    private ExpectedDdl expectedExchange(TableRef target, TableRef candidate, String token) {
        return new ExpectedDdl(
                DdlStatementType.EXCHANGE_TABLES,
                clusterName(),
                target.database(),
                Optional.of(target.table()),
                Optional.of(candidate.table()),
                token);
    }

    private String clusterName() {
        return cluster.spec().clusterName();
    }
}
