package io.dpone.clickhouse.cluster.engine;

import static io.dpone.clickhouse.cluster.engine.ScriptedSlot.at;
import static io.dpone.clickhouse.cluster.engine.ScriptedSlot.shows;
import static io.dpone.clickhouse.cluster.engine.ScriptedSlot.unreadable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.ContractFixtures;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassification;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.ddl.FakeDdlPort;
import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.engine.ScriptedSlot.Phase;
import io.dpone.clickhouse.cluster.engine.ScriptedSlot.PhaseEvidence;
import io.dpone.clickhouse.cluster.flow.Waits;
import io.dpone.clickhouse.cluster.invocation.Invocation;
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
 * The publication engine's order of effects and its decisions on each slot write, pure: with a
 * scripted driver (records are phase names, endings are strings) and a scripted authority
 * ({@link ScriptedSlot}) it sends at most once and only under the permit of its own verified
 * dispatch write, never from reconciliation nor after a re-read, binds before it reads, ends with
 * the driver's own ending for each case, and ends every write whose outcome is lost or foreign
 * the same way for both modes. The invocation's progress and waits are recorded in the same call
 * list as the driver's and the authority's calls; its evidence steps apart.
 */
class PublicationEngineTest {
    @Test
    void aGrantedCasSendsOnceThenReconcilesToTheCommit() {
        Scripted driver = new Scripted();
        driver.classification = PublicationClassification.COMMIT_PROVEN_PROCEED_TO_CLEANUP;

        StepResult<Phase> result = engine(driver).dispatch(at("PREPARED", 1));

        assertEquals(new StepResult.Continue<Phase>(at("COMMITTED", 4)), result);
        assertEquals(
                List.of(
                        "revalidate",
                        "progress dispatch",
                        "dispatching",
                        "cas DISPATCHING",
                        "send",
                        "outside",
                        "fence",
                        "bind",
                        "bound",
                        "cas BOUND",
                        "outside",
                        "fence",
                        "read",
                        "classify",
                        "committed TERMINAL_SUCCESS",
                        "cas COMMITTED"),
                driver.calls);
        assertEquals(List.of("publication dispatched"), driver.evidence.detail().get("steps"));
        assertEquals(at("COMMITTED", 4), driver.evidence.record());
    }

    @Test
    void aBadVersionWhoseRereadShowsTheOperationDispatchingIsReconciledAndNeverSent() {
        Scripted driver = new Scripted();
        driver.slot
                .answer(new SlotWrite.Conflict<>(SlotWrite.ConflictReason.VERSION_CONFLICT))
                .reread(shows(new Phase("DISPATCHING"), 2));

        StepResult<Phase> result = engine(driver).dispatch(at("PREPARED", 1));

        assertEquals(new StepResult.Concluded<Phase>(ending("still running")), result);
        assertFalse(driver.calls.contains("send"));
        assertEquals(List.of("cas DISPATCHING", "read slot"), driver.slot.own().subList(0, 2));
        // the bound's three looks: binding takes the first, then two reads with one wait between them
        assertEquals(
                List.of("read", "pause", "read"),
                driver.calls.stream()
                        .filter(c -> c.equals("pause") || c.equals("read"))
                        .toList());
    }

    @Test
    void aLostDispatchAnswerEndsUnknownWithoutASendOrARead() {
        Scripted driver = new Scripted();
        driver.slot.answer(new SlotWrite.Unknown<>(SlotWrite.UnknownReason.RESPONSE_LOST));

        StepResult<Phase> result = engine(driver).dispatch(at("PREPARED", 1));

        assertEndsUnknown(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN, result);
        assertEquals(List.of("cas DISPATCHING"), driver.slot.own());
        assertFalse(driver.calls.contains("send"));
    }

    @Test
    void aConflictWhoseRereadShowsAnotherOperationOrNothingEndsOnTheConflictUnsent() {
        for (var reread : List.of(shows(new Phase("PREPARED", ScriptedSlot.OTHER_OPERATION), 2), unreadable())) {
            Scripted driver = new Scripted();
            driver.slot
                    .answer(new SlotWrite.Conflict<>(SlotWrite.ConflictReason.VERSION_CONFLICT))
                    .reread(reread);

            StepResult<Phase> result = engine(driver).dispatch(at("PREPARED", 1));

            assertEndsUnknown(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT, result);
            assertEquals(List.of("cas DISPATCHING", "read slot"), driver.slot.own());
            assertFalse(driver.calls.contains("send"));
        }
    }

    @Test
    void theEntryAndCommitWritesAreDecidedLikeTheDispatchWrite() {
        Scripted lostEntry = new Scripted();
        lostEntry.slot.answer(new SlotWrite.Unknown<>(SlotWrite.UnknownReason.TIMEOUT));
        StepResult<Phase> lost = engine(lostEntry).reconcile(at("DISPATCHING", 2));
        assertEndsUnknown(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN, lost);
        assertEquals(List.of("outside", "fence", "bind", "bound", "cas BOUND"), lostEntry.calls);

        Scripted rereadCommit = new Scripted();
        rereadCommit.classification = PublicationClassification.COMMIT_PROVEN_PROCEED_TO_CLEANUP;
        rereadCommit
                .slot
                .answer(new SlotWrite.Conflict<>(SlotWrite.ConflictReason.UNEXPECTED_VERSION_JUMP))
                .reread(shows(new Phase("CLEANUP_DISPATCHING"), 9));
        assertEquals(
                new StepResult.Continue<Phase>(at("CLEANUP_DISPATCHING", 9)),
                engine(rereadCommit).reconcile(at("BOUND", 3)));
        assertEquals(at("CLEANUP_DISPATCHING", 9), rereadCommit.evidence.record());
    }

    @Test
    void aRefusedRevalidationAttemptsNoCas() {
        Scripted driver = new Scripted();
        driver.refusal = Optional.of(new StepResult.Concluded<>(ending("refused")));

        assertEquals(
                new StepResult.Concluded<Phase>(ending("refused")),
                engine(driver).dispatch(at("PREPARED", 1)));
        assertEquals(List.of("revalidate"), driver.calls);
    }

    @Test
    void aStatementThatProvablyDidNotLeaveEndsWithoutReconciling() {
        Scripted driver = new Scripted();
        driver.dispatch = new DdlDispatch.NotSent("q", "refused connection");

        assertEquals(
                new StepResult.Concluded<Phase>(ending("not sent")),
                engine(driver).dispatch(at("PREPARED", 1)));
        assertEquals("send", driver.calls.get(driver.calls.size() - 1));
    }

    @Test
    void onlyAnExpiredPermitEndsTheStepAnyOtherRefusalOfAFreshPermitIsADefect() {
        Scripted expired = new Scripted();
        expired.dispatch = new DdlDispatch.PermitRefused(DdlDispatch.Refusal.EXPIRED);
        assertEquals(
                new StepResult.Concluded<Phase>(ending("permit expired")),
                engine(expired).dispatch(at("PREPARED", 1)));

        Scripted spent = new Scripted();
        spent.dispatch = new DdlDispatch.PermitRefused(DdlDispatch.Refusal.ALREADY_SPENT);
        assertThrows(IllegalStateException.class, () -> engine(spent).dispatch(at("PREPARED", 1)));
    }

    @Test
    void anUnboundEntryEndsWithTheModesUnboundEndingAndNothingSent() {
        Scripted driver = new Scripted();
        driver.binding = new QueueBinding.Unbound(QueueResolution.Cause.MULTIPLE_ENTRIES);

        StepResult<Phase> result = engine(driver).reconcile(at("DISPATCHING", 2));

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
                engine(driver).reconcile(at("DISPATCHING", 2)));
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
                    engine(driver).reconcile(at("BOUND", 3)),
                    classification.name());
        });
    }

    /** The step ended the invocation with an unknown outcome and {@code code}. */
    private static void assertEndsUnknown(DponeErrorCode code, StepResult<Phase> result) {
        Ending ending = ((StepResult.Concluded<Phase>) result).ending();
        assertEquals(PublicationOutcome.UNKNOWN, ending.outcome(), ending.message());
        assertEquals(Optional.of(code), ending.code(), ending.message());
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
                new Invocation<>(new Waits(duration -> {}, Cancellation.NEVER, progress), queue, driver.evidence),
                driver.slot.writes());
    }

    private static Ending ending(String message) {
        return Ending.of(PublicationOutcome.UNKNOWN, DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, message);
    }

    /** Records every call, its slot's too; the record is its phase name, "BOUND" once the entry is persisted. */
    private static final class Scripted implements PublicationDriver<Phase> {
        final List<String> calls = new ArrayList<>();
        final ScriptedSlot slot = new ScriptedSlot(calls);
        final PhaseEvidence evidence = new PhaseEvidence();
        Optional<StepResult<Phase>> refusal = Optional.empty();
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
        public Phase dispatching(SlotVersion<Phase> prepared) {
            calls.add("dispatching");
            return new Phase("DISPATCHING");
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
        public Phase bound(SlotVersion<Phase> dispatching, BoundEntry entry) {
            calls.add("bound");
            return new Phase("BOUND");
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
        public Phase committed(SlotVersion<Phase> dispatching, QueueStatus outcome) {
            calls.add("committed " + outcome);
            return new Phase("COMMITTED");
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
