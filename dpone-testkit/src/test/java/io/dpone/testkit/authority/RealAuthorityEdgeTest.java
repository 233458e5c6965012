package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.authority.SlotWrite.ConflictReason;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.BlockReason;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Stale predicates, strict create of an existing key, and stored rows the codec blocks, on the real
 * KeeperMap table as the restricted publication principal. The raw row is read back by the admin
 * principal to prove nothing the adapter refused was written.
 */
@ClickHouseCluster(members = 2)
class RealAuthorityEdgeTest {

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void thePublicationPrincipalRunsTheWholeAcquireAndGetsOnePermit(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRecord prepared = AuthorityRecords.prepared();
        try (ControlTable.Adapter worker = table.publisherAdapter(protocol, 1)) {
            assertInstanceOf(SlotRead.Absent.class, worker.authority.readVersioned(prepared.targetKey()));
            SlotWrite.Verified<AuthorityRecord> created =
                    assertInstanceOf(SlotWrite.Verified.class, worker.authority.createIfAbsent(prepared));
            assertTrue(created.dispatchPermit().isEmpty());
            SlotVersion<AuthorityRecord> seen =
                    RealAuthorityRaceTest.valid(worker.authority.readVersioned(prepared.targetKey()));
            AuthorityRecord dispatching = AuthorityRecords.dispatching(prepared);
            SlotWrite.Verified<AuthorityRecord> verified =
                    assertInstanceOf(SlotWrite.Verified.class, worker.authority.compareAndSwap(seen, dispatching));
            assertTrue(verified.dispatchPermit()
                    .orElseThrow()
                    .authorizes(
                            prepared.targetKey(),
                            dispatching.payload().publication().token()));
            assertEquals(1, verified.newKeeperVersion());
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void aCasFromAStaleReadIsAVerifiedConflictAndChangesNothing(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRecord prepared = AuthorityRecords.prepared();
        try (ControlTable.Adapter current = table.publisherAdapter(protocol, 0);
                ControlTable.Adapter stale = table.publisherAdapter(protocol, 1)) {
            current.authority.createIfAbsent(prepared);
            SlotVersion<AuthorityRecord> staleRead =
                    RealAuthorityRaceTest.valid(stale.authority.readVersioned(prepared.targetKey()));
            assertInstanceOf(
                    SlotWrite.Verified.class,
                    current.authority.compareAndSwap(staleRead, AuthorityRecords.dispatching(prepared)));
            String moved = table.rawRow(0, prepared.targetKey().hex());

            assertEquals(
                    new SlotWrite.Conflict<>(ConflictReason.ZERO_ROW_NO_OP),
                    stale.authority.compareAndSwap(staleRead, AuthorityRecords.dispatching(prepared)),
                    "the record moved one version between read and CAS");
            assertEquals(moved, table.rawRow(0, prepared.targetKey().hex()));

            SlotVersion<AuthorityRecord> afterDispatch =
                    RealAuthorityRaceTest.valid(current.authority.readVersioned(prepared.targetKey()));
            AuthorityRecord completedLater = AuthorityRecords.dispatching(prepared);
            assertEquals(1, afterDispatch.keeperVersion());
            table.admin(0)
                    .execute("ALTER TABLE " + table.ref.render() + " UPDATE dispatch_epoch = dispatch_epoch"
                            + " WHERE target_key = "
                            + SqlQuoting.string(prepared.targetKey().hex()));
            String touched = table.rawRow(0, prepared.targetKey().hex());
            assertEquals(
                    new SlotWrite.Conflict<>(ConflictReason.UNEXPECTED_VERSION_JUMP),
                    stale.authority.compareAndSwap(staleRead, completedLater),
                    "two versions behind: nothing applied");
            assertEquals(touched, table.rawRow(0, prepared.targetKey().hex()));
            assertEquals(2, RealAuthorityRaceTest.versionOf(stale.authority.readVersioned(prepared.targetKey())));
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void aStrictCreateOfAnExistingKeyConflicts(Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRecord first = AuthorityRecords.prepared();
        try (ControlTable.Adapter a = table.publisherAdapter(protocol, 0);
                ControlTable.Adapter b = table.publisherAdapter(protocol, 1)) {
            assertInstanceOf(SlotWrite.Verified.class, a.authority.createIfAbsent(first));
            String stored = table.rawRow(1, first.targetKey().hex());
            assertEquals(new SlotWrite.Conflict<>(ConflictReason.KEY_EXISTS), b.authority.createIfAbsent(first));
            assertEquals(stored, table.rawRow(1, first.targetKey().hex()));
        }
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void malformedForeignAndOversizedRowsBlockAndAreNeverOverwritten(
            Protocol protocol, RunningCluster cluster, TestDatabase database) {
        ControlTable table = ControlTable.create(cluster, database);
        AuthorityRow valid = AuthorityCodecV1.INSTANCE.encode(AuthorityRecords.prepared());
        String foreignPayload = valid.payload().replace("\"schema_version\":1", "\"schema_version\":2");
        assertBlocks(protocol, table, "not json at all", sha("not json at all"), BlockReason.MALFORMED);
        assertBlocks(protocol, table, valid.payload(), sha("another payload"), BlockReason.DIGEST_MISMATCH);
        assertBlocks(protocol, table, foreignPayload, sha(foreignPayload), BlockReason.UNKNOWN_VERSION);
        String oversized = "x".repeat(AuthorityCodecV1.MAX_PAYLOAD_BYTES + 1);
        assertBlocks(protocol, table, oversized, sha(oversized), BlockReason.OVERSIZED);
    }

    private static void assertBlocks(
            Protocol protocol, ControlTable table, String payload, String sha, BlockReason reason) {
        AuthorityRecord record = AuthorityRecords.prepared();
        String key = record.targetKey().hex();
        table.admin(0)
                .execute("INSERT INTO " + table.ref.render() + " SELECT " + SqlQuoting.string(key) + ", "
                        + SqlQuoting.string(record.operationId().hex()) + ", "
                        + SqlQuoting.string(record.fenceToken().hex())
                        + ", 'PREPARED', toUInt64(0), " + SqlQuoting.string(payload) + ", " + SqlQuoting.string(sha));
        String raw = table.rawRow(0, key);
        try (ControlTable.Adapter worker = table.publisherAdapter(protocol, 1)) {
            SlotRead.Present<AuthorityRecord> present =
                    assertInstanceOf(SlotRead.Present.class, worker.authority.readVersioned(record.targetKey()));
            assertEquals(
                    reason,
                    assertInstanceOf(DecodeResult.Blocked.class, present.decoded())
                            .reason());
            assertTrue(present.valid().isEmpty(), "a blocked record never becomes the expected side of a CAS");
            assertEquals(new SlotWrite.Conflict<>(ConflictReason.KEY_EXISTS), worker.authority.createIfAbsent(record));
        }
        assertEquals(raw, table.rawRow(0, key), "the blocked row is unchanged");
    }

    private static String sha(String text) {
        return CanonicalEncoder.sha256(text.getBytes(StandardCharsets.UTF_8)).hex();
    }
}
