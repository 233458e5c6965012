package io.dpone.clickhouse.external.authority;

import static io.dpone.clickhouse.external.authority.Records.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * The record's {@code cleanup_lost} (issue 24, one lost-drop rule), a compatible addition to the
 * v1 external payload like {@code tried_uuids}: present, as {@code true}, exactly when the
 * CLEANUP_DISPATCHING drop is marked lost; a record without the mark is byte-identical to the
 * original v1 form. Fuzzed (pure, offline): every cleanup record round-trips and names the mark
 * exactly when it has it; every damaged form blocks and never throws.
 */
class CleanupLostCodecFuzzTest {
    private static final String KEY = "\"cleanup_lost\":true";

    private static ExternalRecord cleanup(long epoch, boolean lost) {
        ExternalRecord committed = committed(true, bound(token(DdlAction.EXCHANGE, 1), QueueStatus.TERMINAL_SUCCESS));
        ExternalPayload p = committed.payload();
        DdlBinding drop = token(DdlAction.DROP, epoch);
        return record(
                ExternalPhase.CLEANUP_DISPATCHING,
                epoch,
                new ExternalPayload(
                        p.planDigest(),
                        p.inventoryDigest(),
                        p.candidateTable(),
                        p.artifact(),
                        p.targetDefinition(),
                        p.candidateDefinition(),
                        p.members(),
                        p.publication(),
                        drop,
                        p.capabilityInventoryDigest(),
                        null,
                        p.createdAt(),
                        p.updatedAt().plusSeconds(epoch),
                        p.phases(),
                        lost));
    }

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

    @Property
    void everyCleanupRecordRoundTripsAndNamesTheMarkExactlyWhenItHasIt(
            @ForAll @LongRange(min = 2, max = 1_000) long epoch, @ForAll boolean lost) {
        ExternalRecord record = cleanup(epoch, lost);
        AuthorityRow row = ExternalCodecV1.encode(record);

        assertEquals(new DecodeResult.Valid<>(record), ExternalCodecV1.decode(row));
        assertEquals(lost, row.payload().contains(KEY), "omitted unless the drop is marked lost");
        assertEquals(lost, row.payload().contains("cleanup_lost"));
    }

    @Property
    void anyDamageToTheMarkBlocksAndNeverThrows(
            @ForAll @LongRange(min = 2, max = 1_000) long epoch, @ForAll @IntRange(min = 0, max = 4) int damage) {
        AuthorityRow row = ExternalCodecV1.encode(cleanup(epoch, true));
        String damaged = switch (damage) {
            case 0 -> "\"cleanup_lost\":false"; // not canonical: absent means not lost
            case 1 -> "\"cleanup_lost\":\"true\""; // not a boolean
            case 2 -> "\"cleanup_lost\":1";
            case 3 -> "\"cleanup_lost\":null";
            default -> "\"cleanup_lot\":true"; // an unknown key
        };
        AuthorityRow tampered = resigned(row, row.payload().replace(KEY, damaged));

        assertInstanceOf(DecodeResult.Blocked.class, ExternalCodecV1.decode(tampered), damaged);
    }

    /** Only an unbound drop can be lost: a bound one carrying the mark is refused, built or decoded. */
    @Property
    void aBoundDropCannotCarryTheMark(@ForAll @LongRange(min = 2, max = 1_000) long epoch, @ForAll boolean receipt) {
        ExternalRecord unbound = cleanup(epoch, false);
        ExternalPayload p = unbound.payload();
        DdlBinding bound = bound(p.cleanup(), receipt ? QueueStatus.TERMINAL_SUCCESS : null);
        assertThrows(
                IllegalArgumentException.class,
                () -> new ExternalPayload(
                        p.planDigest(),
                        p.inventoryDigest(),
                        p.candidateTable(),
                        p.artifact(),
                        p.targetDefinition(),
                        p.candidateDefinition(),
                        p.members(),
                        p.publication(),
                        bound,
                        p.capabilityInventoryDigest(),
                        null,
                        p.createdAt(),
                        p.updatedAt(),
                        p.phases(),
                        true));
        AuthorityRow row = ExternalCodecV1.encode(record(
                ExternalPhase.CLEANUP_DISPATCHING,
                epoch,
                new ExternalPayload(
                        p.planDigest(),
                        p.inventoryDigest(),
                        p.candidateTable(),
                        p.artifact(),
                        p.targetDefinition(),
                        p.candidateDefinition(),
                        p.members(),
                        p.publication(),
                        bound,
                        p.capabilityInventoryDigest(),
                        null,
                        p.createdAt(),
                        p.updatedAt())));
        String marked = row.payload().replace("\"created_at\"", KEY + ",\"created_at\"");
        assertTrue(marked.contains(KEY));

        assertInstanceOf(DecodeResult.Blocked.class, ExternalCodecV1.decode(resigned(row, marked)));
    }
}
