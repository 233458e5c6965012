package io.dpone.clickhouse.cluster.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.record;
import static io.dpone.clickhouse.cluster.ddl.FakeDdlPort.hosts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.FacadeVerdict.FacadeProblem;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.SetupDigests;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.ddl.FacadeReconciler;
import io.dpone.clickhouse.cluster.ddl.FakeDdlPort;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Control-facade bootstrap reconciliation (spec section 1, issue 13.5) over fake ports; offline. */
class FacadeReconcilerTest {
    private static final String CLUSTER = "c1";
    private static final FacadeSpec SPEC =
            new FacadeSpec(new TableRef("dpone_c_x", "publication_authority"), "/x/authority");
    private static final HostEndpoint R1 = new HostEndpoint("ch-1", 9000);
    private static final HostEndpoint R2 = new HostEndpoint("ch-2", 9000);
    private static final Set<HostEndpoint> ADMITTED = Set.of(R1, R2);
    private static final Digest TARGET = record(AuthorityPhase.PREPARED).targetKey();
    private static final Optional<VersionedRow> SLOT =
            Optional.of(new VersionedRow(AuthorityCodecV1.INSTANCE.encode(record(AuthorityPhase.PREPARED)), 3));
    private static final BoundedWait WAIT = new BoundedWait(3, Duration.ofMillis(50), Duration.ofMillis(100));

    private static final List<FacadeObservation> READY = List.of(present(R1), present(R2));
    private static final List<FacadeObservation> NONE =
            List.of(new FacadeObservation.Absent(R1, true), new FacadeObservation.Absent(R2, true));
    private static final List<FacadeObservation> PARTIAL = List.of(present(R1), new FacadeObservation.Absent(R2, true));

    /** Answers one scripted observation per call; the last repeats. */
    private static final class Facades implements FacadePort {
        final List<CatalogRead<List<FacadeObservation>>> answers = new ArrayList<>();
        int calls;

        @Override
        public CatalogRead<List<FacadeObservation>> observe(String cluster, FacadeSpec spec, Digest targetKey) {
            return answers.get(Math.min(calls++, answers.size() - 1));
        }
    }

    private final Facades facades = new Facades();
    private final FakeDdlPort queue = new FakeDdlPort();
    private final List<Duration> pauses = new ArrayList<>();

    private static FacadeObservation present(HostEndpoint member) {
        return new FacadeObservation.Present(member, SPEC.engineFull(), SPEC.columns(), true, true, SLOT);
    }

    private void observations(List<?>... answers) {
        for (List<?> answer : answers) {
            @SuppressWarnings("unchecked")
            List<FacadeObservation> observations = (List<FacadeObservation>) answer;
            facades.answers.add(new CatalogRead.Observed<>(observations));
        }
    }

    private FacadeReconciliation reconcile() {
        QueueEntryResolver resolver = new QueueEntryResolver(
                queue, Sha256ProtocolDigests.INSTANCE, WAIT, WAIT, pauses::add, Cancellation.NEVER);
        return new FacadeReconciler(facades, queue, resolver, RandomBits.from(new Random(11)))
                .reconcile(CLUSTER, SPEC, ADMITTED, TARGET);
    }

    private FacadeReconciliation.FailedClosed failed(FacadeProblem problem) {
        FacadeReconciliation.FailedClosed failed =
                assertInstanceOf(FacadeReconciliation.FailedClosed.class, reconcile());
        assertEquals(problem, failed.problem(), failed.detail());
        return failed;
    }

    /** The server: the bootstrap entry finishes as given on each host. */
    private void serverRuns(DdlDispatch answer, Map<HostEndpoint, String> statuses) {
        queue.onSetup = (ddl, token, q) -> {
            q.enqueue(CLUSTER, ddl.render().sql(), token.value(), 0, statuses);
            return answer;
        };
    }

    @SafeVarargs
    private String earlierBootstrap(long attempt, Map<HostEndpoint, String>... statuses) {
        DdlCorrelationToken token =
                FacadeBootstrapTokens.issue(CLUSTER, SPEC, attempt, RandomBits.from(new Random(attempt)));
        return queue.enqueue(
                CLUSTER,
                new SetupDdl.ControlBootstrap(CLUSTER, SPEC.control(), SPEC.keeperRoot(), false)
                        .render()
                        .sql(),
                token.value(),
                0,
                statuses);
    }

    @Test
    void aReadyFacadeNeedsNoQueueRead() {
        observations(READY);
        assertEquals(
                new FacadeReconciliation.Ready(
                        new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED), Optional.empty()),
                reconcile());
        assertTrue(queue.calls.isEmpty());
    }

    @Test
    void blockedOrUnreadableFacadesFailClosedWithoutTouchingTheQueue() {
        observations(List.of(
                new FacadeObservation.Present(
                        R1, "KeeperMap('/other') PRIMARY KEY target_key", SPEC.columns(), true, true, SLOT),
                new FacadeObservation.Absent(R2, true)));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                failed(FacadeProblem.ENGINE_MISMATCH).code());
        facades.answers.clear();
        facades.answers.add(CatalogRead.Unreadable.malformed());
        failed(FacadeProblem.MEMBER_UNREADABLE);
        facades.answers.clear();
        observations(List.of(present(R1), present(new HostEndpoint("ch-3", 9000))));
        failed(FacadeProblem.MEMBER_UNREADABLE);
        assertTrue(queue.calls.isEmpty());
    }

    @Test
    void absentEverywhereBootstrapsOnceAndRequiresReadyAfterTheTerminalEntry() {
        observations(NONE, NONE, READY);
        serverRuns(FakeDdlPort.acknowledged(), hosts(R1, "Finished:0", R2, "Finished:0"));
        FacadeReconciliation.Ready ready = assertInstanceOf(FacadeReconciliation.Ready.class, reconcile());
        assertTrue(ready.bootstrap().isPresent());
        assertEquals(1, queue.setups.size());
        SetupDdl.ControlBootstrap sent = assertInstanceOf(SetupDdl.ControlBootstrap.class, queue.setups.get(0));
        assertFalse(sent.ifNotExists(), "absent everywhere: plain CREATE");
        DdlCorrelationToken token = queue.tokens.get(0);
        assertEquals(0, token.dispatchEpoch(), "no earlier entry");
        assertTrue(token.value().startsWith(FacadeBootstrapTokens.prefix(CLUSTER, SPEC)));
        assertEquals(
                SetupDigests.facadeBootstrap(CLUSTER, "dpone_c_x", "publication_authority", "/x/authority"),
                token.operationId());
        assertEquals(DdlAction.BOOTSTRAP, token.action());
        assertEquals(3, facades.calls, "observed before, after the queue check and after the bootstrap");
    }

    @Test
    void partialFacadesAreFilledOnlyAfterEveryEarlierBootstrapIsTerminal() {
        earlierBootstrap(0, hosts(R1, "Finished:0", R2, "Finished:57"));
        observations(PARTIAL, PARTIAL, READY);
        serverRuns(FakeDdlPort.sent(57), hosts(R1, "Finished:57", R2, "Finished:0"));
        FacadeReconciliation.Ready ready = assertInstanceOf(FacadeReconciliation.Ready.class, reconcile());
        assertTrue(ready.bootstrap().isPresent());
        SetupDdl.ControlBootstrap sent = assertInstanceOf(SetupDdl.ControlBootstrap.class, queue.setups.get(0));
        assertTrue(sent.ifNotExists(), "fill: IF NOT EXISTS");
        assertEquals(1, queue.tokens.get(0).dispatchEpoch(), "epoch = number of entries found");
    }

    @Test
    void anEarlierEntryThatFinishedMeanwhileMayLeaveNothingToDo() {
        earlierBootstrap(0, hosts(R1, "Finished:0", R2, "Active"), hosts(R1, "Finished:0", R2, "Finished:0"));
        observations(PARTIAL, READY);
        assertEquals(
                new FacadeReconciliation.Ready(
                        new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED), Optional.empty()),
                reconcile());
        assertEquals(0, queue.count("dispatchSetup"));
        assertEquals(List.of(Duration.ofMillis(50)), pauses, "waited within the bound for the running entry");
    }

    @Test
    void anEarlierEntryStillRunningOrUnknownFailsClosedAndSendsNothing() {
        earlierBootstrap(0, hosts(R1, "Finished:0", R2, "Active"));
        observations(PARTIAL);
        FacadeReconciliation.FailedClosed running = failed(FacadeProblem.BOOTSTRAP_IN_PROGRESS);
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, running.code());
        assertEquals(WAIT.attempts(), queue.count("hostRows"));

        FakeDdlPort unknownHosts = new FakeDdlPort();
        DdlCorrelationToken token = FacadeBootstrapTokens.issue(CLUSTER, SPEC, 0, RandomBits.from(new Random(1)));
        unknownHosts.enqueue(
                CLUSTER,
                new SetupDdl.ControlBootstrap(CLUSTER, SPEC.control(), SPEC.keeperRoot(), false)
                        .render()
                        .sql(),
                token.value(),
                0,
                hosts(R1, "Finished:0"));
        FacadeReconciliation.FailedClosed unknown = assertInstanceOf(
                FacadeReconciliation.FailedClosed.class,
                new FacadeReconciler(
                                facades,
                                unknownHosts,
                                new QueueEntryResolver(
                                        unknownHosts,
                                        Sha256ProtocolDigests.INSTANCE,
                                        WAIT,
                                        WAIT,
                                        d -> {},
                                        Cancellation.NEVER),
                                RandomBits.from(new Random(2)))
                        .reconcile(CLUSTER, SPEC, ADMITTED, TARGET));
        assertEquals(FacadeProblem.BOOTSTRAP_UNRESOLVED, unknown.problem(), "a host row missing is never terminal");
        assertEquals(0, queue.count("dispatchSetup") + unknownHosts.count("dispatchSetup"));
    }

    @Test
    void anUnreadableQueueFailsClosedBeforeAnyBootstrap() {
        queue.queueUnreadable = true;
        observations(NONE);
        FacadeReconciliation.FailedClosed absent = failed(FacadeProblem.BOOTSTRAP_UNRESOLVED);
        assertEquals("bootstrap entries: queue unreadable", absent.detail());
        facades.answers.clear();
        observations(PARTIAL);
        failed(FacadeProblem.BOOTSTRAP_UNRESOLVED);
        assertEquals(0, queue.count("dispatchSetup"), "an unseen entry may still be pending: never bootstrap blind");
    }

    @Test
    void anEntryUnderTheFacadePrefixWithoutAWellFormedTokenFailsClosed() {
        queue.enqueue(
                CLUSTER,
                "CREATE TABLE dpone_c_x.publication_authority ON CLUSTER c1 (k String) ENGINE = Memory",
                FacadeBootstrapTokens.prefix(CLUSTER, SPEC) + "x",
                0,
                hosts(R1, "Finished:0", R2, "Finished:0"));
        observations(NONE);
        failed(FacadeProblem.BOOTSTRAP_UNRESOLVED);
        assertEquals(0, queue.count("dispatchSetup"));
    }

    @Test
    void theOneBootstrapIsNeverRetriedWhateverItsOutcome() {
        observations(NONE);
        queue.onSetup = (ddl, token, q) -> new DdlDispatch.NotSent("q", "refused");
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED,
                failed(FacadeProblem.BOOTSTRAP_NOT_SENT).code());
        assertEquals(1, queue.count("dispatchSetup"));

        queue.onSetup = (ddl, token, q) -> FakeDdlPort.sent(392);
        FacadeReconciliation.FailedClosed lost = failed(FacadeProblem.BOOTSTRAP_UNRESOLVED);
        assertEquals("bootstrap entry (initiator: code 392): NO_ENTRY", lost.detail());
        assertEquals(2, queue.count("dispatchSetup"), "one more invocation, one more send; never two in one");

        serverRuns(FakeDdlPort.sent(159), hosts(R1, "Finished:0", R2, "Active"));
        failed(FacadeProblem.BOOTSTRAP_IN_PROGRESS);
        assertEquals(3, queue.count("dispatchSetup"));
    }

    @Test
    void aTerminalBootstrapThatLeavesTheFacadeIncompleteFailsClosed() {
        observations(NONE, NONE, PARTIAL);
        serverRuns(FakeDdlPort.sent(57), hosts(R1, "Finished:0", R2, "Finished:57"));
        FacadeReconciliation.FailedClosed incomplete = failed(FacadeProblem.BOOTSTRAP_INCOMPLETE);
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, incomplete.code());
        assertTrue(incomplete.detail().contains("FillAbsent"), incomplete.detail());

        facades.answers.clear();
        facades.calls = 0;
        observations(
                NONE,
                NONE,
                List.of(
                        present(R1),
                        new FacadeObservation.Present(
                                R2, SPEC.engineFull(), SPEC.columns(), true, true, Optional.empty())));
        failed(FacadeProblem.RECORD_DIVERGES);
    }
}
