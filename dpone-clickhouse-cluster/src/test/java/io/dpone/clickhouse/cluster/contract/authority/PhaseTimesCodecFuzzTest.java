package io.dpone.clickhouse.cluster.contract.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * {@code phase_times} (issue 21), a compatible optional key of the V1 internal payload, added as
 * {@code capability_inventory_digest} was: omitted when unknown, so a record of the previous build
 * is byte-identical to its old form and still decodes (its durations read "unknown"). Fuzzed
 * (pure, offline): every valid history up to the bound round-trips; every damaged form blocks and
 * never throws; the writers' rule (a phase change appends, a same-phase write does not, the oldest
 * entry goes at the bound) always yields a history the codec accepts.
 */
class PhaseTimesCodecFuzzTest {
    private static final AuthorityCodec CODEC = AuthorityCodecV1.INSTANCE;
    private static final String KEY = "\"phase_times\":";

    /** Histories within the fixture payload's own times (created T0, updated T0 + 5 s). */
    @Provide
    Arbitrary<PhaseHistory> histories() {
        return Arbitraries.of(AuthorityPhase.values())
                .list()
                .ofMinSize(1)
                .ofMaxSize(PhaseHistory.MAX_ENTRIES + 8)
                .flatMap(phases -> Arbitraries.longs()
                        .between(0, 5000)
                        .list()
                        .ofSize(phases.size())
                        .map(offsets -> {
                            List<Long> sorted = offsets.stream().sorted().toList();
                            PhaseHistory history =
                                    PhaseHistory.started(phases.get(0).name(), T0.plusMillis(sorted.get(0)));
                            for (int i = 1; i < phases.size(); i++) {
                                history = history.entered(
                                        phases.get(i - 1).name(), phases.get(i).name(), T0.plusMillis(sorted.get(i)));
                            }
                            return history;
                        }));
    }

    private static AuthorityRecord completedWith(PhaseHistory history) {
        AuthorityRecord record = record(AuthorityPhase.COMPLETED);
        return new AuthorityRecord(
                record.targetKey(),
                record.operationId(),
                record.fenceToken(),
                record.phase(),
                record.dispatchEpoch(),
                record.payload().withPhases(history));
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

    @Property(tries = 300)
    void everyHistoryRoundTripsAndTheKeyIsWrittenExactlyWhenKnown(@ForAll("histories") PhaseHistory history) {
        AuthorityRecord record = completedWith(history);
        AuthorityRow row = CODEC.encode(record);

        assertEquals(new DecodeResult.Valid<>(record), CODEC.decode(row));
        assertTrue(row.payload().contains(KEY));
        assertTrue(history.entries().size() <= PhaseHistory.MAX_ENTRIES);
    }

    @Property(tries = 20)
    void aRecordOfThePreviousBuildIsByteIdenticalAndDecodesWithUnknownTimes(
            @ForAll @IntRange(min = 0, max = 5) int phase) {
        AuthorityRecord old = record(AuthorityPhase.values()[phase]);
        AuthorityRow row = CODEC.encode(old);

        assertFalse(row.payload().contains(KEY), "an unknown history is omitted, as the previous build wrote it");
        AuthorityRecord decoded = ((DecodeResult.Valid<AuthorityRecord>) CODEC.decode(row)).record();
        assertTrue(decoded.payload().phases().isUnknown());
    }

    @Property(tries = 300)
    void anyDamageToThePhaseTimesBlocksAndNeverThrows(
            @ForAll("histories") PhaseHistory history, @ForAll @IntRange(min = 0, max = 9) int damage) {
        AuthorityRow row = CODEC.encode(completedWith(history));
        String payload = row.payload();
        int start = payload.indexOf(KEY) + KEY.length();
        int end = payload.indexOf("}]", start) + 2;
        String at = "\"at\":\"" + T0 + "\"";
        String damaged = switch (damage) {
            case 0 -> "[]"; // empty: not canonical
            case 1 -> "[{" + at + ",\"phase\":\"LOCKED\"}]"; // a phase of the other mode
            case 2 ->
                "[{\"at\":\"" + T0.plusSeconds(2) + "\",\"phase\":\"PREPARED\"},{" + at
                        + ",\"phase\":\"DISPATCHING\"}]"; // back in time
            case 3 -> "[{" + at + ",\"phase\":\"PREPARED\"},{" + at + ",\"phase\":\"PREPARED\"}]"; // a repeat
            case 4 -> "[{" + at + ",\"phase\":\"PREPARED\",\"x\":1}]"; // another key
            case 5 ->
                "[{\"at\":\"" + T0.minusSeconds(1) + "\",\"phase\":\"PREPARED\"}]"; // before the record was created
            case 6 -> "[{\"at\":\"yesterday\",\"phase\":\"PREPARED\"}]"; // not an instant
            case 7 -> "[\"PREPARED\"]"; // not an object
            case 8 -> "{" + at + ",\"phase\":\"PREPARED\"}"; // not an array
            default -> beyondTheBound(); // more entries than the bound
        };
        AuthorityRow tampered = resigned(row, payload.substring(0, start) + damaged + payload.substring(end));

        assertInstanceOf(DecodeResult.Blocked.class, CODEC.decode(tampered), damaged);
    }

    private static String beyondTheBound() {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i <= PhaseHistory.MAX_ENTRIES; i++) {
            entries.add("{\"at\":\"" + T0 + "\",\"phase\":\"" + (i % 2 == 0 ? "CLEANUP_DISPATCHING" : "CLEANUP_PENDING")
                    + "\"}");
        }
        return "[" + String.join(",", entries) + "]";
    }

    @Property
    void theWritersRuleKeepsTheLastPhaseAndTheBound(@ForAll("writes") List<AuthorityPhase> writes) {
        AuthorityPhase previous = AuthorityPhase.PREPARED;
        PhaseHistory history = PhaseHistory.started(previous.name(), T0);
        Instant at = T0;
        int changes = 0;
        for (AuthorityPhase next : writes) {
            at = at.plusMillis(10);
            history = history.entered(previous.name(), next.name(), at);
            changes += next == previous ? 0 : 1;
            previous = next;
        }
        assertEquals(
                Math.min(changes + 1, PhaseHistory.MAX_ENTRIES),
                history.entries().size());
        assertEquals(
                previous.name(),
                history.entries().get(history.entries().size() - 1).phase());
    }

    @Provide
    Arbitrary<List<AuthorityPhase>> writes() {
        return Arbitraries.of(AuthorityPhase.values()).list().ofMaxSize(80);
    }
}
