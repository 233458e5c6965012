package io.dpone.testkit.modes.acceptance;

import static io.dpone.testkit.modes.acceptance.ExternalFixture.INVOCATION;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * External mode's publication and cleanup outcomes through a distributed-DDL queue: both target
 * shapes, a lost EXCHANGE answer after enqueue, one member's DDL worker held up (partial in
 * progress), a terminal host error on one member (terminal mixed), a lost cleanup answer.
 */
final class ExternalPublicationScenarios {
    private ExternalPublicationScenarios() {}

    /** An existing target on every member: one EXCHANGE, each member's exact predecessor dropped; a rerun sends nothing. */
    static List<Attempt> existingTarget(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, 3, narrator);
        List<UUID> before = ExternalFixture.targets(cluster);
        narrator.say("publish 5 rows under invocation " + INVOCATION
                + ": each member is loaded directly from the sealed artifact");
        Attempt first = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("-> " + first.summary());
        ExternalFixture.expectOutcome(first, PublicationOutcome.COMMITTED);
        ExternalRecord record = ExternalFixture.expectPublishedEverywhere(cluster, driver, INVOCATION, 5);
        for (int member = 0; member < cluster.members(); member++) {
            Expect.equal(
                    before.get(member),
                    ExternalFixture.member(record, member).targetUuid(),
                    "the record names member " + member + "'s own predecessor");
        }
        ExternalFixture.expectSent(cluster, StatementKind.DDL_EXCHANGE, 1);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_DROP, 1);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_RENAME, 0);
        narrator.say("one EXCHANGE and one exact DROP of the predecessors were sent; rerun the same invocation");
        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        narrator.say("-> " + rerun.summary());
        ExternalFixture.expectOutcome(rerun, PublicationOutcome.COMMITTED);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_EXCHANGE, 1);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_DROP, 1);
        ExternalFixture.expectOneShot(cluster);
        return List.of(first, rerun);
    }

    /** An absent target: every member's candidate created from the declared columns, one RENAME, nothing to clean. */
    static List<Attempt> absentTarget(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, -1, narrator);
        narrator.say("publish 4 typed rows; each member's candidate is created from the declared columns");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 4);
        narrator.say("-> " + attempt.summary());
        ExternalFixture.expectOutcome(attempt, PublicationOutcome.COMMITTED);
        ExternalRecord record = ExternalFixture.expectPublishedEverywhere(cluster, driver, INVOCATION, 4);
        Expect.equal(null, record.payload().cleanup(), "no cleanup for an absent target");
        ExternalFixture.expectSent(cluster, StatementKind.DDL_RENAME, 1);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_EXCHANGE, 0);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_DROP, 0);
        ExternalFixture.expectOneShot(cluster);
        return List.of(attempt);
    }

    /** The EXCHANGE's answer is lost after enqueue: the outcome is reconciled from the bound entry; one EXCHANGE. */
    static List<Attempt> lostExchangeResponse(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.LoseResponse(StatementKind.DDL_EXCHANGE));
        narrator.say("the EXCHANGE will be enqueued and executed on every member, but its answer is lost");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("-> " + attempt.summary());
        ExternalFixture.expectOutcome(attempt, PublicationOutcome.COMMITTED);
        ExternalFixture.expectPublishedEverywhere(cluster, driver, INVOCATION, 5);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_EXCHANGE, 1);
        ExternalFixture.expectOneShot(cluster);
        return List.of(attempt);
    }

    /** One member's DDL worker is held up after enqueue: partial in progress (waiting), then the original entry converges. */
    static List<Attempt> slowMember(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, 3, narrator);
        List<UUID> before = ExternalFixture.targets(cluster);
        cluster.arm(new ArmedFault.StallDdlBefore(1, StatementKind.DDL_EXCHANGE));
        narrator.say("member 2's DDL worker is held up right before the EXCHANGE is enqueued");
        Attempt waiting = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("-> " + waiting.summary());
        ExternalFixture.expectOutcome(waiting, PublicationOutcome.WAITING);
        ExternalFixture.expectCode(waiting, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL);
        Expect.equal(
                "PARTIAL_IN_PROGRESS",
                String.valueOf(waiting.receipt().detail().get("classification")),
                "classification");
        ExternalRecord dispatching = driver.record(INVOCATION);
        Expect.equal(ExternalPhase.PUBLICATION_DISPATCHING, dispatching.phase(), "phase");
        Expect.equal(
                Optional.of(ExternalFixture.member(dispatching, 0).candidateUuid()),
                cluster.uuid(0, cluster.target()),
                "member 1 exposes its own candidate");
        Expect.equal(
                Optional.of(before.get(1)),
                cluster.uuid(1, cluster.target()),
                "member 2 still exposes its predecessor");
        ExternalFixture.expectSent(cluster, StatementKind.DDL_DROP, 0);
        narrator.say(
                "release member 2 and run the same invocation again: it waits for the original entry, never resends");
        cluster.releaseDdl(1);
        Attempt converged = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("-> " + converged.summary());
        ExternalFixture.expectOutcome(converged, PublicationOutcome.COMMITTED);
        ExternalFixture.expectPublishedEverywhere(cluster, driver, INVOCATION, 5);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_EXCHANGE, 1);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_DROP, 1);
        return List.of(waiting, converged);
    }

    /**
     * A terminal host error on one member: terminal mixed, CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL;
     * nothing is redispatched, no cleanup is sent, both generations are kept on every member.
     */
    static List<Attempt> terminalErrorOnOneMember(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, 3, narrator);
        List<UUID> before = ExternalFixture.targets(cluster);
        cluster.arm(new ArmedFault.FailOnHost(1, StatementKind.DDL_EXCHANGE, 60));
        narrator.say("member 2 will fail the EXCHANGE entry with code 60");
        Attempt partial = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("-> " + partial.summary());
        ExternalFixture.expectOutcome(partial, PublicationOutcome.TERMINAL_PARTIAL);
        ExternalFixture.expectCode(partial, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL);
        bothGenerationsKept(cluster, driver, before);
        narrator.say("a rerun must not repeat the exchange: it would swap member 1 back");
        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        narrator.say("-> " + rerun.summary());
        ExternalFixture.expectOutcome(rerun, PublicationOutcome.TERMINAL_PARTIAL);
        ExternalFixture.expectCode(rerun, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL);
        bothGenerationsKept(cluster, driver, before);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_EXCHANGE, 1);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_DROP, 0);
        ExternalFixture.expectOneShot(cluster);
        return List.of(partial, rerun);
    }

    private static void bothGenerationsKept(
            ExternalAcceptanceCluster cluster, ExternalDriver driver, List<UUID> before) {
        ExternalRecord record = driver.record(INVOCATION);
        Expect.equal(ExternalPhase.PUBLICATION_DISPATCHING, record.phase(), "phase");
        TableRef candidate = driver.candidate(INVOCATION);
        UUID exchanged = ExternalFixture.member(record, 0).candidateUuid();
        UUID pending = ExternalFixture.member(record, 1).candidateUuid();
        Expect.equal(
                Optional.of(exchanged), cluster.uuid(0, cluster.target()), "member 1 exposes its desired generation");
        Expect.equal(
                Optional.of(before.get(0)),
                cluster.uuid(0, candidate),
                "member 1 keeps its predecessor under the candidate name");
        Expect.equal(
                Optional.of(before.get(1)),
                cluster.uuid(1, cluster.target()),
                "member 2 keeps its predecessor as target");
        Expect.equal(
                Optional.of(pending), cluster.uuid(1, candidate), "member 2 keeps its desired generation as candidate");
    }

    /** The cleanup DROP's answer is lost: reconciled from the bound entry, the exact cleanup completes; one DROP. */
    static List<Attempt> lostCleanupResponse(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.LoseResponse(StatementKind.DDL_DROP));
        narrator.say("the predecessors' DROP will execute on every member but its answer is lost");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("-> " + attempt.summary());
        ExternalFixture.expectOutcome(attempt, PublicationOutcome.COMMITTED);
        ExternalFixture.expectPublishedEverywhere(cluster, driver, INVOCATION, 5);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_DROP, 1);
        ExternalFixture.expectOneShot(cluster);
        return List.of(attempt);
    }
}
