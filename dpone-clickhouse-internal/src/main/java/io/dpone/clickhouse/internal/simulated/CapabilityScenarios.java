package io.dpone.clickhouse.internal.simulated;

import static io.dpone.clickhouse.internal.simulated.Fixture.INVOCATION;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Expect;
import io.dpone.testkit.acceptance.Narrator;
import java.util.List;
import java.util.Optional;

/**
 * Issue 11 and spec section 4's preflight: on a cluster whose members run no distributed-DDL
 * worker, publication fails closed at admission with the capability code, having sent nothing but
 * the harmless capability probe, and leaves every catalog and the Keeper store byte-identical;
 * both through the service and through {@code dpone publish}'s own composition root.
 */
final class CapabilityScenarios {
    private static final List<StatementKind> NEVER_SENT = List.of(
            StatementKind.KEEPER_MAP_INSERT,
            StatementKind.KEEPER_MAP_CAS,
            StatementKind.CANDIDATE_LOAD,
            StatementKind.DDL_CREATE_CANDIDATE,
            StatementKind.DDL_DISCARD_STAGING,
            StatementKind.DDL_CREATE_CONTROL,
            StatementKind.DDL_EXCHANGE,
            StatementKind.DDL_RENAME,
            StatementKind.DDL_DROP,
            StatementKind.OTHER_MUTATION);

    private CapabilityScenarios() {}

    static List<Attempt> capabilityMissing(AcceptanceCluster cluster, Narrator narrator) {
        PublicationDriver driver = Fixture.prepare(cluster, 0, narrator);
        for (int member = 0; member < cluster.members(); member++) {
            cluster.createFacadeOn(member, cluster.facade());
        }
        narrator.say("the control facade exists on every member; no member runs a distributed-DDL worker");
        String before = cluster.catalogFingerprint();
        Attempt service = driver.publish("worker-1", INVOCATION, 5);
        narrator.say("the service -> " + service.summary());
        expectCapabilityMissing(service);
        Fixture.expectSentOnce(cluster, StatementKind.DDL_CAPABILITY_PROBE);
        Fixture.expectNothingSent(cluster, NEVER_SENT.toArray(StatementKind[]::new));
        Expect.equal(before, cluster.catalogFingerprint(), "catalogs and Keeper after the service refused");
        narrator.say("catalogs and Keeper are byte-identical; now through dpone publish's composition root");
        Attempt host = cluster.publishThroughHost(INVOCATION, 5);
        narrator.say("dpone publish -> " + host.summary());
        expectCapabilityMissing(host);
        Expect.equal(before, cluster.catalogFingerprint(), "catalogs and Keeper after dpone publish refused");
        return List.of(service, host);
    }

    private static void expectCapabilityMissing(Attempt attempt) {
        Expect.that(attempt instanceof Attempt.Refused, "refused at admission, got " + attempt.summary());
        Expect.equal(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING), attempt.code(), "code");
    }
}
