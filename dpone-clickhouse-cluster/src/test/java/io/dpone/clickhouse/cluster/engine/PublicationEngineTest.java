package io.dpone.clickhouse.cluster.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.Permits;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotVersions;
import io.dpone.clickhouse.cluster.contract.ContractFixtures;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassification;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.ddl.FakeDdlPort;
import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.cluster.flow.Waits;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.invocation.InvocationEvidence;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The publication engine's order of effects, pure: with a scripted driver (records are phase
 * names, endings are strings) it sends at most once and only under a granted permit, never from
 * reconciliation, binds before it reads, and ends with the driver's own ending for each case. The
 * invocation's progress and waits are recorded in the same call list; its evidence steps apart.
 */
class PublicationEngineTest {
    private static final DispatchPermit PERMIT =
            Permits.issue(ContractFixtures.TARGET_KEY, ContractFixtures.OPERATION, ContractFixtures.FENCE, 1, 2);

    @Test
    void aGrantedCasSendsOnceThenReconcilesToTheCommit() {
        Scripted driver = new Scripted();
        driver.cas = new SlotWrites.Step.Advanced<>(at("DISPATCHING"), Optional.of(PERMIT), true);
        driver.classification = PublicationClassification.COMMIT_PROVEN_PROCEED_TO_CLEANUP;

        StepResult<Phase> result = engine(driver).dispatch(at("PREPARED"));

        assertEquals(new StepResult.Continue<Phase>(at("COMMITTED")), result);
        assertEquals(
                List.of(
                        "revalidate",
                        "progress dispatch",
                        "openDispatch",
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
        assertEquals(List.of("publication dispatched"), driver.evidence.detail().get("steps"));
    }

    @Test
    void aCasAnotherWorkerWonIsReconciledAndNeverSent() {
        Scripted driver = new Scripted();
        driver.cas = new SlotWrites.Step.Advanced<>(at("DISPATCHING"), Optional.empty(), false);
        driver.classification = PublicationClassification.IN_PROGRESS;

        StepResult<Phase> result = engine(driver).dispatch(at("PREPARED"));

        assertEquals(new StepResult.Concluded<Phase>(ending("still running")), result);
        assertEquals(
                0, driver.calls.stream().filter(call -> call.startsWith("send")).count(), driver.calls.toString());
        // the bound's three looks: binding takes the first, then two reads with one wait between them
        assertEquals(
                List.of("read", "pause", "read"),
                driver.calls.stream()
                        .filter(c -> c.equals("pause") || c.equals("read"))
                        .toList());
    }

    @Test
    void aRefusedRevalidationAttemptsNoCas() {
        Scripted driver = new Scripted();
        driver.refusal = Optional.of(new StepResult.Concluded<>(ending("refused")));

        assertEquals(
                new StepResult.Concluded<Phase>(ending("refused")),
                engine(driver).dispatch(at("PREPARED")));
        assertEquals(List.of("revalidate"), driver.calls);
    }

    @Test
    void aStatementThatProvablyDidNotLeaveEndsWithoutReconciling() {
        Scripted driver = new Scripted();
        driver.cas = new SlotWrites.Step.Advanced<>(at("DISPATCHING"), Optional.of(PERMIT), true);
        driver.dispatch = new DdlDispatch.NotSent("q", "refused connection");

        assertEquals(
                new StepResult.Concluded<Phase>(ending("not sent")),
                engine(driver).dispatch(at("PREPARED")));
        assertEquals("send", driver.calls.get(driver.calls.size() - 1));
    }

    @Test
    void onlyAnExpiredPermitEndsTheStepAnyOtherRefusalOfAFreshPermitIsADefect() {
        Scripted expired = new Scripted();
        expired.cas = new SlotWrites.Step.Advanced<>(at("DISPATCHING"), Optional.of(PERMIT), true);
        expired.dispatch = new DdlDispatch.PermitRefused(DdlDispatch.Refusal.EXPIRED);
        assertEquals(
                new StepResult.Concluded<Phase>(ending("permit expired")),
                engine(expired).dispatch(at("PREPARED")));

        Scripted spent = new Scripted();
        spent.cas = new SlotWrites.Step.Advanced<>(at("DISPATCHING"), Optional.of(PERMIT), true);
        spent.dispatch = new DdlDispatch.PermitRefused(DdlDispatch.Refusal.ALREADY_SPENT);
        assertThrows(IllegalStateException.class, () -> engine(spent).dispatch(at("PREPARED")));
    }

    @Test
    void anUnboundEntryEndsWithTheModesUnboundEndingAndNothingSent() {
        Scripted driver = new Scripted();
        driver.binding = new QueueBinding.Unbound(QueueResolution.Cause.MULTIPLE_ENTRIES);

        StepResult<Phase> result = engine(driver).reconcile(at("DISPATCHING"));

        assertEquals(new StepResult.Concluded<Phase>(ending("unbound MULTIPLE_ENTRIES")), result);
        assertEquals(List.of("outside", "fence", "bind"), driver.calls);
        assertEquals(
                List.of("publication entry unbound: MULTIPLE_ENTRIES"),
                driver.evidence.detail().get("steps"));
    }

    @Test
    void theFenceStopsReconciliationBeforeAnyQueueRead() {
        Scripted driver = new Scripted();
        driver.drift = Optional.of(ending("drifted"));

        assertEquals(
                new StepResult.Concluded<Phase>(ending("drifted")),
                engine(driver).reconcile(at("DISPATCHING")));
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
                    new StepResult.Concluded<Phase>(ending(ending)),
                    engine(driver).reconcile(at("BOUND")),
                    classification.name());
        });
    }

    /** A record that is only its phase name; "BOUND" stands for DISPATCHING with its entry persisted. */
    record Phase(String phaseName) implements SlotRecord {
        @Override
        public Digest targetKey() {
            return ContractFixtures.TARGET_KEY;
        }

        @Override
        public Digest operationId() {
            return ContractFixtures.OPERATION;
        }

        @Override
        public FenceToken fenceToken() {
            return ContractFixtures.FENCE;
        }

        @Override
        public long dispatchEpoch() {
            return 1;
        }
    }

    /**
     * The engine over {@code driver} in an invocation whose progress steps and waits go to the
     * driver's call list ("progress NAME", "pause" per wait) and whose entry wait allows two pauses.
     */
    private static PublicationEngine<Phase> engine(Scripted driver) {
        ProgressListener progress = new ProgressListener() {
            @Override
            public void step(String name) {
                driver.calls.add("progress " + name);
            }

            @Override
            public void waiting(String what, int attempt, int maxAttempts) {
                driver.calls.add("pause");
            }
        };
        BoundedWait threeLooks = new BoundedWait(3, Duration.ZERO, Duration.ZERO);
        QueueEntryResolver queue = new QueueEntryResolver(
                new FakeDdlPort(),
                Sha256ProtocolDigests.INSTANCE,
                threeLooks,
                threeLooks,
                duration -> {},
                Cancellation.NEVER);
        return new PublicationEngine<>(
                driver,
                new Invocation<>(new Waits(duration -> {}, Cancellation.NEVER, progress), queue, driver.evidence));
    }

    /** Evidence whose record fields are none: the tests read only its steps. */
    private static final class PhaseEvidence extends InvocationEvidence<Phase> {
        PhaseEvidence() {
            super(ReceiptTimes.ofRead());
        }

        @Override
        protected void putRecord(SlotVersion<Phase> version, Map<String, Object> detail, BoundDdl ddl) {}

        @Override
        protected MemberForm memberForm(SlotVersion<Phase> version) {
            return new MemberForm(false, false);
        }

        @Override
        protected void putTimes(SlotVersion<Phase> version, ReceiptTimes times, Map<String, Object> detail) {}
    }

    private static SlotVersion<Phase> at(String phase) {
        return SlotVersions.at(new Phase(phase), 1);
    }

    private static Ending ending(String message) {
        return Ending.of(PublicationOutcome.UNKNOWN, DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, message);
    }

    /** Records every call; the record is its phase name, "BOUND" once the entry is persisted. */
    private static final class Scripted implements PublicationDriver<PublicationEngineTest.Phase> {
        final List<String> calls = new ArrayList<>();
        final PhaseEvidence evidence = new PhaseEvidence();
        Optional<StepResult<Phase>> refusal = Optional.empty();
        SlotWrites.Step<Phase> cas;
        DdlDispatch dispatch = new DdlDispatch.Sent("q", new DdlDispatch.InitiatorAnswer.Acknowledged());
        Optional<Ending> drift = Optional.empty();
        QueueBinding binding = new QueueBinding.Bound(new QueueLookup.Bound(
                new BoundEntry("c", "query-0000000001", ContractFixtures.TARGET_KEY, "token"), "digest", "query"));
        PublicationClassification classification = PublicationClassification.IN_PROGRESS;

        @Override
        public Optional<StepResult<Phase>> revalidate(SlotVersion<Phase> prepared) {
            calls.add("revalidate");
            return refusal;
        }

        @Override
        public SlotWrites.Step<Phase> openDispatch(SlotVersion<Phase> prepared) {
            calls.add("openDispatch");
            return cas;
        }

        @Override
        public DdlDispatch send(SlotVersion<Phase> dispatching, DispatchPermit permit) {
            calls.add("send");
            return dispatch;
        }

        @Override
        public Optional<StepResult<Phase>> outsideDispatching(SlotVersion<Phase> current) {
            if (current.record().phaseName().equals("DISPATCHING")
                    || current.record().phaseName().equals("BOUND")) {
                calls.add("outside");
                return Optional.empty();
            }
            return Optional.of(new StepResult.Continue<>(current));
        }

        @Override
        public Optional<Ending> fence(SlotVersion<Phase> dispatching) {
            calls.add("fence");
            return drift;
        }

        @Override
        public boolean entryBound(SlotVersion<Phase> dispatching) {
            return dispatching.record().phaseName().equals("BOUND");
        }

        @Override
        public QueueBinding bind(SlotVersion<Phase> dispatching) {
            calls.add("bind");
            return binding;
        }

        @Override
        public StepResult<Phase> persistEntry(SlotVersion<Phase> dispatching, BoundEntry entry) {
            calls.add("persistEntry");
            return new StepResult.Continue<>(at("BOUND"));
        }

        @Override
        public EntryAggregation read(SlotVersion<Phase> dispatching) {
            calls.add("read");
            QueueStatus status = classification == PublicationClassification.IN_PROGRESS
                    ? QueueStatus.IN_PROGRESS
                    : QueueStatus.TERMINAL_SUCCESS;
            return new EntryAggregation(status, Map.of(), 0, 0, 0, 0);
        }

        @Override
        public PublicationVerdict classify(SlotVersion<Phase> dispatching, QueueResult queue) {
            calls.add("classify");
            return new PublicationVerdict(
                    classification,
                    Map.of(),
                    classification == PublicationClassification.OUTCOME_UNKNOWN
                            ? UnknownCause.MEMBER_UNAVAILABLE
                            : null);
        }

        @Override
        public StepResult<Phase> commit(SlotVersion<Phase> dispatching, QueueStatus outcome) {
            calls.add("commit " + outcome);
            return new StepResult.Continue<>(at("COMMITTED"));
        }

        @Override
        public Ending notSent() {
            return ending("not sent");
        }

        @Override
        public Ending permitExpired() {
            return ending("permit expired");
        }

        @Override
        public Ending unbound(SlotVersion<Phase> dispatching, QueueResolution.Cause cause) {
            return ending("unbound " + cause);
        }

        @Override
        public Ending stillRunning() {
            return ending("still running");
        }

        @Override
        public Ending terminalPartial() {
            return ending("terminal partial");
        }

        @Override
        public Ending allFailed() {
            return ending("all failed");
        }

        @Override
        public Ending unproven(PublicationVerdict verdict) {
            return ending("unproven " + verdict.classification());
        }
    }
}
