package io.dpone.clickhouse.external.authority;

import static io.dpone.clickhouse.external.authority.Records.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.PhaseHistory;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * {@code phase_times} (issue 21) in the external payload: an optional key added as
 * {@code tried_uuids} was (docs/adr/0008), present exactly when the history is known, so a record
 * of the previous build is byte-identical to its old v1 form and still decodes. Fuzzed (pure,
 * offline): every history of external phases within the record's times round-trips; damaged forms
 * block and never throw. The history rules themselves are fuzzed with the internal codec.
 */
class PhaseTimesCodecFuzzTest {
    private static final String KEY = "\"phase_times\":";

    /** Histories within a STAGING record's own times (created T0, updated T0 + 10 min). */
    @Provide
    Arbitrary<PhaseHistory> histories() {
        return Arbitraries.of(ExternalPhase.values())
                .list()
                .ofMinSize(1)
                .ofMaxSize(PhaseHistory.MAX_ENTRIES + 4)
                .flatMap(phases -> Arbitraries.longs()
                        .between(0, 600_000)
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

    private static ExternalRecord stagingWith(PhaseHistory history) {
        ExternalRecord staging = staging(true, pending(true), 10);
        return record(
                staging.phase(), staging.dispatchEpoch(), staging.payload().withPhases(history));
    }

    @Property(tries = 300)
    void everyHistoryRoundTrips(@ForAll("histories") PhaseHistory history) {
        ExternalRecord record = stagingWith(history);
        AuthorityRow row = ExternalCodecV1.encode(record);

        assertEquals(new DecodeResult.Valid<>(record), ExternalCodecV1.decode(row));
        assertTrue(row.payload().contains(KEY));
    }

    @Property(tries = 10)
    void aRecordOfThePreviousBuildHasNoKeyAndDecodesWithUnknownTimes(@ForAll @IntRange(min = 0, max = 30) int minutes) {
        ExternalRecord old = staging(true, pending(true), minutes);
        AuthorityRow row = ExternalCodecV1.encode(old);

        assertFalse(row.payload().contains(KEY));
        ExternalRecord decoded = ((DecodeResult.Valid<ExternalRecord>) ExternalCodecV1.decode(row)).record();
        assertTrue(decoded.payload().phases().isUnknown());
    }

    @Property(tries = 300)
    void anyDamageBlocksAndNeverThrows(
            @ForAll("histories") PhaseHistory history, @ForAll @IntRange(min = 0, max = 4) int damage) {
        AuthorityRow row = ExternalCodecV1.encode(stagingWith(history));
        String payload = row.payload();
        int start = payload.indexOf(KEY) + KEY.length();
        int end = payload.indexOf("}]", start) + 2;
        String at = "\"at\":\"" + T0 + "\"";
        String damaged = switch (damage) {
            case 0 -> "[]"; // empty: not canonical
            case 1 -> "[{" + at + ",\"phase\":\"PREPARED\"}]"; // a phase of the other mode
            case 2 -> "[{" + at + ",\"phase\":\"LOCKED\"},{" + at + ",\"phase\":\"LOCKED\"}]"; // a repeat
            case 3 -> "[{\"at\":\"" + T0.plusSeconds(3600) + "\",\"phase\":\"LOCKED\"}]"; // after the record's update
            default -> "[{" + at + "}]"; // no phase
        };
        String tampered = payload.substring(0, start) + damaged + payload.substring(end);
        AuthorityRow resigned = new AuthorityRow(
                row.targetKey(),
                row.operationId(),
                row.fenceToken(),
                row.phase(),
                row.dispatchEpoch(),
                tampered,
                CanonicalEncoder.sha256(CanonicalEncoder.strictUtf8(tampered)).hex());

        assertInstanceOf(DecodeResult.Blocked.class, ExternalCodecV1.decode(resigned), damaged);
    }
}
