package io.dpone.clickhouse.external.authority;

import static io.dpone.clickhouse.external.authority.Records.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.BlockReason;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.spi.error.DponeErrorCode;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The external codec's strictness, one case each (the testkit's property suite covers every phase
 * at random): a canonical row decodes; another schema version, a changed digest, a foreign key, a
 * re-ordered key, a column/payload disagreement and an oversized payload all block.
 */
class ExternalCodecV1Test {
    private static final ExternalRecord STAGED = staged(true);

    private static AuthorityRow resigned(AuthorityRow row, String payload) {
        return new AuthorityRow(
                row.targetKey(),
                row.operationId(),
                row.fenceToken(),
                row.phase(),
                row.dispatchEpoch(),
                payload,
                CanonicalEncoder.sha256(CanonicalEncoder.strictUtf8(payload)).hex());
    }

    private static BlockReason blocked(AuthorityRow row) {
        return assertInstanceOf(DecodeResult.Blocked.class, ExternalCodecV1.decode(row))
                .reason();
    }

    @Test
    void aCanonicalRowOfEveryBuiltPhaseDecodesToItsRecord() {
        DdlBindingFixtures fixtures = new DdlBindingFixtures();
        for (ExternalRecord record : List.of(
                locked(0),
                staging(false, pending(false), 1),
                STAGED,
                dispatching(true, fixtures.publication),
                committed(true, fixtures.publication))) {
            AuthorityRow row = ExternalCodecV1.encode(record);
            assertEquals(
                    new DecodeResult.Valid<>(record),
                    ExternalCodecV1.decode(row),
                    record.phase().name());
            assertTrue(row.payload().startsWith("{\"abort_code\":"), "keys are sorted");
            assertTrue(row.payload().contains("\"schema\":\"" + ExternalCodecV1.SCHEMA + "\""));
            assertTrue(row.payload().contains("\"replication_mode\":\"external\""));
        }
    }

    @Test
    void anotherVersionOfTheSchemaIsUnknownNotMalformed() {
        AuthorityRow row = ExternalCodecV1.encode(STAGED);
        AuthorityRow v2 = resigned(
                row,
                row.payload().replace(ExternalCodecV1.SCHEMA, "dpone.clickhouse.cluster-external-full-refresh.v2"));
        assertEquals(BlockReason.UNKNOWN_VERSION, blocked(v2));
        assertTrue(ExternalCodecV1.claims(v2), "the external codec judges any version of its schema");
    }

    @Test
    void tamperingBlocks() {
        AuthorityRow row = ExternalCodecV1.encode(STAGED);
        assertEquals(
                BlockReason.DIGEST_MISMATCH,
                blocked(new AuthorityRow(
                        row.targetKey(),
                        row.operationId(),
                        row.fenceToken(),
                        row.phase(),
                        row.dispatchEpoch(),
                        row.payload().replace("\"byte_size\":100", "\"byte_size\":101"),
                        row.payloadSha256())));
        assertEquals(
                BlockReason.MALFORMED,
                blocked(resigned(
                        row, row.payload().replace("\"abort_code\":null,", "\"abort_code\":null,\"extra\":1,"))));
        assertEquals(
                BlockReason.INCONSISTENT,
                blocked(new AuthorityRow(
                        row.targetKey(),
                        row.operationId(),
                        row.fenceToken(),
                        row.phase(),
                        BigInteger.ONE,
                        row.payload(),
                        row.payloadSha256())));
        assertEquals(
                BlockReason.MALFORMED,
                blocked(new AuthorityRow(
                        row.targetKey(),
                        row.operationId(),
                        row.fenceToken(),
                        "PREPARED",
                        row.dispatchEpoch(),
                        row.payload(),
                        row.payloadSha256())));
        assertEquals(
                BlockReason.NON_CANONICAL,
                blocked(resigned(row, row.payload().replace("{\"abort_code\":null,", "{\"abort_code\":null, "))));
        assertEquals(
                BlockReason.MALFORMED,
                blocked(resigned(row, row.payload().replace("\"stage\":\"READY\"", "\"stage\":\"FINE\""))));
        assertEquals(
                BlockReason.INCONSISTENT,
                blocked(resigned(row, row.payload().replace("\"replica\":2", "\"replica\":3"))),
                "the member id is H(shard, replica)");
        assertEquals(BlockReason.OVERSIZED, blocked(resigned(row, " ".repeat(ExternalCodecV1.MAX_PAYLOAD_BYTES + 1))));
        assertEquals(BlockReason.MALFORMED, blocked(new AuthorityRow(null, null, null, null, null, null, null)));
    }

    @Test
    void anInternalRowIsNotClaimedAndAnAbortedRecordNeedsItsCode() {
        assertTrue(!ExternalCodecV1.claims(AuthorityCodecV1.INSTANCE.encode(InternalFixture.prepared())));
        assertThrows(
                IllegalArgumentException.class,
                () -> record(ExternalPhase.ABORTED, 0, payload(null, null, null, List.of(), null, null, null, T0)));
        ExternalRecord aborted = record(
                ExternalPhase.ABORTED,
                0,
                payload(null, null, null, List.of(), null, null, DponeErrorCode.SOURCE_MALFORMED, T0));
        assertEquals(new DecodeResult.Valid<>(aborted), ExternalCodecV1.decode(ExternalCodecV1.encode(aborted)));
    }

    /** The publication binding the phases after STAGED share. */
    private static final class DdlBindingFixtures {
        final io.dpone.clickhouse.cluster.contract.authority.DdlBinding publication = token(DdlAction.EXCHANGE, 1);
    }
}
