package io.dpone.clickhouse.internal.simulated;

import static io.dpone.clickhouse.internal.simulated.Fixture.INVOCATION;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Drift;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Spec: "Change UUID, engine, schema, Keeper path, or membership; block before mutation". Drift
 * before the first statement blocks admission with nothing sent at all, not even the capability
 * probe (so these run on a cluster without a DDL worker too, with an empty target there); drift
 * after PREPARED is caught by the revalidation immediately before dispatch, and nothing is
 * dispatched or rebuilt.
 */
final class DriftScenarios {
    private DriftScenarios() {}

    /** A drift kind as a person says it ("keeper path"). */
    static String words(Drift drift) {
        return drift.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }

    /** The target drifts on one replica before the run: admission blocks and nothing is sent at all. */
    static List<Attempt> beforeAdmission(AcceptanceCluster cluster, Narrator narrator, Drift drift) {
        PublicationDriver driver = Fixture.prepare(cluster, 0, narrator);
        cluster.drift(1, cluster.target(), drift);
        narrator.say("the target's " + words(drift) + " drifted on replica 2");
        Attempt attempt = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "", attempt);
        Expect.that(attempt instanceof Attempt.Refused, "admission refuses the drifted target");
        Expect.equal(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN), attempt.code(), "code");
        Expect.equal(Map.of(), cluster.queueTokens(), "queue entries (nothing was sent)");
        Fixture.expectNothingSent(
                cluster,
                StatementKind.DDL_CAPABILITY_PROBE,
                StatementKind.DDL_CREATE_CANDIDATE,
                StatementKind.KEEPER_MAP_INSERT,
                StatementKind.DDL_CREATE_CONTROL,
                StatementKind.CANDIDATE_LOAD);
        return List.of(attempt);
    }

    /** Drift after PREPARED (membership included): the operation stays PREPARED; no EXCHANGE is ever sent. */
    static List<Attempt> beforeDispatch(AcceptanceCluster cluster, Narrator narrator, Drift drift) {
        PublicationDriver driver = Fixture.prepare(cluster, 3, narrator);
        cluster.arm(new ArmedFault.CrashBefore("worker-0", StatementKind.KEEPER_MAP_CAS));
        cluster.race(Map.of("worker-0", ports -> driver.publish("worker-0", ports, INVOCATION, driver.rows(5, false))));
        cluster.drift(1, drift == Drift.MEMBERSHIP ? cluster.target() : driver.candidate(INVOCATION), drift);
        narrator.say("worker-0 took the slot in PREPARED and crashed; then "
                + (drift == Drift.MEMBERSHIP
                        ? "replica 2 was removed from the cluster definition, so " + (cluster.members() - 1)
                                + " replicas remain"
                        : "the candidate's " + words(drift) + " drifted on replica 2"));
        Attempt attempt = driver.publish("worker-1", INVOCATION, 5);
        Fixture.result(narrator, "rerun", attempt);
        Expect.that(
                attempt.outcome()
                        .map(outcome -> outcome != PublicationOutcome.COMMITTED)
                        .orElse(true),
                "a drifted operation is never published");
        Fixture.expectNothingSent(
                cluster,
                StatementKind.DDL_EXCHANGE,
                StatementKind.DDL_RENAME,
                StatementKind.DDL_DROP,
                StatementKind.DDL_DISCARD_STAGING);
        return List.of(attempt);
    }
}
