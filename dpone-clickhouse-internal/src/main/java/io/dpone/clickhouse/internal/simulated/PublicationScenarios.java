package io.dpone.clickhouse.internal.simulated;

import static io.dpone.clickhouse.internal.simulated.Fixture.INVOCATION;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Publication outcomes: normal, lost response, a slow or paused replica, a terminal host error. */
final class PublicationScenarios {
    /** What the slow-replica fault does, said once for the scenario list and the narration. */
    static final String SLOW_REPLICA =
            "replica 2's DDL worker is held up: the EXCHANGE entry is enqueued and runs on" + " replica 1 only";
    /** What the paused-replica fault does, said once for the scenario list and the narration. */
    static final String PAUSED_REPLICA =
            "replica 2's process freezes: the EXCHANGE entry is enqueued while it cannot" + " answer at all";

    private PublicationScenarios() {}

    /** Normal existing-target publication and cleanup; a rerun of the invocation sends nothing more. */
    static List<Attempt> existingTarget(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        UUID before = Fixture.uniformTarget(cluster);
        narrator.say("publish 5 rows under invocation " + INVOCATION);
        Attempt first = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", first);
        Fixture.expectOutcome(first, PublicationOutcome.COMMITTED);
        UUID after = Fixture.uniformTarget(cluster);
        Expect.that(!after.equals(before), "every member exposes a new generation");
        for (int member = 0; member < cluster.members(); member++) {
            Expect.equal(5L, cluster.rows(member, cluster.target()), "target rows on member " + member);
            Expect.equal(
                    Optional.empty(),
                    cluster.uuid(member, driver.candidate(INVOCATION)),
                    "predecessor left on " + member);
        }
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_DROP);
        narrator.say("one EXCHANGE and one exact DROP of the predecessor were sent; the same invocation is rerun");
        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        Fixture.result(narrator, "rerun", rerun);
        Fixture.expectOutcome(rerun, PublicationOutcome.COMMITTED);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        Fixture.expectOneShot(cluster);
        return List.of(first, rerun);
    }

    /** Normal absent-target publication: one RENAME, no predecessor cleanup. */
    static List<Attempt> absentTarget(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, -1, narrator);
        narrator.say("publish 4 typed rows; the candidate is created from the declared columns");
        Attempt attempt = driver.publish("worker-1", cluster.ports("worker-1"), INVOCATION, driver.rows(4, true));
        Fixture.result(narrator, "", attempt);
        Fixture.expectOutcome(attempt, PublicationOutcome.COMMITTED);
        Fixture.uniformTarget(cluster);
        for (int member = 0; member < cluster.members(); member++) {
            Expect.equal(4L, cluster.rows(member, cluster.target()), "target rows on member " + member);
        }
        Fixture.expectSentOnce(cluster, StatementKind.DDL_RENAME);
        Fixture.expectNothingSent(cluster, StatementKind.DDL_EXCHANGE, StatementKind.DDL_DROP);
        Fixture.expectOneShot(cluster);
        return List.of(attempt);
    }

    /** Lost response after enqueue and commit: the outcome comes from the queue; EXCHANGE is sent once. */
    static List<Attempt> lostExchangeResponse(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.LoseResponse(StatementKind.DDL_EXCHANGE));
        narrator.say("the EXCHANGE will be enqueued and executed, but its answer is lost");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", attempt);
        Fixture.expectOutcome(attempt, PublicationOutcome.COMMITTED);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        Fixture.expectOneShot(cluster);
        return List.of(attempt);
    }

    /** One replica's DDL worker is held up after enqueue: PARTIAL_IN_PROGRESS, then the original entry converges. */
    static List<Attempt> slowReplica(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        UUID before = Fixture.uniformTarget(cluster);
        cluster.arm(new ArmedFault.StallDdlBefore(1, StatementKind.DDL_EXCHANGE));
        narrator.say(SLOW_REPLICA);
        Attempt waiting = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", waiting);
        Fixture.expectOutcome(waiting, PublicationOutcome.WAITING);
        Expect.equal("PARTIAL_IN_PROGRESS", Fixture.classification(waiting), "classification");
        Expect.that(!cluster.uuid(0, cluster.target()).orElseThrow().equals(before), "replica 1 committed");
        Expect.equal(Optional.of(before), cluster.uuid(1, cluster.target()), "replica 2 still pending");
        narrator.say("replica 2's DDL worker is released; the rerun waits for the original entry, never a new one");
        cluster.releaseDdl(1);
        Attempt converged = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "rerun", converged);
        Fixture.expectOutcome(converged, PublicationOutcome.COMMITTED);
        Fixture.uniformTarget(cluster);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        return List.of(waiting, converged);
    }

    /** A replica's process is paused after enqueue: unknown while it is unreachable, committed once it is back. */
    static List<Attempt> pausedReplica(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.PauseBefore(1, StatementKind.DDL_EXCHANGE));
        narrator.say(PAUSED_REPLICA);
        Attempt unknown = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", unknown);
        Fixture.expectOutcome(unknown, PublicationOutcome.UNKNOWN);
        Fixture.expectNothingSent(cluster, StatementKind.DDL_DROP);
        narrator.say("replica 2 comes back; the rerun reconciles the original entry read-only first");
        cluster.resume(1);
        Attempt converged = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "rerun", converged);
        Fixture.expectOutcome(converged, PublicationOutcome.COMMITTED);
        Fixture.uniformTarget(cluster);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        return List.of(unknown, converged);
    }

    /** A terminal error on one replica: PARTIAL_TERMINAL, both generations retained, no second publication DDL. */
    static List<Attempt> terminalErrorOnOneReplica(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        UUID before = Fixture.uniformTarget(cluster);
        cluster.arm(new ArmedFault.FailOnHost(1, StatementKind.DDL_EXCHANGE, 60));
        narrator.say("replica 2 will fail the EXCHANGE entry with code 60");
        Attempt partial = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", partial);
        Fixture.expectOutcome(partial, PublicationOutcome.TERMINAL_PARTIAL);
        TableRef candidate = driver.candidate(INVOCATION);
        Expect.equal(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED), partial.code(), "code");
        Expect.equal(
                Optional.of(before),
                cluster.uuid(0, candidate),
                "replica 1 keeps the predecessor under the candidate name");
        Expect.equal(
                Optional.of(before), cluster.uuid(1, cluster.target()), "replica 2 keeps the predecessor as target");
        Expect.that(cluster.uuid(1, candidate).isPresent(), "replica 2 keeps the desired generation as candidate");
        narrator.say("a rerun must not repeat the exchange: it would swap replica 1 back");
        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        Fixture.result(narrator, "rerun", rerun);
        Fixture.expectOutcome(rerun, PublicationOutcome.TERMINAL_PARTIAL);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        Fixture.expectNothingSent(cluster, StatementKind.DDL_DROP);
        return List.of(partial, rerun);
    }

    /**
     * The runbook's manual repair of a terminal mixed publication: a local EXCHANGE on the pending
     * replica only; the rerun then proves the commit from the catalog and the terminal receipt and
     * runs its own exact cleanup. No second publication DDL is ever sent.
     */
    static List<Attempt> terminalPartialRepairedByTheRunbook(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.FailOnHost(1, StatementKind.DDL_EXCHANGE, 60));
        narrator.say("replica 2 will fail the EXCHANGE entry with code 60");
        Attempt partial = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", partial);
        Fixture.expectOutcome(partial, PublicationOutcome.TERMINAL_PARTIAL);
        TableRef candidate = driver.candidate(INVOCATION);
        narrator.say("the operator exchanges target and candidate locally on replica 2 only, as the runbook says");
        cluster.exchangeLocally(1, cluster.target(), candidate);
        Attempt repaired = driver.publish("worker-2", INVOCATION, 5);
        Fixture.result(narrator, "rerun", repaired);
        Fixture.expectOutcome(repaired, PublicationOutcome.COMMITTED);
        Fixture.uniformTarget(cluster);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_DROP);
        for (int member = 0; member < cluster.members(); member++) {
            Expect.equal(Optional.empty(), cluster.uuid(member, candidate), "predecessor left on " + member);
        }
        return List.of(partial, repaired);
    }

    /** Lose the cleanup response: it is reconciled from the queue and the exact cleanup completes. */
    static List<Attempt> lostCleanupResponse(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.LoseResponse(StatementKind.DDL_DROP));
        narrator.say("the predecessor DROP will execute but its answer is lost");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", attempt);
        Fixture.expectOutcome(attempt, PublicationOutcome.COMMITTED);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_DROP);
        for (int member = 0; member < cluster.members(); member++) {
            Expect.equal(
                    Optional.empty(), cluster.uuid(member, driver.candidate(INVOCATION)), "predecessor on " + member);
        }
        return List.of(attempt);
    }
}
