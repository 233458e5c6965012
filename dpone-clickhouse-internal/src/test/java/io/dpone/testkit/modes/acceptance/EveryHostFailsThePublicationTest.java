package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.Fixture;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The spec's "all pending after dispatch / terminal failure → V1 fails closed" through the real
 * {@code InternalPublicationService} on the deterministic simulator (simulator evidence): every host
 * fails the one {@code EXCHANGE} entry with a terminal error, so no replica changed. The service
 * returns {@code failed} with {@code CLICKHOUSE_CLUSTER_DDL_UNRESOLVED} (exit 10 at the CLI, as
 * docs/reference/internal-mode.md and cli.md say), keeps both generations, never sends a second
 * publication statement or any cleanup, and a rerun and {@code status} report the same.
 */
class EveryHostFailsThePublicationTest {
    private static final String INVOCATION = "nightly-all-fail";

    @Test
    void aTerminalErrorOnEveryHostIsFailedAndKeepsBothGenerations() {
        SimulatedCluster cluster = SimulatedCluster.of(3, 17, PublicationDriver.FACADE);
        PublicationDriver driver = Fixture.prepare(cluster, 3, Narrator.SILENT);
        UUID before = Fixture.uniformTarget(cluster);
        for (int member = 0; member < cluster.members(); member++) {
            cluster.arm(new ArmedFault.FailOnHost(member, StatementKind.DDL_EXCHANGE, 60));
        }

        Attempt failed = driver.publish("worker-1", INVOCATION, 5);

        assertEquals(Optional.of(PublicationOutcome.FAILED), failed.outcome(), failed.summary());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED), failed.code());
        assertEquals("ALL_PENDING_TERMINAL_FAILURE", Fixture.classification(failed));
        assertEquals(Map.of(1L, "PENDING", 2L, "PENDING", 3L, "PENDING"), failed.memberStates());
        assertEquals("DISPATCHING", failed.receipt().detail().get("phase"), "the record stays for an operator");
        TableRef candidate = driver.candidate(INVOCATION);
        for (int member = 0; member < cluster.members(); member++) {
            assertEquals(Optional.of(before), cluster.uuid(member, cluster.target()), "target unchanged on " + member);
            assertTrue(cluster.uuid(member, candidate).isPresent(), "desired generation kept on " + member);
        }

        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        Attempt status = driver.status("observer", INVOCATION);

        assertEquals(
                Optional.of(PublicationOutcome.FAILED),
                rerun.outcome(),
                "V1 never retries the publication: " + rerun.summary());
        assertEquals(Optional.of(PublicationOutcome.FAILED), status.outcome(), status.summary());
        assertEquals(1L, cluster.sent(StatementKind.DDL_EXCHANGE), "one EXCHANGE, never replayed");
        assertEquals(0L, cluster.sent(StatementKind.DDL_DROP), "no cleanup");
        assertEquals(0L, cluster.sent(StatementKind.DDL_DISCARD_STAGING), "the bound candidate is not discarded");
        assertEquals(1L, cluster.maxSendsPerMutation(), "every mutation sent once");
    }
}
