package io.dpone.testkit.authority;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The counts of one leader-loss run, printed for the lead to quote. Single-threaded. */
final class LeaderLossTally {
    int races;
    int kills;
    int racesUnderKill;
    int racesKilledMidCas;
    int racesKilledBeforeCas;
    int racesKilledAfterCas;
    int setupRetries;
    int verified;
    int permits;
    int conflicts;
    int unknown;
    int unknownApplied;
    int lostAnswers;
    long recoveryMaxMillis;
    long recoveryTotalMillis;
    int recoveries;
    private final Map<String, Integer> answers = new TreeMap<>();

    /**
     * Counts a kill at {@code killedAt} (nanoTime) against a round's races, each given by its
     * racing CASes; returns in how many races a CAS was in flight when the leader died.
     */
    int killed(long killedAt, List<List<CasAttempt>> races) {
        kills++;
        int midCas = 0;
        for (List<CasAttempt> race : races) {
            racesUnderKill++;
            if (race.stream().anyMatch(attempt -> attempt.covers(killedAt))) {
                midCas++;
            } else if (race.stream().allMatch(attempt -> killedAt < attempt.startNanos())) {
                racesKilledBeforeCas++;
            } else {
                racesKilledAfterCas++;
            }
        }
        racesKilledMidCas += midCas;
        return midCas;
    }

    void add(SlotLedger.Verdict verdict, List<CasAttempt> attempts) {
        races++;
        verified += verdict.verified();
        permits += verdict.permits();
        conflicts += verdict.conflicts();
        unknown += verdict.unknown();
        unknownApplied += verdict.unknownApplied();
        lostAnswers += verdict.lostAnswers();
        for (CasAttempt attempt : attempts) {
            answers.merge(describe(attempt.answer()), 1, Integer::sum);
        }
    }

    void recovered(long millis) {
        recoveries++;
        recoveryTotalMillis += millis;
        recoveryMaxMillis = Math.max(recoveryMaxMillis, millis);
    }

    /** The transport's answer as evidence: variant, server code and class, redacted summary. */
    static String describe(MutationOutcome answer) {
        if (answer instanceof MutationOutcome.Acknowledged) {
            return "acknowledged";
        }
        if (answer instanceof MutationOutcome.Rejected rejected) {
            return "rejected " + rejected.error().code() + " "
                    + rejected.error().classification().errorClass() + ": "
                    + rejected.error().summary();
        }
        if (answer instanceof MutationOutcome.Ambiguous ambiguous) {
            return "ambiguous " + ambiguous.cause()
                    + ambiguous.serverError().map(error -> " " + error.code()).orElse("") + ": " + ambiguous.summary();
        }
        return answer == null ? "no single request" : "not sent: " + ((MutationOutcome.NotSent) answer).summary();
    }

    /** The results of a round's races, for its log line. */
    static String results(List<List<CasAttempt>> races) {
        Map<String, Integer> counts = new TreeMap<>();
        for (List<CasAttempt> race : races) {
            for (CasAttempt attempt : race) {
                counts.merge(attempt.summary(), 1, Integer::sum);
            }
        }
        return counts.toString();
    }

    void print() {
        System.out.println("keeper leader loss: " + races + " races; ZooKeeper leader killed " + kills
                + " times, under "
                + racesUnderKill + " races: mid-CAS in " + racesKilledMidCas + ", before both CASes in "
                + racesKilledBeforeCas + ", after the CASes in " + racesKilledAfterCas + "; CAS results: "
                + verified + " verified (" + permits + " permits), " + conflicts + " conflicts, " + unknown
                + " unknown ("
                + unknownApplied + " of them applied), " + lostAnswers + " lost answers; slot setups retried "
                + setupRetries + "; authority back after a kill in at most " + recoveryMaxMillis + " ms (mean "
                + (recoveries == 0 ? 0 : recoveryTotalMillis / recoveries) + " ms over " + recoveries + " probes)");
        answers.forEach((answer, count) -> System.out.println("keeper leader loss answer x" + count + ": " + answer));
    }
}
