package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupDecision;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.engine.Cleanup;
import io.dpone.clickhouse.cluster.engine.CleanupContext;
import io.dpone.clickhouse.cluster.engine.CleanupDriver;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * Internal mode's cleanup (spec 000 section 6): the shared {@link Cleanup} engine with this mode's
 * driver. The V1 record marks a lost drop as CLEANUP_PENDING with the drop unbound; a terminal drop
 * that left exact predecessor copies has its receipt persisted (CLEANUP_PENDING) before a new epoch;
 * cancellation never lets a drop be sent; once completed, the staging other attempts of the same
 * operation left is listed, never dropped.
 */
final class InternalCleanup {
    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final SlotWrites<AuthorityRecord> writes;
    private final RecordTransitions transitions;
    private final CleanupClassifier classifier;
    private final ReplicaReader replicas;
    private final ReadinessWait targetHealth;
    private final LeftoverAttemptStaging leftovers;

    InternalCleanup(
            PublicationPorts ports,
            PublicationSettings settings,
            SlotWrites<AuthorityRecord> writes,
            RecordTransitions transitions,
            CleanupClassifier classifier,
            LeftoverAttemptStaging leftovers) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.transitions = requireNonNull(transitions, "transitions is null");
        this.classifier = requireNonNull(classifier, "classifier is null");
        this.replicas = new ReplicaReader(ports.catalog(), settings.cluster());
        this.targetHealth = new ReadinessWait(ports.catalog(), settings.cluster(), settings.readiness());
        this.leftovers = requireNonNull(leftovers, "leftovers is null");
    }

    /** The engine for one invocation, which the service steps phase by phase. */
    Cleanup<AuthorityRecord> cleanup(AdmittedCluster cluster, Invocation<InternalEvidence> run) {
        return new Cleanup<>(
                new Driver(cluster, run),
                new CleanupContext<>(run.waits(), run.queue(), run.evidence(), settings.entryProgress()),
                writes,
                ports.ddl(),
                ports.authority().permitMaxAge());
    }

    private final class Driver implements CleanupDriver<AuthorityRecord> {
        private final AdmittedCluster cluster;
        private final Invocation<InternalEvidence> run;

        Driver(AdmittedCluster cluster, Invocation<InternalEvidence> run) {
            this.cluster = requireNonNull(cluster, "cluster is null");
            this.run = requireNonNull(run, "run is null");
        }

        @Override
        public boolean completed(AuthorityRecord record) {
            return record.phase() == AuthorityPhase.COMPLETED;
        }

        @Override
        public DdlBinding cleanup(AuthorityRecord record) {
            return record.payload().cleanup();
        }

        @Override
        public boolean dropLost(AuthorityRecord record) {
            return RecordTransitions.dropLost(record);
        }

        @Override
        public FencedDdl drop(AuthorityRecord record) {
            return RecordShapes.cleanup(record, settings.cluster(), settings.target());
        }

        @Override
        public EntryAggregation read(DdlBinding bound) {
            return run.read(RecordShapes.bound(bound, settings.cluster()), cluster.hosts());
        }

        @Override
        public CleanupVerdict classify(AuthorityRecord record, QueueResult dropQueue, boolean dropLost) {
            PublicationShape shape = RecordShapes.shape(record);
            TableRef candidate = RecordShapes.candidate(record, settings.target());
            // complete replication health of the published target, not the staged count: the target is the platform's
            // now
            boolean healthy = shape instanceof PublicationShape.AbsentTarget
                    || targetHealth.awaitHealthy(cluster.hosts(), settings.target(), run.waits());
            CleanupVerdict verdict = classifier.classify(new CleanupFacts(
                    shape,
                    record.phase(),
                    cluster.hosts(),
                    replicas.observe(cluster.hosts(), settings.target(), candidate),
                    QueueResult.of(record.payload().publication().receipt()),
                    dropQueue,
                    healthy));
            ClassificationNames.record(run.evidence(), verdict);
            return verdict;
        }

        @Override
        public void reportCompleted(AuthorityRecord record) {
            ClassificationNames.completed(run.evidence(), cluster, record, replicas, settings.target());
            leftovers.report(record, run.evidence());
        }

        @Override
        public AuthorityRecord completedRecord(AuthorityRecord record, QueueStatus dropReceipt) {
            return transitions.completed(record, dropReceipt, ports.clock().instant());
        }

        @Override
        public Optional<AuthorityRecord> receiptBeforeRedrop(AuthorityRecord record, EntryAggregation previousDrop) {
            return record.phase() == AuthorityPhase.CLEANUP_DISPATCHING
                    ? Optional.of(transitions.cleanupPending(
                            record, previousDrop.outcome(), ports.clock().instant()))
                    : Optional.empty();
        }

        @Override
        public boolean dropsAfterReceipt(SlotWrites.Step.Advanced<AuthorityRecord> receipted) {
            return receipted.current().record().phase() == AuthorityPhase.CLEANUP_PENDING;
        }

        @Override
        public AuthorityRecord dispatching(AuthorityRecord record) {
            return transitions.cleanupDispatching(record, ports.clock().instant());
        }

        @Override
        public AuthorityRecord bound(AuthorityRecord record, BoundEntry entry) {
            return transitions.cleanupBound(record, entry, ports.clock().instant());
        }

        /** CLEANUP_DISPATCHING -> CLEANUP_PENDING marking the drop lost. */
        @Override
        public AuthorityRecord lost(AuthorityRecord record) {
            return transitions.cleanupLost(record, ports.clock().instant());
        }

        @Override
        public Optional<Ending> inventoryFence(AuthorityRecord record) {
            return InventoryFence.check(cluster, record, "cleanup");
        }

        /**
         * Cancellation never lets a drop be sent, and a readiness wait it cut short is not a finding:
         * both end the invocation as waiting. A completion (no DDL) and a real prohibition still stand.
         */
        @Override
        public Optional<Ending> cancelledAfter(CleanupVerdict verdict) {
            boolean stopped = verdict.decision().permitsDrop()
                    || verdict.decision() == CleanupDecision.WAIT_FOR_CLEANUP_ENTRY
                    || verdict.cause() == UnknownCause.REPLICATION_NOT_READY;
            return run.waits().cancelled() && stopped ? Optional.of(cancelled()) : Optional.empty();
        }

        @Override
        public DponeErrorCode unfinishedCode() {
            return DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED;
        }

        @Override
        public Ending prohibited(UnknownCause cause) {
            return Ending.of(
                    PublicationOutcome.UNKNOWN,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_CLEANUP_UNSAFE,
                    "published on every member, but cleanup is prohibited (" + cause
                            + "); the predecessor is retained; follow the runbook");
        }

        @Override
        public Ending unresolved(QueueResolution.Cause cause) {
            return cause == QueueResolution.Cause.CANCELLED
                    ? cancelled()
                    : Ending.of(
                            PublicationOutcome.UNKNOWN,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_CLEANUP_UNSAFE,
                            "published on every member; no single queue entry carries the cleanup token, so cleanup"
                                    + " cannot be proven; the predecessor may be partly dropped; follow the runbook");
        }
    }

    private static Ending cancelled() {
        return Ending.of(
                PublicationOutcome.WAITING,
                DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                "published on every member; cancelled before cleanup finished, and no cleanup statement was sent after"
                        + " the cancellation; run the same invocation again to finish cleanup");
    }
}
