package io.dpone.clickhouse.internal.simulated;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.AcceptanceFixture;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.ScenarioFailure;
import java.util.Optional;
import java.util.UUID;

/** The scenarios' shared setup and observations; public for the acceptance runs of the real backends (the module's tests). */
public final class Fixture {
    public static final String INVOCATION = AcceptanceFixture.INVOCATION;

    private Fixture() {}

    /** The target and control databases; an existing target of {@code rows} rows unless {@code rows} is negative. */
    public static PublicationDriver prepare(AcceptanceCluster cluster, long rows, Narrator narrator) {
        cluster.createDatabases(
                cluster.target().database(), cluster.facade().control().database());
        if (rows >= 0) {
            cluster.createReplicatedTable(cluster.target(), rows);
            // narration is evidence too: no identifiers, values or SQL (EvidenceLeakScanTest)
            narrator.say(cluster.backend() + ": " + cluster.members() + " replicas; the target exists with " + rows
                    + " rows");
        } else {
            narrator.say(cluster.backend() + ": " + cluster.members() + " replicas; the target does not exist yet");
        }
        return new PublicationDriver(cluster);
    }

    /** The target's UUID, required to be the same on every member. */
    public static UUID uniformTarget(AcceptanceCluster cluster) {
        UUID first = cluster.uuid(0, cluster.target()).orElseThrow(() -> new ScenarioFailure("member 0 has no target"));
        for (int member = 1; member < cluster.members(); member++) {
            Expect.equal(Optional.of(first), cluster.uuid(member, cluster.target()), "target UUID on member " + member);
        }
        return first;
    }

    public static void expectOutcome(Attempt attempt, PublicationOutcome outcome) {
        Expect.equal(Optional.of(outcome), attempt.outcome(), "outcome (" + attempt.summary() + ")");
    }

    public static void expectSentOnce(AcceptanceCluster cluster, StatementKind kind) {
        Expect.equal(1L, cluster.sent(kind), kind + " statements sent");
    }

    public static void expectOneShot(AcceptanceCluster cluster) {
        Expect.equal(1L, cluster.maxSendsPerMutation(), "transport invocations of the busiest mutation query id");
    }

    public static void expectNothingSent(AcceptanceCluster cluster, StatementKind... kinds) {
        for (StatementKind kind : kinds) {
            Expect.equal(0L, cluster.sent(kind), kind + " statements sent");
        }
    }

    /**
     * One result line: what ran ({@code label}: empty for the scenario's first run, "rerun" for the
     * same invocation again, or who else ran) and what it ended in, from the receipt itself.
     */
    public static void result(Narrator narrator, String label, Attempt attempt) {
        narrator.say((label.isEmpty() ? "" : label + " ") + "-> " + attempt.summary());
    }

    public static String classification(Attempt attempt) {
        return String.valueOf(attempt.receipt().detail().get("classification"));
    }
}
