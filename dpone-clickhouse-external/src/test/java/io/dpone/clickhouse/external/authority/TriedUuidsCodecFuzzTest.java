package io.dpone.clickhouse.external.authority;

import static io.dpone.clickhouse.external.authority.Records.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The member's {@code tried_uuids} (issue 19, finding 3), a compatible addition to the v1 external
 * payload (docs/adr/0008): present exactly when a member has superseded attempts, a non-empty array
 * of canonical UUIDs; a record without any is byte-identical to the original v1 form. Fuzzed
 * (pure, offline): every record with up to the bound round-trips; every damaged form of the key
 * blocks and never throws; a tried UUID is never dropped by a same-operation transition.
 */
class TriedUuidsCodecFuzzTest {
    private static final String KEY = "\"tried_uuids\":";

    @Provide
    Arbitrary<List<UUID>> uuids() {
        return Arbitraries.randomValue(random -> new UUID(random.nextLong(), random.nextLong()))
                .list()
                .uniqueElements()
                .ofMaxSize(MemberRecord.MAX_CANDIDATE_ATTEMPTS);
    }

    /** Member 2 attempted once per UUID of {@code attempts} (the last is its current candidate). */
    private static ExternalRecord stagingWith(List<UUID> attempts) {
        MemberRecord second = MemberRecord.pending(1, 2, uuid(2));
        for (UUID attempt : attempts) {
            second = second.loading(attempt);
        }
        return staging(true, List.of(MemberRecord.pending(1, 1, uuid(1)), second), 1);
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
    void everyRecordUpToTheBoundRoundTripsAndNamesItsTriedUuidsExactlyWhenItHasSome(
            @ForAll("uuids") List<UUID> attempts) {
        ExternalRecord record = stagingWith(attempts);
        AuthorityRow row = ExternalCodecV1.encode(record);

        assertEquals(new DecodeResult.Valid<>(record), ExternalCodecV1.decode(row));
        MemberRecord decoded = ((DecodeResult.Valid<ExternalRecord>) ExternalCodecV1.decode(row))
                .record()
                .payload()
                .members()
                .get(1);
        assertEquals(attempts, decoded.ownedUuids(), "oldest first, the current one last");
        assertEquals(attempts.size() > 1, row.payload().contains(KEY), "omitted when no attempt was superseded");
    }

    @Property
    void anyDamageToTheTriedUuidsBlocksAndNeverThrows(
            @ForAll("uuids") List<UUID> attempts, @ForAll @IntRange(min = 0, max = 5) int damage) {
        List<UUID> enough = new ArrayList<>(attempts);
        while (enough.size() < 2) {
            enough.add(new UUID(7, enough.size()));
        }
        AuthorityRow row = ExternalCodecV1.encode(stagingWith(enough));
        String payload = row.payload();
        int start = payload.indexOf(KEY) + KEY.length();
        int end = payload.indexOf(']', start) + 1;
        String first = enough.get(0).toString();
        String damaged = switch (damage) {
            case 0 -> "[]"; // empty: not canonical
            case 1 -> "[\"" + new UUID(0xABCDL, 1).toString().toUpperCase() + "\"]"; // not the canonical form
            case 2 -> "[\"" + first + "\",\"" + first + "\"]"; // the same UUID twice
            case 3 -> "[1]"; // not a string
            case 4 -> "\"" + first + "\""; // not an array
            default -> beyondTheBound(); // more tried UUIDs than the bound
        };
        AuthorityRow tampered = resigned(row, payload.substring(0, start) + damaged + payload.substring(end));

        assertInstanceOf(DecodeResult.Blocked.class, ExternalCodecV1.decode(tampered), damaged);
    }

    private static String beyondTheBound() {
        List<String> quoted = new ArrayList<>();
        for (int i = 0; i < MemberRecord.MAX_CANDIDATE_ATTEMPTS; i++) {
            quoted.add("\"" + new UUID(11, i) + "\"");
        }
        return "[" + String.join(",", quoted) + "]";
    }

    @Property
    void aSameOperationWriteThatForgetsATriedUuidIsRefused(@ForAll("uuids") List<UUID> attempts) {
        if (attempts.size() < 2) {
            return;
        }
        ExternalRecord before = stagingWith(attempts);
        ExternalRecord forgets = stagingWith(attempts.subList(1, attempts.size()));
        ExternalRecord later = new ExternalRecord(
                forgets.targetKey(),
                forgets.operationId(),
                forgets.fenceToken(),
                forgets.phase(),
                forgets.dispatchEpoch(),
                payload(ARTIFACT, TARGET, null, forgets.payload().members(), null, null, null, T0.plusSeconds(600)));

        assertTrue(ExternalTransitions.check(before, later).isPresent(), "a tried UUID is the operation's for good");
    }

    @Property
    void theBoundIsEnforcedByTheRecordItself(@ForAll @IntRange(min = 1, max = 3) int beyond) {
        MemberRecord member = MemberRecord.pending(1, 2, null);
        for (int i = 0; i < MemberRecord.MAX_CANDIDATE_ATTEMPTS; i++) {
            member = member.loading(new UUID(9, i));
        }
        assertFalse(member.mayTryAgain());
        MemberRecord full = member;
        for (int i = 0; i < beyond; i++) {
            assertThrows(IllegalStateException.class, () -> full.loading(new UUID(10, 0)));
        }
    }
}
