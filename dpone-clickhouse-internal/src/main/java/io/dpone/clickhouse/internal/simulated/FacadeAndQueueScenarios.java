package io.dpone.clickhouse.internal.simulated;

import static io.dpone.clickhouse.internal.simulated.Fixture.INVOCATION;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The control facade, the correlation channel, token collisions, and sources at their bounds. */
final class FacadeAndQueueScenarios {
    private FacadeAndQueueScenarios() {}

    /** A matching facade on one member only is filled; one with another Keeper root blocks before any mutation. */
    static List<Attempt> partialFacade(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        cluster.createFacadeOn(0, cluster.facade());
        narrator.say("the control facade is created on replica 1 only, with the expected schema and Keeper root,"
                + " as an interrupted bootstrap leaves it; replica 2 has none");
        Attempt filled = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", filled);
        Fixture.expectOutcome(filled, PublicationOutcome.COMMITTED);
        return List.of(filled);
    }

    /** Blocked by the facade check before the capability probe, so nothing at all is sent. */
    static List<Attempt> mismatchedFacade(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 0, narrator);
        cluster.createFacadeOn(
                0, new FacadeSpec(cluster.facade().control(), cluster.facade().keeperRoot() + "_another"));
        narrator.say("a control table is created on replica 1 only, on another Keeper root than dpone's");
        Attempt blocked = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", blocked);
        Expect.equal(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING), blocked.code(), "code");
        Expect.equal(Map.of(), cluster.queueTokens(), "queue entries (nothing was sent)");
        Fixture.expectNothingSent(
                cluster,
                StatementKind.DDL_CAPABILITY_PROBE,
                StatementKind.DDL_CREATE_CONTROL,
                StatementKind.KEEPER_MAP_INSERT,
                StatementKind.DDL_CREATE_CANDIDATE,
                StatementKind.CANDIDATE_LOAD);
        return List.of(blocked);
    }

    /** A leading comment is absent from the stored query while log_comment is present unchanged; one entry binds. */
    static List<Attempt> commentVersusLogComment(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        narrator.say(
                "publish 5 rows; every distributed DDL carries its token in log_comment, the capability probe also in a"
                        + " leading comment");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", attempt);
        Fixture.expectOutcome(attempt, PublicationOutcome.COMMITTED);
        List<String> probes = cluster.queueTokens().values().stream()
                .filter(token -> DdlCorrelationToken.parse(token)
                        .map(t -> t.action() == DdlAction.PROBE)
                        .orElse(false))
                .toList();
        Expect.equal(1, probes.size(), "queue entries carrying a probe token");
        Expect.equal(
                java.util.Set.of(),
                cluster.queueEntriesContaining("dpone-capability-probe"),
                "entries whose stored query kept the leading comment");
        for (String token : cluster.queueTokens().values()) {
            Expect.that(DdlCorrelationToken.parse(token).isPresent(), "every entry carries an exact V1 token");
        }
        narrator.say(
                "the queue stored no entry with the leading comment, and exactly one entry per token from log_comment");
        return List.of(attempt);
    }

    /** Two entries with one token are unknown; the newest is never selected and nothing is cleaned. */
    static List<Attempt> twoEntriesOneToken(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.DuplicateEntry(StatementKind.DDL_EXCHANGE));
        narrator.say("the EXCHANGE is enqueued twice under one token, as a client that silently resends it would");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", attempt);
        Fixture.expectOutcome(attempt, PublicationOutcome.UNKNOWN);
        Expect.that(
                attempt.summary().contains("two or more queue entries carry the publication token")
                        && attempt.summary().contains("Inspecting the bound queue entry"),
                "the receipt names two entries and the runbook section for them: " + attempt.summary());
        Fixture.expectNothingSent(cluster, StatementKind.DDL_DROP);
        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        Fixture.result(narrator, "rerun", rerun);
        Fixture.expectOutcome(rerun, PublicationOutcome.UNKNOWN);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_EXCHANGE);
        Fixture.expectNothingSent(cluster, StatementKind.DDL_DROP);
        return List.of(attempt, rerun);
    }

    /** An empty source publishes a validated empty candidate. */
    static List<Attempt> emptySource(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        narrator.say("publish a source with its header and no row");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 0);
        Fixture.result(narrator, "", attempt);
        Fixture.expectOutcome(attempt, PublicationOutcome.COMMITTED);
        for (int member = 0; member < cluster.members(); member++) {
            Expect.equal(0L, cluster.rows(member, cluster.target()), "target rows on member " + member);
        }
        return List.of(attempt);
    }
}
