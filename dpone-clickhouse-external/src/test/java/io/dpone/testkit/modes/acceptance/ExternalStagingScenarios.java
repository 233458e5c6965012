package io.dpone.testkit.modes.acceptance;

import static io.dpone.testkit.modes.acceptance.ExternalFixture.INVOCATION;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.StagingFault;
import io.dpone.testkit.acceptance.WorkerResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * External mode's authority and staging outcomes: workers of one invocation racing (one dispatch),
 * a member lost in the middle of its load and the same operation resumed, a candidate changed
 * before its proof, and a proven candidate changed before STAGED.
 */
final class ExternalStagingScenarios {
    private ExternalStagingScenarios() {}

    /**
     * Two workers of one invocation resume the same operation at once, from STAGING with one
     * member's load broken off: they race to replace that member's owned partial candidate, to
     * record it, to bind STAGED and to take the dispatch CAS. One permit, one EXCHANGE, one DROP.
     */
    static List<Attempt> racingWorkers(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, 3, narrator);
        cluster.arm(new StagingFault.KillDuringLoad(1, 2));
        Attempt interrupted = driver.publish("worker-0", INVOCATION, 5);
        narrator.say("member 2 was killed mid-load -> " + interrupted.summary());
        ExternalFixture.expectOutcome(interrupted, PublicationOutcome.PREPARED);
        cluster.restart(1);
        narrator.say("two retries of the same invocation now race from the same STAGING record");
        Map<String, Function<ExternalPorts, Attempt>> racers = new LinkedHashMap<>();
        for (String worker : List.of("worker-1", "worker-2")) {
            racers.put(worker, ports -> driver.publish(worker, ports, INVOCATION, 5));
        }
        List<Attempt> attempts = new ArrayList<>(List.of(interrupted));
        cluster.race(racers).forEach((worker, result) -> {
            Expect.that(result instanceof WorkerResult.Returned, worker + " ended normally, got " + result);
            Attempt attempt = ((WorkerResult.Returned<Attempt>) result).value();
            narrator.say(worker + " -> " + attempt.summary());
            attempts.add(attempt);
        });
        Expect.that(cluster.sent(StatementKind.DDL_EXCHANGE) <= 1, "at most one EXCHANGE while the workers race");
        Attempt settled = driver.publish("worker-3", INVOCATION, 5);
        narrator.say("a later retry -> " + settled.summary());
        ExternalFixture.expectOutcome(settled, PublicationOutcome.COMMITTED);
        ExternalFixture.expectPublishedEverywhere(cluster, driver, INVOCATION, 5);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_EXCHANGE, 1);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_DROP, 1);
        ExternalFixture.expectOneShot(cluster);
        attempts.add(settled);
        return attempts;
    }

    /**
     * A member killed in the middle of its load: the invocation ends prepared (STAGING_FAILED), the
     * other member READY; once it is back, the same invocation accepts the exact candidate and
     * replaces only the owned partial one, then publishes.
     */
    static List<Attempt> memberLostMidStaging(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, 3, narrator);
        cluster.arm(new StagingFault.KillDuringLoad(1, 2));
        narrator.say("member 2 is killed after 2 rows of its own load");
        Attempt interrupted = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("-> " + interrupted.summary());
        ExternalFixture.expectOutcome(interrupted, PublicationOutcome.PREPARED);
        ExternalFixture.expectCode(interrupted, DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED);
        ExternalRecord staging = driver.record(INVOCATION);
        Expect.equal(ExternalPhase.STAGING, staging.phase(), "phase");
        Expect.equal(MemberStage.READY, ExternalFixture.member(staging, 0).stage(), "member 1's stage");
        Expect.equal(MemberStage.LOADING, ExternalFixture.member(staging, 1).stage(), "member 2's stage");
        ExternalFixture.expectNothingPublished(cluster);
        narrator.say("member 2 comes back with its partial candidate; run the same invocation again");
        cluster.restart(1);
        long partial = cluster.rows(
                1, driver.attempt(INVOCATION, ExternalFixture.member(staging, 1).candidateUuid()));
        Expect.that(
                partial > 0 && partial < 5,
                "the killed load left a partial candidate under its attempt name (" + partial + " rows)");
        Attempt resumed = driver.publish("worker-2", INVOCATION, 5);
        narrator.say("-> " + resumed.summary());
        ExternalFixture.expectOutcome(resumed, PublicationOutcome.COMMITTED);
        ExternalRecord completed = ExternalFixture.expectPublishedEverywhere(cluster, driver, INVOCATION, 5);
        Expect.equal(
                ExternalFixture.member(staging, 0).candidateUuid(),
                ExternalFixture.member(completed, 0).candidateUuid(),
                "member 1's exact candidate was accepted, not reloaded");
        Expect.that(
                !ExternalFixture.member(staging, 1)
                        .candidateUuid()
                        .equals(ExternalFixture.member(completed, 1).candidateUuid()),
                "member 2's owned partial candidate was replaced");
        ExternalFixture.expectSent(cluster, StatementKind.DDL_EXCHANGE, 1);
        ExternalFixture.expectSent(cluster, StatementKind.DDL_DROP, 1);
        return List.of(interrupted, resumed);
    }

    /**
     * A row of one member's candidate changes between its load and its proof: divergence
     * (CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED), nothing published; the candidate was never
     * proven (LOADING), so a rerun replaces it as the owned partial candidate and publishes.
     */
    static List<Attempt> divergenceBeforeProof(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, 3, narrator);
        List<UUID> before = ExternalFixture.targets(cluster);
        cluster.arm(new StagingFault.ChangeRowAfterLoad(1));
        narrator.say("an outside writer changes a row of member 2's candidate right after its load");
        Attempt diverged = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("-> " + diverged.summary());
        ExternalFixture.expectOutcome(diverged, PublicationOutcome.UNKNOWN);
        ExternalFixture.expectCode(diverged, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED);
        ExternalRecord staging = driver.record(INVOCATION);
        Expect.equal(ExternalPhase.STAGING, staging.phase(), "phase");
        Expect.equal(MemberStage.LOADING, ExternalFixture.member(staging, 1).stage(), "member 2 was never proven");
        Expect.equal(before, ExternalFixture.targets(cluster), "no target changed");
        ExternalFixture.expectNothingPublished(cluster);
        narrator.say("the same invocation again: the unproven candidate is the owned partial one, so it is replaced");
        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        narrator.say("-> " + rerun.summary());
        ExternalFixture.expectOutcome(rerun, PublicationOutcome.COMMITTED);
        ExternalRecord completed = ExternalFixture.expectPublishedEverywhere(cluster, driver, INVOCATION, 5);
        Expect.that(
                !ExternalFixture.member(staging, 1)
                        .candidateUuid()
                        .equals(ExternalFixture.member(completed, 1).candidateUuid()),
                "member 2's changed candidate was replaced");
        ExternalFixture.expectSent(cluster, StatementKind.DDL_EXCHANGE, 1);
        return List.of(diverged, rerun);
    }

    /**
     * A candidate proven READY is changed before STAGED: every retry finds divergence, nothing is
     * published or replaced (a proven candidate is never reloaded by dpone).
     */
    static List<Attempt> divergenceAfterProof(ExternalAcceptanceCluster cluster, Narrator narrator) {
        ExternalDriver driver = ExternalFixture.prepare(cluster, 3, narrator);
        List<UUID> before = ExternalFixture.targets(cluster);
        cluster.arm(new StagingFault.KillDuringLoad(1, 2));
        Attempt interrupted = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("member 2 was killed mid-load -> " + interrupted.summary());
        ExternalFixture.expectOutcome(interrupted, PublicationOutcome.PREPARED);
        ExternalRecord staging = driver.record(INVOCATION);
        Expect.equal(MemberStage.READY, ExternalFixture.member(staging, 0).stage(), "member 1 is proven");
        cluster.restart(1);
        TableRef candidate = driver.candidate(INVOCATION);
        narrator.say("an outside writer changes a row of member 1's proven candidate");
        cluster.changeRow(0, candidate);
        List<Attempt> attempts = new ArrayList<>(List.of(interrupted));
        for (String worker : List.of("worker-2", "worker-3")) {
            Attempt retry = driver.publish(worker, INVOCATION, 5);
            narrator.say(worker + " -> " + retry.summary());
            ExternalFixture.expectOutcome(retry, PublicationOutcome.UNKNOWN);
            ExternalFixture.expectCode(retry, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED);
            Expect.equal(ExternalPhase.STAGING, driver.record(INVOCATION).phase(), "phase");
            Expect.equal(
                    java.util.Optional.of(ExternalFixture.member(staging, 0).candidateUuid()),
                    cluster.uuid(0, candidate),
                    "member 1's changed candidate is kept for an operator, never replaced");
            attempts.add(retry);
        }
        Expect.equal(before, ExternalFixture.targets(cluster), "no target changed");
        ExternalFixture.expectNothingPublished(cluster);
        return attempts;
    }
}
