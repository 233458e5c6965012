package io.dpone.clickhouse.cluster.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.Permits;
import io.dpone.clickhouse.cluster.contract.ContractFixtures;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassification;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The publication engine's order of effects, pure: with a scripted driver (records are phase
 * names, endings are strings) it sends at most once and only under a granted permit, never from
 * reconciliation, binds before it reads, and ends with the driver's own ending for each case.
 */
class PublicationEngineTest {
    private static final DispatchPermit PERMIT =
            Permits.issue(ContractFixtures.TARGET_KEY, ContractFixtures.OPERATION, ContractFixtures.FENCE, 1, 2);

    @Test
    void aGrantedCasSendsOnceThenReconcilesToTheCommit() {
        Scripted driver = new Scripted();
        driver.cas = new PublicationDriver.DispatchCas.Granted<>("DISPATCHING", PERMIT);
        driver.classification = PublicationClassification.COMMIT_PROVEN_PROCEED_TO_CLEANUP;

        StepResult<String, String> result = PublicationEngine.dispatch(driver, "PREPARED");

        assertEquals(new StepResult.Continue<String, String>("COMMITTED"), result);
        assertEquals(
                List.of(
                        "revalidate",
                        "progress dispatch",
                        "openDispatch",
                        "note publication dispatched",
                        "send",
                        "outside",
                        "fence",
                        "bind",
                        "persistEntry",
                        "outside",
                        "fence",
                        "read",
                        "classify",
                        "commit TERMINAL_SUCCESS"),
                driver.calls);
    }

    @Test
    void aCasAnotherWorkerWonIsReconciledAndNeverSent() {
        Scripted driver = new Scripted();
        driver.cas = new PublicationDriver.DispatchCas.Joined<>("DISPATCHING");
        driver.classification = PublicationClassification.IN_PROGRESS;

        StepResult<String, String> result = PublicationEngine.dispatch(driver, "PREPARED");

        assertEquals(new StepResult.Concluded<String, String>("still running"), result);
        assertEquals(
                0, driver.calls.stream().filter(call -> call.startsWith("send")).count(), driver.calls.toString());
        assertEquals(
                List.of("pause", "pause"),
                driver.calls.stream().filter(c -> c.startsWith("pause")).toList());
    }

    @Test
    void aRefusedRevalidationAttemptsNoCas() {
        Scripted driver = new Scripted();
        driver.refusal = Optional.of(new StepResult.Concluded<>("refused"));

        assertEquals(
                new StepResult.Concluded<String, String>("refused"), PublicationEngine.dispatch(driver, "PREPARED"));
        assertEquals(List.of("revalidate"), driver.calls);
    }

    @Test
    void aStatementThatProvablyDidNotLeaveEndsWithoutReconciling() {
        Scripted driver = new Scripted();
        driver.cas = new PublicationDriver.DispatchCas.Granted<>("DISPATCHING", PERMIT);
        driver.dispatch = new DdlDispatch.NotSent("q", "refused connection");

        assertEquals(
                new StepResult.Concluded<String, String>("not sent"), PublicationEngine.dispatch(driver, "PREPARED"));
        assertEquals("send", driver.calls.get(driver.calls.size() - 1));
    }

    @Test
    void onlyAnExpiredPermitEndsTheStepAnyOtherRefusalOfAFreshPermitIsADefect() {
        Scripted expired = new Scripted();
        expired.cas = new PublicationDriver.DispatchCas.Granted<>("DISPATCHING", PERMIT);
        expired.dispatch = new DdlDispatch.PermitRefused(DdlDispatch.Refusal.EXPIRED);
        assertEquals(
                new StepResult.Concluded<String, String>("permit expired"),
                PublicationEngine.dispatch(expired, "PREPARED"));

        Scripted spent = new Scripted();
        spent.cas = new PublicationDriver.DispatchCas.Granted<>("DISPATCHING", PERMIT);
        spent.dispatch = new DdlDispatch.PermitRefused(DdlDispatch.Refusal.ALREADY_SPENT);
        assertThrows(IllegalStateException.class, () -> PublicationEngine.dispatch(spent, "PREPARED"));
    }

    @Test
    void anUnboundEntryEndsWithTheModesUnboundEndingAndNothingSent() {
        Scripted driver = new Scripted();
        driver.binding = new QueueBinding.Unbound(QueueResolution.Cause.MULTIPLE_ENTRIES);

        StepResult<String, String> result = PublicationEngine.reconcile(driver, "DISPATCHING");

        assertEquals(new StepResult.Concluded<String, String>("unbound MULTIPLE_ENTRIES"), result);
        assertEquals(
                List.of("outside", "fence", "bind", "note publication entry unbound: MULTIPLE_ENTRIES"), driver.calls);
    }

    @Test
    void theFenceStopsReconciliationBeforeAnyQueueRead() {
        Scripted driver = new Scripted();
        driver.drift = Optional.of("drifted");

        assertEquals(
                new StepResult.Concluded<String, String>("drifted"),
                PublicationEngine.reconcile(driver, "DISPATCHING"));
        assertEquals(List.of("outside", "fence"), driver.calls);
    }

    @Test
    void eachTerminalVerdictEndsWithItsOwnEnding() {
        Map<PublicationClassification, String> endings = Map.of(
                PublicationClassification.PARTIAL_TERMINAL, "terminal partial",
                PublicationClassification.ALL_PENDING_TERMINAL_FAILURE, "all failed",
                PublicationClassification.OUTCOME_UNKNOWN, "unproven OUTCOME_UNKNOWN");
        endings.forEach((classification, ending) -> {
            Scripted driver = new Scripted();
            driver.classification = classification;
            assertEquals(
                    new StepResult.Concluded<String, String>(ending),
                    PublicationEngine.reconcile(driver, "BOUND"),
                    classification.name());
        });
    }

    /** Records every call; the record is its phase name, "BOUND" once the entry is persisted. */
    private static final class Scripted implements PublicationDriver<String, String> {
        final List<String> calls = new ArrayList<>();
        Optional<StepResult<String, String>> refusal = Optional.empty();
        DispatchCas<String, String> cas;
        DdlDispatch dispatch = new DdlDispatch.Sent("q", new DdlDispatch.InitiatorAnswer.Acknowledged());
        Optional<String> drift = Optional.empty();
        QueueBinding binding = new QueueBinding.Bound(new QueueLookup.Bound(
                new BoundEntry("c", "query-0000000001", ContractFixtures.TARGET_KEY, "token"), "digest", "query"));
        PublicationClassification classification = PublicationClassification.IN_PROGRESS;

        @Override
        public Optional<StepResult<String, String>> revalidate(String prepared) {
            calls.add("revalidate");
            return refusal;
        }

        @Override
        public void progress(String name) {
            calls.add("progress " + name);
        }

        @Override
        public void note(String step) {
            calls.add("note " + step);
        }

        @Override
        public DispatchCas<String, String> openDispatch(String prepared) {
            calls.add("openDispatch");
            return cas;
        }

        @Override
        public DdlDispatch send(String dispatching, DispatchPermit permit) {
            calls.add("send");
            return dispatch;
        }

        @Override
        public Optional<StepResult<String, String>> outsideDispatching(String current) {
            if (current.equals("DISPATCHING") || current.equals("BOUND")) {
                calls.add("outside");
                return Optional.empty();
            }
            return Optional.of(new StepResult.Continue<>(current));
        }

        @Override
        public Optional<String> fence(String dispatching) {
            calls.add("fence");
            return drift;
        }

        @Override
        public boolean entryBound(String dispatching) {
            return dispatching.equals("BOUND");
        }

        @Override
        public QueueBinding bind(String dispatching) {
            calls.add("bind");
            return binding;
        }

        @Override
        public StepResult<String, String> persistEntry(String dispatching, BoundEntry entry) {
            calls.add("persistEntry");
            return new StepResult.Continue<>("BOUND");
        }

        @Override
        public EntryAggregation read(String dispatching) {
            calls.add("read");
            QueueStatus status = classification == PublicationClassification.IN_PROGRESS
                    ? QueueStatus.IN_PROGRESS
                    : QueueStatus.TERMINAL_SUCCESS;
            return new EntryAggregation(status, Map.of(), 0, 0, 0, 0);
        }

        @Override
        public PublicationVerdict classify(String dispatching, QueueResult queue) {
            calls.add("classify");
            return new PublicationVerdict(
                    classification,
                    Map.of(),
                    classification == PublicationClassification.OUTCOME_UNKNOWN
                            ? UnknownCause.MEMBER_UNAVAILABLE
                            : null);
        }

        @Override
        public StepResult<String, String> commit(String dispatching, QueueStatus outcome) {
            calls.add("commit " + outcome);
            return new StepResult.Continue<>("COMMITTED");
        }

        @Override
        public boolean pause(int attempt) {
            calls.add("pause");
            return calls.stream().filter(call -> call.equals("pause")).count() < 2;
        }

        @Override
        public String notSent() {
            return "not sent";
        }

        @Override
        public String permitExpired() {
            return "permit expired";
        }

        @Override
        public String unbound(String dispatching, QueueResolution.Cause cause) {
            return "unbound " + cause;
        }

        @Override
        public String stillRunning() {
            return "still running";
        }

        @Override
        public String terminalPartial() {
            return "terminal partial";
        }

        @Override
        public String allFailed() {
            return "all failed";
        }

        @Override
        public String unproven(PublicationVerdict verdict) {
            return "unproven " + verdict.classification();
        }
    }
}
