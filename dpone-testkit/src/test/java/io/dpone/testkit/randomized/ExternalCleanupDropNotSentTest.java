package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.ExternalDriver;
import io.dpone.testkit.acceptance.PublicationDriver;
import io.dpone.testkit.acceptance.SimulatedExternalCluster;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.Fault;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The documented difference from internal mode ({@link LostCleanupDropTest}), simulator evidence:
 * external mode has no record state for a lost drop, so a cleanup drop that provably never reached
 * the server is never redispatched. The invocation ends unknown with
 * CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN and says so; the rerun finds no entry carrying the
 * token and ends the same way, sending nothing; every predecessor stays under the candidate name.
 */
class ExternalCleanupDropNotSentTest {
    @Test
    void aDropThatWasNotSentIsNeverRedispatchedAndEveryRetryEndsUnknown() {
        ClusterSimulator simulator = ClusterSimulator.builder().members(2).seed(43).internalReplication(false).build();
        ExternalInvariantChecker checker = new ExternalInvariantChecker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE)) {
            ExternalDriver driver = new ExternalDriver(cluster);
            cluster.createDatabases(PublicationDriver.TARGET.database(), PublicationDriver.FACADE.control().database());
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), driver.publish("w0", "nightly-A", 3).outcome());
            simulator.arm(Step.call(PortCall.DDL_DISPATCH).kind(StatementKind.DDL_DROP), Fault.failBeforeSend());

            Attempt lost = driver.publish("w1", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.UNKNOWN), lost.outcome(), lost.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN), lost.code());
            assertTrue(lost.summary().contains("never redispatches"), lost.summary());
            ExternalRecord record = driver.record("nightly-B");
            assertEquals(ExternalPhase.CLEANUP_DISPATCHING, record.phase());
            assertEquals(null, record.payload().cleanup().entry(), "no entry is bound for a drop that was never sent");
            assertEquals(1, drops(simulator), "the one drop the transport refused");

            Attempt rerun = driver.publish("w2", "nightly-B", 4);

            assertEquals(Optional.of(PublicationOutcome.UNKNOWN), rerun.outcome(), rerun.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN), rerun.code());
            assertTrue(rerun.summary().contains("never redispatched"), rerun.summary());
            assertEquals(1, drops(simulator), "the rerun sends no drop");
            assertEquals(ExternalPhase.CLEANUP_DISPATCHING, driver.record("nightly-B").phase());
            assertEquals(List.of(), checker.violations());
        }
    }

    private static long drops(ClusterSimulator simulator) {
        return simulator.observe().calls().records().stream()
                .filter(r -> r.call() == PortCall.DDL_DISPATCH && r.kind() == StatementKind.DDL_DROP).count();
    }
}
