package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Spec section 6, simulator evidence: "A lost or terminal-partial drop may be redispatched because
 * it is monotonic only when every remaining object still has the exact predecessor identity and
 * absent members contain no conflicting object." A drop that provably never reached the server, or
 * whose entry no longer exists, is recorded as lost (CLEANUP_PENDING without an entry) and
 * redispatched once under a fresh epoch; two entries carrying one cleanup token stay unsafe.
 */
class LostCleanupDropTest {
    private static final String INVOCATION = "nightly-A";
    private static final Step.Call DROP = Step.call(PortCall.DDL_DISPATCH).kind(StatementKind.DDL_DROP);

    @Test
    void aDropThatWasNotSentIsRedispatchedByTheSameInvocation() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 11);
        sim.simulator.arm(DROP, SimulatorFault.failBeforeSend());

        Attempt attempt = sim.publish("w1", 0, INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), attempt.outcome(), attempt.summary());
        assertEquals(2, sim.dispatches(StatementKind.DDL_DROP).size(), "the refused drop and its one redispatch");
        assertEquals(1, sim.answered(StatementKind.DDL_DROP), "one drop reached the server");
        assertEquals(1, sim.dropEntries());
        assertEquals(1, sim.answered(StatementKind.DDL_EXCHANGE));
        predecessorAbsentEverywhere(sim, 3);
        assertEquals(List.of(), sim.checker.violations());
    }

    @Test
    void aDropLostWithItsWorkerIsRedispatchedByTheRerun() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 12);
        sim.simulator.arm(DROP, SimulatorFault.crashWorker());
        assertEquals(Optional.empty(), sim.publish("w1", 0, INVOCATION, Cancellation.NEVER), "w1 dies at the drop");
        assertEquals(0, sim.dropEntries(), "the drop never reached the server");
        Attempt status = sim.driver.status("reader", INVOCATION);
        assertEquals(Optional.of(PublicationOutcome.WAITING), status.outcome(), status.summary());
        assertTrue(status.summary().contains("no queue entry carries the cleanup drop's token yet"), status.summary());

        Attempt rerun = sim.publish("w2", 1, INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(2, sim.dispatches(StatementKind.DDL_DROP).size(), "the lost drop and the rerun's one redispatch");
        assertEquals(1, sim.dropEntries(), "one drop reached the server");
        assertEquals(1, sim.dispatches(StatementKind.DDL_EXCHANGE).size(), "never a second publication statement");
        predecessorAbsentEverywhere(sim, 3);
        assertEquals(List.of(), sim.checker.violations());
    }

    /** The drop was enqueued and ran everywhere, its worker died unanswered, and the entry was garbage-collected. */
    @Test
    void aDropWhoseAnswerAndEntryAreGoneEarnsItsReceiptWithANoOpRedispatch() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 13);
        sim.simulator.arm(DROP.afterEffect(), SimulatorFault.crashWorker());
        assertEquals(Optional.empty(), sim.publish("w1", 0, INVOCATION, Cancellation.NEVER), "w1 dies after the drop");
        TableRef candidate = sim.candidate(INVOCATION);
        garbageCollectTheQueue(sim);

        Attempt rerun = sim.publish("w2", 1, INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(
                2,
                sim.dispatches(StatementKind.DDL_DROP).size(),
                "the lost drop and one redispatch (a no-op IF EXISTS)");
        assertEquals(1, sim.answered(StatementKind.DDL_DROP));
        for (int member = 0; member < 3; member++) {
            assertFalse(sim.holds(member, candidate), "predecessor left on member " + member);
        }
        assertEquals(List.of(), sim.checker.violations());
    }

    /** The drop failed on one host, its worker died unanswered and its entry is gone: the copy left is dropped. */
    @Test
    void aPartialDropWhoseEntryIsGoneIsRedispatchedForTheCopyLeft() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 14);
        sim.simulator.arm(
                Step.hostExecutes(2, StatementKind.DDL_DROP),
                SimulatorFault.hostError(999, "KEEPER_EXCEPTION", "Keeper lost"));
        sim.simulator.arm(DROP.afterEffect(), SimulatorFault.crashWorker());
        assertEquals(Optional.empty(), sim.publish("w1", 0, INVOCATION, Cancellation.NEVER));
        TableRef candidate = sim.candidate(INVOCATION);
        assertTrue(sim.holds(2, candidate), "member 2 kept its predecessor copy");
        garbageCollectTheQueue(sim);

        Attempt rerun = sim.publish("w2", 1, INVOCATION);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(2, sim.dispatches(StatementKind.DDL_DROP).size(), "the partial drop and one redispatch");
        assertEquals(1, sim.answered(StatementKind.DDL_DROP));
        for (int member = 0; member < 3; member++) {
            assertFalse(sim.holds(member, candidate), "predecessor left on member " + member);
        }
        assertEquals(List.of(), sim.checker.violations());
    }

    @Test
    void twoEntriesCarryingTheCleanupTokenStayUnsafeAndNothingIsRedispatched() {
        ServiceOnSimulator sim = new ServiceOnSimulator(3, 15);
        sim.simulator.arm(DROP, SimulatorFault.duplicateEntry());

        Attempt attempt = sim.publish("w1", 0, INVOCATION);
        Attempt rerun = sim.publish("w2", 1, INVOCATION);

        for (Attempt each : List.of(attempt, rerun)) {
            assertEquals(Optional.of(PublicationOutcome.UNKNOWN), each.outcome(), each.summary());
            assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_CLEANUP_UNSAFE), each.code());
        }
        assertEquals(1, sim.dispatches(StatementKind.DDL_DROP).size(), "no second drop");
        assertEquals(List.of(), sim.checker.violations());
    }

    private static void garbageCollectTheQueue(ServiceOnSimulator sim) {
        sim.simulator.advance(Duration.ofSeconds(5));
        sim.simulator.admin().cleanupQueue(Duration.ZERO);
        sim.simulator.advance(Duration.ofMinutes(5));
        assertEquals(
                List.of(),
                sim.simulator.observe().queue().stream()
                        .filter(entry -> entry.logComment() != null
                                && DdlCorrelationToken.parse(entry.logComment())
                                        .map(token -> token.action() == DdlAction.DROP)
                                        .orElse(false))
                        .toList(),
                "the drop entry is gone");
    }

    private static void predecessorAbsentEverywhere(ServiceOnSimulator sim, int members) {
        TableRef candidate = sim.candidate(INVOCATION);
        for (int member = 0; member < members; member++) {
            assertFalse(sim.holds(member, candidate), "predecessor left on member " + member);
        }
    }
}
