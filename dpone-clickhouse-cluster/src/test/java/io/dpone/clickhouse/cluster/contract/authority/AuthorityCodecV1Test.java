package io.dpone.clickhouse.cluster.contract.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import io.dpone.clickhouse.cluster.contract.authority.DecodeResult.Blocked;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult.Valid;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.spi.error.DponeErrorCode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class AuthorityCodecV1Test {
    private static final AuthorityCodec CODEC = AuthorityCodecV1.INSTANCE;

    @ParameterizedTest
    @EnumSource(AuthorityPhase.class)
    void roundTripsEveryPhase(AuthorityPhase phase) {
        AuthorityRecord record = record(phase);
        AuthorityRow row = CODEC.encode(record);
        assertEquals(new Valid<>(record), CODEC.decode(row));
        assertEquals(phase.name(), row.phase());
        assertEquals(
                CanonicalEncoder.sha256(row.payload().getBytes(StandardCharsets.UTF_8))
                        .hex(),
                row.payloadSha256());
    }

    @Test
    void payloadIsCanonicalJsonWithSortedKeysAndNoWhitespace() {
        String payload = CODEC.encode(record(AuthorityPhase.PREPARED)).payload();
        assertTrue(
                payload.startsWith(
                        "{\"candidate_table\":\"t__candidate\",\"cleanup\":null,\"created_at\":\"2026-09-17T10:00:00Z\","),
                payload);
        assertTrue(payload.contains("\"schema_version\":1,"));
        assertFalse(payload.contains("\": ") || payload.contains(", \"") || payload.contains("\n"));
    }

    @Test
    void errorSummaryRoundTrips() {
        AuthorityRecord base = record(AuthorityPhase.DISPATCHING);
        AuthorityPayload p = base.payload();
        AuthorityPayload withError = new AuthorityPayload(
                p.planDigest(),
                p.inventoryDigest(),
                p.predecessor(),
                p.desired(),
                p.candidateTable(),
                p.stagedRowCount(),
                p.publication(),
                p.cleanup(),
                p.createdAt(),
                p.updatedAt(),
                new ErrorSummary(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, "entry not visible \"yet\" \u00e9"));
        AuthorityRecord record = new AuthorityRecord(
                base.targetKey(), base.operationId(), base.fenceToken(), base.phase(), base.dispatchEpoch(), withError);
        assertEquals(new Valid<>(record), CODEC.decode(CODEC.encode(record)));
    }

    @Test
    void theCapabilityProofIsAnOptionalKeyWrittenOnlyWhenRecorded() {
        AuthorityRecord base = record(AuthorityPhase.PREPARED);
        AuthorityRow without = CODEC.encode(base);
        assertFalse(
                without.payload().contains("capability_inventory_digest"),
                "a record without a proof keeps its V1 bytes");
        AuthorityRecord proven = new AuthorityRecord(
                base.targetKey(),
                base.operationId(),
                base.fenceToken(),
                base.phase(),
                base.dispatchEpoch(),
                base.payload().withCapabilityProven());
        AuthorityRow with = CODEC.encode(proven);
        assertTrue(
                with.payload()
                        .startsWith("{\"candidate_table\":\"t__candidate\",\"capability_inventory_digest\":\""
                                + base.payload().inventoryDigest().hex() + "\",\"cleanup\":null,"),
                with.payload());
        assertEquals(new Valid<>(proven), CODEC.decode(with));
        assertEquals(new Valid<>(base), CODEC.decode(without));
    }

    @Test
    void aCapabilityProofIsStrictlyTypedAndOnlyForTheRecordsInventory() {
        AuthorityRow row = CODEC.encode(record(AuthorityPhase.PREPARED));
        String key = "\"capability_inventory_digest\":";
        String inventory =
                record(AuthorityPhase.PREPARED).payload().inventoryDigest().hex();
        assertBlocked(
                BlockReason.MALFORMED,
                withPayload(row, row.payload().replace("\"cleanup\":", key + "null,\"cleanup\":")));
        assertBlocked(
                BlockReason.MALFORMED,
                withPayload(row, row.payload().replace("\"cleanup\":", key + "\"abc\",\"cleanup\":")));
        assertBlocked(
                BlockReason.MALFORMED, withPayload(row, row.payload().replace("\"cleanup\":", key + "7,\"cleanup\":")));
        assertBlocked(
                BlockReason.INCONSISTENT,
                withPayload(
                        row,
                        row.payload()
                                .replace(
                                        "\"cleanup\":",
                                        key + "\"" + digest("other inventory").hex() + "\",\"cleanup\":")));
        assertBlocked(
                BlockReason.MALFORMED,
                withPayload(
                        row,
                        row.payload()
                                .replace("\"cleanup\":", "\"capability_proof\":\"" + inventory + "\",\"cleanup\":")),
                "unknown keys still block");
        assertThrows(
                IllegalArgumentException.class,
                () -> new AuthorityPayload(
                        digest("plan"),
                        digest("inventory"),
                        OLD,
                        NEW,
                        "t",
                        1,
                        null,
                        null,
                        T0,
                        T0,
                        null,
                        digest("elsewhere")));
    }

    @Test
    void nullColumnsAndGarbageAreMalformed() {
        assertBlocked(BlockReason.MALFORMED, null);
        assertBlocked(BlockReason.MALFORMED, new AuthorityRow(null, null, null, null, null, null, null));
        String garbage = "not json";
        assertBlocked(BlockReason.MALFORMED, withPayload(CODEC.encode(record(AuthorityPhase.PREPARED)), garbage));
    }

    @Test
    void digestMismatchBlocks() {
        AuthorityRow row = CODEC.encode(record(AuthorityPhase.PREPARED));
        AuthorityRow tampered = new AuthorityRow(
                row.targetKey(),
                row.operationId(),
                row.fenceToken(),
                row.phase(),
                row.dispatchEpoch(),
                row.payload().replace("\"staged_row_count\":42", "\"staged_row_count\":43"),
                row.payloadSha256());
        assertBlocked(BlockReason.DIGEST_MISMATCH, tampered);
    }

    @Test
    void unknownVersionBlocks() {
        AuthorityRow row = CODEC.encode(record(AuthorityPhase.PREPARED));
        assertBlocked(
                BlockReason.UNKNOWN_VERSION,
                withPayload(row, row.payload().replace("\"schema_version\":1", "\"schema_version\":2")));
        assertBlocked(BlockReason.UNKNOWN_VERSION, withPayload(row, "{\"schema_version\":7,\"anything\":true}"));
    }

    @Test
    void oversizedBlocksBeforeParsing() {
        AuthorityRow row = CODEC.encode(record(AuthorityPhase.PREPARED));
        String huge = row.payload().replace("t__candidate", "x".repeat(AuthorityCodecV1.MAX_PAYLOAD_BYTES));
        assertBlocked(BlockReason.OVERSIZED, withPayload(row, huge));
        String multiByte = "{\"a\":\"" + "\u00e9".repeat(AuthorityCodecV1.MAX_PAYLOAD_BYTES / 2) + "\"}";
        assertBlocked(BlockReason.OVERSIZED, withPayload(row, multiByte));
    }

    @Test
    void columnsThatDisagreeWithThePayloadAreInconsistent() {
        AuthorityRow row = CODEC.encode(record(AuthorityPhase.DISPATCHING));
        assertBlocked(
                BlockReason.INCONSISTENT,
                new AuthorityRow(
                        row.targetKey(),
                        row.operationId(),
                        row.fenceToken(),
                        "PREPARED",
                        row.dispatchEpoch(),
                        row.payload(),
                        row.payloadSha256()));
        assertBlocked(
                BlockReason.INCONSISTENT,
                new AuthorityRow(
                        row.targetKey(),
                        row.operationId(),
                        row.fenceToken(),
                        row.phase(),
                        BigInteger.TWO,
                        row.payload(),
                        row.payloadSha256()));
        assertBlocked(
                BlockReason.INCONSISTENT,
                new AuthorityRow(
                        digest("x").hex(),
                        row.operationId(),
                        row.fenceToken(),
                        row.phase(),
                        row.dispatchEpoch(),
                        row.payload(),
                        row.payloadSha256()));
    }

    @Test
    void nonCanonicalButEquivalentJsonBlocks() {
        AuthorityRow row = CODEC.encode(record(AuthorityPhase.PREPARED));
        assertBlocked(BlockReason.NON_CANONICAL, withPayload(row, row.payload().replace(",", ", ")));
        assertBlocked(
                BlockReason.NON_CANONICAL,
                withPayload(row, row.payload().replace("2026-09-17T10:00:00Z", "2026-09-17T10:00:00.000Z")));
    }

    @Test
    void duplicateKeysAndTrailingTokensAreMalformed() {
        AuthorityRow row = CODEC.encode(record(AuthorityPhase.PREPARED));
        assertBlocked(
                BlockReason.MALFORMED,
                withPayload(
                        row,
                        row.payload().replace("{\"candidate_table\"", "{\"phase\":\"PREPARED\",\"candidate_table\"")));
        assertBlocked(BlockReason.MALFORMED, withPayload(row, row.payload() + "{}"));
    }

    @Test
    void epochOutsideSigned64BitsIsMalformed() {
        AuthorityRow row = CODEC.encode(record(AuthorityPhase.PREPARED));
        assertBlocked(
                BlockReason.MALFORMED,
                new AuthorityRow(
                        row.targetKey(),
                        row.operationId(),
                        row.fenceToken(),
                        row.phase(),
                        BigInteger.ONE.shiftLeft(63),
                        row.payload(),
                        row.payloadSha256()));
    }

    @Test
    void everyBlockMapsToTheRecordInvalidFamily() {
        for (BlockReason reason : BlockReason.values()) {
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID, reason.code());
        }
    }

    /** Re-signs a replaced payload so the check under test is reached rather than the digest check. */
    private static AuthorityRow withPayload(AuthorityRow row, String payload) {
        String sha = CanonicalEncoder.sha256(payload.getBytes(StandardCharsets.UTF_8))
                .hex();
        return new AuthorityRow(
                row.targetKey(), row.operationId(), row.fenceToken(), row.phase(), row.dispatchEpoch(), payload, sha);
    }

    private static void assertBlocked(BlockReason expected, AuthorityRow row) {
        assertBlocked(expected, row, "");
    }

    private static void assertBlocked(BlockReason expected, AuthorityRow row, String why) {
        DecodeResult<AuthorityRecord> result = CODEC.decode(row);
        Blocked blocked = assertInstanceOf(Blocked.class, result, why);
        assertEquals(expected, blocked.reason(), blocked.detail());
        assertTrue(blocked.detail().length() <= Blocked.MAX_DETAIL_LENGTH);
        assertFalse(blocked.detail().contains("t__candidate"), "detail must not echo stored values");
    }
}
