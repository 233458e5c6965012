package io.dpone.clickhouse.cluster.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.TARGET_KEY;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.BlockReason;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** read_versioned: absent, valid, blocked, unreadable and wrongly shaped answers. */
class KeeperMapAuthorityReadTest {
    private static final AuthorityRecord PREPARED = record(AuthorityPhase.PREPARED);

    private static SlotRead<AuthorityRecord> read(FakeControlTable table) {
        return SqlControlStore.authority(new TableRef("dpone_c_x", "a"), table, table, p -> p + "-1")
                .readVersioned(TARGET_KEY);
    }

    @Test
    void absentValidAndBlockedRows() {
        assertInstanceOf(SlotRead.Absent.class, read(new FakeControlTable()));
        SlotRead.Present<AuthorityRecord> valid = assertInstanceOf(
                SlotRead.Present.class,
                read(new FakeControlTable().storing(new VersionedRow(AuthorityCodecV1.INSTANCE.encode(PREPARED), 3))));
        assertEquals(Optional.of(new SlotVersion<AuthorityRecord>(PREPARED, 3)), valid.valid());

        AuthorityRow good = AuthorityCodecV1.INSTANCE.encode(PREPARED);
        AuthorityRow tampered = new AuthorityRow(
                good.targetKey(),
                good.operationId(),
                good.fenceToken(),
                good.phase(),
                good.dispatchEpoch(),
                good.payload() + " ",
                good.payloadSha256());
        SlotRead.Present<AuthorityRecord> blocked = assertInstanceOf(
                SlotRead.Present.class, read(new FakeControlTable().storing(new VersionedRow(tampered, 3))));
        assertEquals(
                BlockReason.DIGEST_MISMATCH,
                assertInstanceOf(DecodeResult.Blocked.class, blocked.decoded()).reason());
        assertFalse(blocked.valid().isPresent(), "a blocked record is never the expected side of a CAS");

        AuthorityRow nulls = new AuthorityRow(good.targetKey(), null, null, null, null, null, null);
        SlotRead.Present<AuthorityRecord> foreign = assertInstanceOf(
                SlotRead.Present.class, read(new FakeControlTable().storing(new VersionedRow(nulls, 0))));
        assertEquals(
                BlockReason.MALFORMED,
                assertInstanceOf(DecodeResult.Blocked.class, foreign.decoded()).reason());
    }

    @Test
    void failedAndMisshapedReadsAreUnavailable() {
        FakeControlTable failing = new FakeControlTable()
                .readsAnswer(new ReadOutcome.Failed(new ReadOutcome.ReadFailure(
                        ReadOutcome.ReadFailure.Kind.NOT_SENT, Optional.empty(), "refused")));
        assertInstanceOf(SlotRead.Unavailable.class, read(failing));
        FakeControlTable wrongColumns = new FakeControlTable()
                .readsAnswer(new ReadOutcome.Rows(new ReadResult(List.of("x"), List.of(List.of("y")))));
        assertInstanceOf(SlotRead.Unavailable.class, read(wrongColumns));
        List<Object> cells = java.util.Arrays.asList("k", "o", "f", "PREPARED", 0L, "{}", "0".repeat(64), "seven");
        FakeControlTable badVersion = new FakeControlTable()
                .readsAnswer(new ReadOutcome.Rows(new ReadResult(FakeControlTable.COLUMNS, List.of(cells))));
        assertInstanceOf(SlotRead.Unavailable.class, read(badVersion));
        assertEquals(0, failing.mutations() + wrongColumns.mutations() + badVersion.mutations());
    }
}
