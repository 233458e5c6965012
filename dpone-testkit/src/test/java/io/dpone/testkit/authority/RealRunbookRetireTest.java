package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.ErrorSummary;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.clickhouse.local.LocalProcessCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The operator runbook's procedure "A DISPATCHING record without a queue entry"
 * (docs/runbook/operator-recovery.md), run as written on the local real ClickHouse (libchdb 26.7
 * members, in-JVM ZooKeeper). The statements are read from the runbook itself ({@link RunbookSql}),
 * so the text an operator copies is the text under test. A record is driven by the production
 * {@code KeeperMapAuthority} and codec: PREPARED (v0), DISPATCHING with a publication token (v1),
 * then DISPATCHING again recording an error summary (v2), as a rerun that ends unknown would.
 *
 * <p>Proved here: step 2's reads return the record's own token, candidate table, desired UUID and
 * update time; step 5 moves the candidate away, shows its UUID under the new name and drops it, after
 * which the publication's {@code EXCHANGE} fails on that member with UNKNOWN_TABLE and changes
 * nothing (issue 18, finding 2: a late statement of a stalled worker); step 6's retire statement
 * changes nothing with a stale {@code _version}, the wrong
 * phase or the wrong operation id, is refused to the publication principal, and with the exact
 * version removes the row at once (seen from the other member, no {@code mutations_sync}) so a new
 * operation's strict create through the production authority succeeds. Step 6's
 * {@code keeper_map_strict_mode = 1} is shown to matter: a CAS landing between the DELETE's read
 * and its remove makes the strict statement fail, and the same statement without strict mode
 * deletes the newer record.
 *
 * <p>Not proved here: step 3's Keeper lookup. libchdb does not attach {@code system.zookeeper}
 * and runs no distributed-DDL worker, so no queue entry can exist locally and the query cannot be
 * answered (it is refused with UNKNOWN_TABLE, asserted so a libchdb that attaches it is noticed);
 * the test only proves that the statement parses as the server reads it and that the configured
 * {@code <distributed_ddl><path>} it names (read from the rendered node config) holds no node
 * carrying the token, read from the embedded ZooKeeper (locally nothing can enqueue there): the
 * zero-row answer, not made by the query. That an entry's node text carries the
 * token is argued from the sources only: for entry format version 2 and later
 * {@code DDLLogEntry::setSettingsIfRequired} stores the initiator's changed settings (among them
 * {@code log_comment}) and {@code DDLLogEntry::toString} writes them as a {@code settings:} line
 * ({@code src/Interpreters/DDLTask.cpp}, a 24.3-24.9-era copy, VicoWu/ClickHouse@3de1986d).
 */
@ClickHouseCluster(members = 2)
class RealRunbookRetireTest {
    private static final String SECTION = "A DISPATCHING record without a queue entry";
    private static final RunbookSql RUNBOOK = RunbookSql.section(SECTION);
    private static final String READ = RUNBOOK.block("SELECT _version");
    private static final String KEEPER_LOOKUP = RUNBOOK.block("SELECT name FROM system.zookeeper");
    private static final String RETIRE = RUNBOOK.block("ALTER TABLE");
    private static final String MOVE_AWAY = RUNBOOK.block("RENAME TABLE");
    private static final String NAMES = RUNBOOK.block("SELECT name, uuid");
    private static final String DROP = RUNBOOK.block("DROP TABLE");

    /** A record at v2 in DISPATCHING, reached through the production authority. */
    private record Stuck(AuthorityRecord record, long version) {
        String token() {
            return record.payload().publication().token().value();
        }
    }

    @Test
    void stepTwoReadsReturnTheTokenCandidateAndDesiredUuidTheRecordHolds(
            RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        Stuck stuck = stuck(table);

        List<String> columns =
                List.of(table.admin(1).query(read(table, stuck.record())).split("\t", -1));

        AuthorityPayload payload = stuck.record().payload();
        assertEquals(
                List.of(
                        Long.toString(stuck.version()),
                        stuck.record().operationId().hex(),
                        "DISPATCHING",
                        stuck.token(),
                        payload.candidateTable(),
                        payload.desired().tableUuid().toString(),
                        payload.updatedAt().toString()),
                columns);
        assertNotEquals(payload.predecessor().tableUuid().toString(), columns.get(5), "desired, not the predecessor");
    }

    @Test
    void stepSixRetiresOnlyTheExactVersionAndTheSlotCanBeCreatedAgain(RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        Stuck stuck = stuck(table);
        AuthorityRecord record = stuck.record();
        String targetKey = record.targetKey().hex();
        String before = table.rawRow(1, targetKey);

        table.admin(0)
                .execute(retire(table, targetKey, record.operationId().hex(), stuck.version() - 1, "DISPATCHING"));
        assertEquals(before, table.rawRow(1, targetKey), "a stale _version (before the last CAS) deletes nothing");
        table.admin(0).execute(retire(table, targetKey, record.operationId().hex(), stuck.version(), "PREPARED"));
        assertEquals(before, table.rawRow(1, targetKey), "the wrong phase deletes nothing");
        table.admin(0)
                .execute(retire(
                        table,
                        targetKey,
                        AuthorityRecords.digest("another operation").hex(),
                        stuck.version(),
                        "DISPATCHING"));
        assertEquals(before, table.rawRow(1, targetKey), "the wrong operation id deletes nothing");
        QueryFailedException refused = assertThrows(
                QueryFailedException.class,
                () -> table.cluster
                        .member(0)
                        .client(cluster.publisher())
                        .execute(retire(table, targetKey, record.operationId().hex(), stuck.version(), "DISPATCHING")));
        assertEquals("ACCESS_DENIED", refused.serverCodeName(), "the publication principal cannot delete a record");
        assertEquals(before, table.rawRow(1, targetKey));
        assertTrue(before.contains("\t" + stuck.version()), "the row is still at v" + stuck.version());

        table.admin(0).execute(retire(table, targetKey, record.operationId().hex(), stuck.version(), "DISPATCHING"));

        assertEquals("", table.rawRow(1, targetKey), "gone at once, seen from the other member");
        assertEquals("", table.admin(1).query(read(table, record)), "step 6's re-read finds no row");
        AuthorityRecord fresh = AuthorityRecords.prepared();
        AuthorityRecord newOperation = new AuthorityRecord(
                record.targetKey(),
                fresh.operationId(),
                fresh.fenceToken(),
                AuthorityPhase.PREPARED,
                0,
                fresh.payload());
        try (ControlTable.Adapter worker = table.publisherAdapter(Protocol.HTTP, 1)) {
            assertInstanceOf(SlotRead.Absent.class, worker.authority.readVersioned(record.targetKey()));
            SlotWrite.Verified<AuthorityRecord> created = assertInstanceOf(
                    SlotWrite.Verified.class,
                    worker.authority.createIfAbsent(newOperation),
                    "a new operation's strict create takes the slot");
            assertEquals(0, created.verified().keeperVersion());
            assertEquals(newOperation, created.verified().record());
        }
    }

    @Test
    void stepFiveMovesTheCandidateAwayShowsItsUuidDropsItAndALateExchangeThenFailsOnAMissingTable(
            RunningCluster cluster, TestDatabase database) {
        String db = database.target();
        String target = "events";
        String candidate = "events__dpone_0123456789abcdef_0badcafe";
        Map<String, String> moved = Map.of("<db>", db, "<candidate_table>", candidate);
        Map<String, String> read = Map.of("<db>", db, "<target>", target, "<candidate_table>", candidate);
        for (int member = 0; member < cluster.members().size(); member++) {
            MemberClient admin = cluster.member(member).client(cluster.admin());
            for (String table : List.of(target, candidate)) {
                admin.execute("CREATE TABLE " + db + "." + table + " (id UInt64) ENGINE = MergeTree ORDER BY id");
            }
            String predecessor = uuid(admin, db, target);
            String desired = uuid(admin, db, candidate);

            admin.execute(RunbookSql.fill(MOVE_AWAY, moved));
            Map<String, String> names = names(admin.query(RunbookSql.fill(NAMES, read)));
            assertEquals(
                    Map.of(target, predecessor, candidate + "_retired", desired),
                    names,
                    "the desired UUID under the new name, the candidate name absent, the target untouched");
            admin.execute(RunbookSql.fill(DROP, moved));

            assertEquals(Map.of(target, predecessor), names(admin.query(RunbookSql.fill(NAMES, read))));
            QueryFailedException late = assertThrows(
                    QueryFailedException.class,
                    () -> admin.execute("EXCHANGE TABLES " + db + "." + target + " AND " + db + "." + candidate));
            assertEquals("UNKNOWN_TABLE", late.serverCodeName(), "a late EXCHANGE finds no candidate");
            assertEquals(predecessor, uuid(admin, db, target), "and changes nothing on member " + member);
        }
    }

    private static String uuid(MemberClient admin, String db, String table) {
        return admin.query("SELECT uuid FROM system.tables WHERE database = '" + db + "' AND name = '" + table + "'");
    }

    private static Map<String, String> names(String rows) {
        Map<String, String> names = new LinkedHashMap<>();
        rows.lines()
                .filter(line -> !line.isBlank())
                .map(line -> line.split("\t", -1))
                .forEach(columns -> names.put(columns[0], columns[1]));
        return names;
    }

    /**
     * Why step 6 carries {@code keeper_map_strict_mode = 1}: a KeeperMap DELETE first reads the
     * matching rows with their versions, then removes their nodes. The statement is held between the
     * two by a test-only {@code sleep} in its filter while the production authority CASes the record
     * from v2 to v3. In strict mode the remove carries the version read (v2), the server refuses it
     * and v3 survives; with strict mode off the same statement deletes the v3 record it never matched.
     */
    @Test
    void strictModeMakesARetireRacingACasFailInsteadOfDeletingTheNewerVersion(
            RunningCluster cluster, TestDatabase database) throws Exception {
        ControlTable table = ControlTable.create(cluster, database);

        Stuck strict = stuck(table);
        Throwable refused = retireWhileACasLands(table, strict, true);
        QueryFailedException keeper = assertInstanceOf(QueryFailedException.class, refused, "strict mode refuses");
        assertEquals("KEEPER_EXCEPTION", keeper.serverCodeName());
        assertTrue(
                keeper.serverMessage().toLowerCase(Locale.ROOT).contains("bad version"),
                "the remove carried the version read: ZBADVERSION");
        try (ControlTable.Adapter reader = table.publisherAdapter(Protocol.HTTP, 1)) {
            assertEquals(
                    strict.version() + 1,
                    RealAuthorityRaceTest.valid(reader.authority.readVersioned(
                                    strict.record().targetKey()))
                            .keeperVersion(),
                    "the newer version survives");
        }

        Stuck lax = stuck(table);
        assertNull(retireWhileACasLands(table, lax, false), "without strict mode the statement succeeds");
        assertEquals(
                "",
                table.rawRow(1, lax.record().targetKey().hex()),
                "and removed the newer version its _version predicate never matched");
    }

    @Test
    void stepThreeParsesAndTheConfiguredQueuePathHoldsNoNodeWithTheToken(RunningCluster cluster, TestDatabase database)
            throws Exception {
        LocalProcessCluster local = assertInstanceOf(
                LocalProcessCluster.class,
                cluster,
                "the rendered config and the embedded ZooKeeper are read on the local backend");
        ControlTable table = ControlTable.create(cluster, database);
        Stuck stuck = stuck(table);
        String queuePath =
                distributedDdlPath(local.workDirectory().resolve("node-1").resolve("config.xml"));
        String lookup =
                RunbookSql.fill(KEEPER_LOOKUP, Map.of("<distributed_ddl.path>", queuePath, "<token>", stuck.token()));

        String ast = table.admin(0).query("EXPLAIN AST " + lookup, Map.of("default_format", "TabSeparatedRaw"));
        assertTrue(ast.contains("TableIdentifier system.zookeeper"), ast);
        assertTrue(ast.contains("Literal '" + queuePath + "'"), ast);
        assertTrue(ast.contains("Literal '%" + stuck.token() + "%'"), ast);
        QueryFailedException notAttached =
                assertThrows(QueryFailedException.class, () -> table.admin(0).query(lookup));
        assertEquals("UNKNOWN_TABLE", notAttached.serverCodeName(), "libchdb does not attach system.zookeeper");
        for (String child : local.coordinationChildren(queuePath)) {
            assertFalse(
                    local.coordinationData(queuePath + "/" + child).orElse("").contains(stuck.token()), child);
        }
    }

    /**
     * Runs step 6's statement for {@code stuck}'s version, held after its read by a test-only
     * sleep, and CASes the record to the next version meanwhile; the statement's failure or null.
     */
    private static Throwable retireWhileACasLands(ControlTable table, Stuck stuck, boolean strictMode)
            throws Exception {
        AuthorityRecord record = stuck.record();
        String sql =
                retire(table, record.targetKey().hex(), record.operationId().hex(), stuck.version(), "DISPATCHING");
        String strictSetting = "SETTINGS keeper_map_strict_mode = 1";
        assertTrue(sql.endsWith(strictSetting), sql);
        // 8 s, far above a CAS under CI load; the server caps one block's sleep at 3 s unless told otherwise
        String held = sql.substring(0, sql.length() - strictSetting.length()) + "AND sleepEachRow(8) = 0\n"
                + (strictMode ? strictSetting : "SETTINGS keeper_map_strict_mode = 0")
                + ", function_sleep_max_microseconds_per_block = 10000000";
        String queryId = "runbook-retire-" + UUID.randomUUID();
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (ControlTable.Adapter worker = table.publisherAdapter(Protocol.HTTP, 1)) {
            Future<?> retire = executor.submit(() -> table.admin(0).execute(held, Map.of("query_id", queryId)));
            awaitRunning(table, queryId);
            SlotVersion<AuthorityRecord> current =
                    RealAuthorityRaceTest.valid(worker.authority.readVersioned(record.targetKey()));
            assertEquals(stuck.version(), current.keeperVersion(), "the CAS lands after the statement's read");
            assertInstanceOf(
                    SlotWrite.Verified.class, worker.authority.compareAndSwap(current, laterUnknown(current.record())));
            try {
                retire.get(30, TimeUnit.SECONDS);
                return null;
            } catch (ExecutionException failed) {
                return failed.getCause();
            }
        } finally {
            executor.shutdownNow();
        }
    }

    /**
     * Synchronisation, not a timing assertion: waits until the held statement is running, then a
     * little longer so its one-key read (milliseconds) is done well inside its 8 s sleep.
     */
    private static void awaitRunning(ControlTable table, String queryId) throws InterruptedException {
        for (int attempt = 0; attempt < 100; attempt++) {
            if (table.admin(0)
                    .query("SELECT count() FROM system.processes WHERE query_id = '" + queryId + "'")
                    .equals("1")) {
                Thread.sleep(500);
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the held retire statement never appeared in system.processes");
    }

    /** The same DISPATCHING record, one minute later, recording a reconciliation that ended unknown. */
    private static AuthorityRecord laterUnknown(AuthorityRecord current) {
        AuthorityPayload p = current.payload();
        return new AuthorityRecord(
                current.targetKey(),
                current.operationId(),
                current.fenceToken(),
                AuthorityPhase.DISPATCHING,
                current.dispatchEpoch(),
                new AuthorityPayload(
                        p.planDigest(),
                        p.inventoryDigest(),
                        p.predecessor(),
                        p.desired(),
                        p.candidateTable(),
                        p.stagedRowCount(),
                        p.publication(),
                        p.cleanup(),
                        p.createdAt(),
                        p.updatedAt().plusSeconds(60),
                        new ErrorSummary(
                                DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                                "no single queue entry carries the token")));
    }

    /** PREPARED v0 -> DISPATCHING v1 (token) -> DISPATCHING v2 (error summary), each CAS verified. */
    private static Stuck stuck(ControlTable table) {
        AuthorityRecord prepared = AuthorityRecords.prepared();
        try (ControlTable.Adapter worker = table.publisherAdapter(Protocol.HTTP, 0)) {
            SlotVersion<AuthorityRecord> v0 = assertInstanceOf(
                            SlotWrite.Verified.class, worker.authority.createIfAbsent(prepared))
                    .verified();
            AuthorityRecord dispatching = AuthorityRecords.dispatching(prepared);
            SlotVersion<AuthorityRecord> v1 = assertInstanceOf(
                            SlotWrite.Verified.class, worker.authority.compareAndSwap(v0, dispatching))
                    .verified();
            AuthorityRecord unknown = laterUnknown(dispatching);
            SlotVersion<AuthorityRecord> v2 = assertInstanceOf(
                            SlotWrite.Verified.class, worker.authority.compareAndSwap(v1, unknown))
                    .verified();
            assertEquals(2, v2.keeperVersion());
            return new Stuck(v2.record(), v2.keeperVersion());
        }
    }

    private static String read(ControlTable table, AuthorityRecord record) {
        return RunbookSql.fill(
                READ,
                Map.of(
                        "<control database>.<control table>",
                        table.ref.render(),
                        "<target key>",
                        record.targetKey().hex()));
    }

    private static String retire(ControlTable table, String targetKey, String operationId, long version, String phase) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("<control database>.<control table>", table.ref.render());
        values.put("<target key>", targetKey);
        values.put("<operation id>", operationId);
        values.put("<the _version you read in step 2>", Long.toString(version));
        String sql = RunbookSql.fill(RETIRE, values);
        String asWritten = "phase = 'DISPATCHING'";
        assertTrue(sql.contains(asWritten), "the runbook retires DISPATCHING records only");
        return sql.replace(asWritten, "phase = '" + phase + "'");
    }

    /** {@code <distributed_ddl><path>} of the config the harness rendered for a member. */
    private static String distributedDdlPath(Path config) throws Exception {
        Document document =
                DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(config.toFile());
        String path = XPathFactory.newInstance()
                .newXPath()
                .evaluate("/clickhouse/distributed_ddl/path", document)
                .strip();
        assertTrue(path.startsWith("/"), "configured distributed_ddl path: " + path);
        return path;
    }
}
