package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * A fenced pre-publication operation leaves its phase only through the safe abort run by its own
 * invocation (audit gap 7), on the deterministic simulator (two members, no process). The drift
 * is in the fenced snapshot's resolver output: the runtime translation of the members changes to
 * an alias that reaches the same simulated members, so only the inventory digest changes. A
 * foreign invocation stays refused while the operation is fenced (drift never authorizes a second
 * operation); once the operation is ABORTED, a new invocation takes the target by the ordinary
 * version-checked CAS and publishes.
 */
class FencedOperationAbortTest {
    /** CASes of an absent target on two members: LOCKED->STAGING, LOADING and READY per member, then STAGED. */
    static final int STAGED_CAS = 6;

    @Test
    void aLockedOperationFencedByDriftIsAbortedByItsOwnRunAndANewInvocationThenPublishes() {
        try (Fixture fixture = new Fixture()) {
            AtomicInteger resolutions = new AtomicInteger();
            // admission resolves both members; the re-read before binding sees the alias: drift inside LOCKED
            Attempt drifted = fixture.driver.publish(
                    "w1", fixture.ports("w1", n -> resolutions.getAndIncrement() >= 2), "nightly-A", 3);
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE),
                    drifted.code(),
                    drifted.summary());
            assertEquals(
                    ExternalPhase.LOCKED, fixture.driver.record("nightly-A").phase());

            PublicationReceipt status =
                    fixture.driver.service("w2", fixture.aliased("w2")).status(Optional.of("nightly-A"));
            assertEquals(
                    PublicationOutcome.PREPARED,
                    status.outcome(),
                    status.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), status.errorCode());

            Attempt foreign = fixture.driver.publish("w3", fixture.aliased("w3"), "nightly-B", 3);
            assertInstanceOf(Attempt.Refused.class, foreign, foreign.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT), foreign.code());

            Attempt aborted = fixture.driver.publish("w2", fixture.aliased("w2"), "nightly-A", 3);
            assertEquals(Optional.of(PublicationOutcome.ABORTED), aborted.outcome(), aborted.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), aborted.code());
            ExternalRecord record = fixture.driver.record("nightly-A");
            assertEquals(ExternalPhase.ABORTED, record.phase());
            assertEquals(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                    record.payload().abortCode());
            fixture.noMemberHas("nightly-A");
            PublicationReceipt ended =
                    fixture.driver.service("w2", fixture.aliased("w2")).status(Optional.of("nightly-A"));
            assertEquals(
                    PublicationOutcome.ABORTED, ended.outcome(), ended.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), ended.errorCode());

            Attempt next = fixture.driver.publish("w3", fixture.aliased("w3"), "nightly-B", 3);
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), next.outcome(), next.summary());
            assertEquals(List.of(), fixture.checker.violations());
            PublicationReceipt done =
                    fixture.driver.service("w3", fixture.aliased("w3")).status(Optional.of("nightly-B"));
            assertEquals(
                    PublicationOutcome.COMMITTED, done.outcome(), done.detail().toString());
        }
    }

    @Test
    void aStagedOperationFencedByDriftWithdrawsItsPermitDropsExactlyItsCandidatesAndIsAborted() {
        try (Fixture fixture = new Fixture()) {
            fixture.cluster
                    .simulator()
                    .arm(
                            Step.call(PortCall.CONTROL_CAS)
                                    .kind(StatementKind.KEEPER_MAP_CAS)
                                    .nth(STAGED_CAS),
                            SimulatorFault.loseResponse());
            Attempt lost = fixture.driver.publish("w1", "nightly-A", 3);
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN),
                    lost.code(),
                    lost.summary());
            assertEquals(
                    ExternalPhase.STAGED, fixture.driver.record("nightly-A").phase());
            for (int member = 0; member < 2; member++) {
                assertTrue(
                        fixture.cluster
                                .uuid(member, fixture.driver.candidate("nightly-A"))
                                .isPresent(),
                        "staged");
            }

            PublicationReceipt unfenced =
                    fixture.driver.service("w2", fixture.cluster.ports("w2")).status(Optional.of("nightly-A"));
            assertEquals(
                    PublicationOutcome.PREPARED,
                    unfenced.outcome(),
                    unfenced.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
                    unfenced.errorCode(),
                    "staged, not sent");
            PublicationReceipt status =
                    fixture.driver.service("w2", fixture.aliased("w2")).status(Optional.of("nightly-A"));
            assertEquals(
                    PublicationOutcome.PREPARED,
                    status.outcome(),
                    status.detail().toString());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), status.errorCode());

            Attempt aborted = fixture.driver.publish("w2", fixture.aliased("w2"), "nightly-A", 3);
            assertEquals(Optional.of(PublicationOutcome.ABORTED), aborted.outcome(), aborted.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE), aborted.code());
            assertEquals(
                    ExternalPhase.ABORTED, fixture.driver.record("nightly-A").phase());
            fixture.noMemberHas("nightly-A");
            for (int member = 0; member < 2; member++) {
                assertTrue(
                        fixture.cluster.uuid(member, PublicationDriver.TARGET).isEmpty(), "nothing was published");
            }
            assertEquals(
                    0,
                    fixture.cluster.sent(StatementKind.DDL_RENAME) + fixture.cluster.sent(StatementKind.DDL_EXCHANGE),
                    "no publication statement was sent");

            Attempt next = fixture.driver.publish("w3", fixture.aliased("w3"), "nightly-B", 3);
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), next.outcome(), next.summary());
            assertEquals(List.of(), fixture.checker.violations());
            identifiesWithoutTheFence(next.receipt(), fixture.driver.record("nightly-B"));
        }
    }

    /**
     * The receipt names the fence only by a digest and each bound queue entry by the correlation
     * token its {@code log_comment} carries (docs/reference/external-mode.md, receipt fields).
     */
    private static void identifiesWithoutTheFence(PublicationReceipt receipt, ExternalRecord record) {
        String fence = record.fenceToken().hex();
        assertTrue(!receipt.detail().toString().contains(fence), "the fence token itself never appears");
        Object digest = receipt.detail().get("fence_token_digest");
        assertTrue(
                digest instanceof String text && text.matches("[0-9a-f]{64}") && !text.equals(fence),
                String.valueOf(digest));
        for (String ddl : List.of("publication_ddl", "cleanup_ddl")) {
            Object binding = receipt.detail().get(ddl);
            if (binding != null) {
                Object token = ((java.util.Map<?, ?>) binding).get("correlation_token");
                assertTrue(
                        token instanceof String text && text.startsWith(DdlCorrelationToken.PREFIX),
                        ddl + ": " + token);
            }
        }
        assertTrue(receipt.detail().get("publication_ddl") != null, "a committed receipt binds its publication entry");
    }

    /** Two simulated members, an absent target, and ports whose resolver may translate to an alias. */
    static final class Fixture implements AutoCloseable {
        private static final String ALIAS = "alias.";
        final ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(11)
                .internalReplication(false)
                .build();
        final InvariantChecker checker = ExternalInvariants.checker(simulator, PublicationDriver.TARGET);
        final SimulatedExternalCluster cluster;
        final ExternalDriver driver;

        Fixture() {
            simulator.observeSteps(checker);
            cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE);
            driver = new ExternalDriver(cluster);
            cluster.createDatabases(
                    PublicationDriver.TARGET.database(),
                    PublicationDriver.FACADE.control().database());
        }

        /** The worker's ports with every resolution translated to the alias. */
        ExternalPorts aliased(String worker) {
            return ports(worker, n -> true);
        }

        /** The worker's ports; resolution number {@code n} is translated to the alias when {@code aliased} says so. */
        ExternalPorts ports(String worker, IntPredicate aliased) {
            ExternalPorts base = cluster.ports(worker);
            AtomicInteger calls = new AtomicInteger();
            EndpointResolver resolver = member -> new ResolvedEndpoint(
                    (aliased.test(calls.getAndIncrement()) ? ALIAS : "") + member.hostName(), member.nativePort());
            MemberSessions sessions = endpoint -> base.members()
                    .session(new ResolvedEndpoint(
                            endpoint.host().startsWith(ALIAS)
                                    ? endpoint.host().substring(ALIAS.length())
                                    : endpoint.host(),
                            endpoint.port()));
            return new ExternalPorts(
                    base.catalog(),
                    base.ddl(),
                    base.authority(),
                    base.facades(),
                    sessions,
                    resolver,
                    base.store(),
                    base.clock(),
                    base.sleeper());
        }

        void noMemberHas(String invocation) {
            for (int member = 0; member < 2; member++) {
                assertTrue(
                        cluster.uuid(member, driver.candidate(invocation)).isEmpty(),
                        "member " + member + " has no candidate");
            }
        }

        @Override
        public void close() {
            cluster.close();
        }
    }
}
