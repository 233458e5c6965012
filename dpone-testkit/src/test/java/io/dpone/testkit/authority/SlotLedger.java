package io.dpone.testkit.authority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * Every CAS made on one slot and every version of it some read showed, judged once the slot is
 * finished. Which writes applied is reasoned out from reads alone: each CAS expects the version
 * some read returned, so every write that landed is either the slot's final row or the row a
 * later CAS read and built on; each row names its write by its payload digest. Then:
 * <ul>
 *   <li>a verified CAS applied, at its expected version + 1; a conflict did not apply;</li>
 *   <li>at most one permit per expected version;</li>
 *   <li>a lost answer (the transport's outcome was ambiguous) is an unknown result, never a
 *       permit, even when its write applied;</li>
 *   <li>exactly one mutation request per CAS;</li>
 *   <li>the final version equals the verified CASes plus the unknown ones that applied, and the
 *       applied writes hold the versions 1..final, once each.</li>
 * </ul>
 */
final class SlotLedger {

    /** What one finished slot contributes to the run's counts. */
    record Verdict(int verified, int permits, int conflicts, int unknown, int unknownApplied, int lostAnswers) {}

    private final String slot;
    private final List<CasAttempt> attempts = new ArrayList<>();
    /** Payload digest of every row a read showed, with the version it was read at. */
    private final Map<String, Long> observed = new HashMap<>();

    SlotLedger(String slot) {
        this.slot = slot;
    }

    void attempted(CasAttempt attempt) {
        attempts.add(attempt);
    }

    void observed(VersionedRow row) {
        observed.put(row.row().payloadSha256(), row.keeperVersion());
    }

    List<CasAttempt> attempts() {
        return List.copyOf(attempts);
    }

    Verdict judge(KeeperTruth.Node last) {
        for (CasAttempt attempt : attempts) {
            if (last.holds(attempt.payloadSha())) {
                observed.put(attempt.payloadSha(), (long) last.version());
            }
        }
        Map<Long, Integer> permitsPerVersion = new HashMap<>();
        List<Long> appliedVersions = new ArrayList<>();
        int verified = 0;
        int conflicts = 0;
        int unknown = 0;
        int unknownApplied = 0;
        int lostAnswers = 0;
        for (CasAttempt attempt : attempts) {
            String what = slot + ", " + attempt.worker() + " from version " + attempt.expectedVersion() + ": "
                    + attempt.summary() + " after " + LeaderLossTally.describe(attempt.answer());
            assertEquals(1, attempt.sends(), what + ": one mutation request per CAS (spec: one-shot)");
            Long appliedAt = observed.get(attempt.payloadSha());
            boolean applied = appliedAt != null;
            if (applied) {
                assertEquals(attempt.expectedVersion() + 1, appliedAt, what + ": a write lands at expected + 1");
                appliedVersions.add(appliedAt);
            }
            if (attempt.answer() instanceof MutationOutcome.Ambiguous) {
                lostAnswers++;
                assertInstanceOf(SlotWrite.Unknown.class, attempt.result(), what + ": a lost answer is unknown");
            }
            if (attempt.permitted()) {
                permitsPerVersion.merge(attempt.expectedVersion(), 1, Integer::sum);
            }
            if (attempt.verified()) {
                assertTrue(applied, what + ": a verified CAS applied");
                verified++;
            } else if (attempt.result() instanceof SlotWrite.Conflict<AuthorityRecord>) {
                assertFalse(applied, what + ": a conflict must not have applied (misclassified answer)");
                conflicts++;
            } else {
                unknown++;
                unknownApplied += applied ? 1 : 0;
            }
        }
        permitsPerVersion.forEach(
                (version, permits) -> assertEquals(1, permits, slot + ": two permits for expected version " + version));
        assertEquals(
                verified + unknownApplied,
                last.version(),
                slot + ": the final version counts the verified CASes and the unknown ones that applied");
        assertEquals(
                LongStream.rangeClosed(1, last.version()).boxed().toList(),
                appliedVersions.stream().sorted().toList(),
                slot + ": applied writes hold the versions 1..final once each");
        int permits =
                permitsPerVersion.values().stream().mapToInt(Integer::intValue).sum();
        return new Verdict(verified, permits, conflicts, unknown, unknownApplied, lostAnswers);
    }
}
