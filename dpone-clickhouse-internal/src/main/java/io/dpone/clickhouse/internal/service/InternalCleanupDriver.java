package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupDecision;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.engine.Cleanup;
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
 * Internal mode's driver of the {@link Cleanup} engine for one invocation (spec 000 section 6).
 * The V1 record marks a lost drop as CLEANUP_PENDING with the drop unbound; a terminal drop that
 * left exact predecessor copies has its receipt persisted (CLEANUP_PENDING) before a new epoch;
 * cancellation never lets a drop be sent; once completed, the staging other attempts of the same
 * operation left is listed, never dropped.
 */
final class InternalCleanupDriver implements CleanupDriver<AuthorityRecord> {
    private final InternalPublicationDriver.Parts parts;
    private final PublicationSettings settings;
    private final AdmittedCluster cluster;
    private final Invocation<InternalEvidence> invocation;
    private final ReplicaReader replicas;
    private final ReadinessWait targetHealth;

    InternalCleanupDriver(
            InternalPublicationDriver.Parts parts, AdmittedCluster cluster, Invocation<InternalEvidence> invocation) {
        this.parts = requireNonNull(parts, "parts is null");
        this.settings = parts.settings();
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.invocation = requireNonNull(invocation, "invocation is null");
        this.replicas = new ReplicaReader(parts.ports().catalog(), settings.cluster());
        this.targetHealth = new ReadinessWait(parts.ports().catalog(), settings.cluster(), settings.readiness());
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
        return InternalRecordBuilder.dropLost(record);
    }

    @Override
    public FencedDdl drop(AuthorityRecord record) {
        return RecordShapes.cleanup(record, settings.cluster(), settings.target());
    }

    @Override
    public EntryAggregation read(DdlBinding bound) {
        return invocation.read(RecordShapes.bound(bound, settings.cluster()), cluster.hosts());
    }

    @Override
    public CleanupVerdict classify(AuthorityRecord record, QueueResult dropQueue, boolean dropLost) {
        PublicationShape shape = RecordShapes.shape(record);
        TableRef candidate = RecordShapes.candidate(record, settings.target());
        // complete replication health of the published target, not the staged count: the target is the platform's
        // now
        boolean healthy = shape instanceof PublicationShape.AbsentTarget
                || targetHealth.awaitHealthy(cluster.hosts(), settings.target(), invocation.waits());
        CleanupVerdict verdict = parts.cleanupClassifier()
                .classify(new CleanupFacts(
                        shape,
                        record.phase(),
                        cluster.hosts(),
                        replicas.observe(cluster.hosts(), settings.target(), candidate),
                        QueueResult.of(record.payload().publication().receipt()),
                        dropQueue,
                        healthy));
        ClassificationNames.record(invocation.evidence(), verdict);
        return verdict;
    }

    @Override
    public void reportCompleted(AuthorityRecord record) {
        ClassificationNames.completed(invocation.evidence(), cluster, record, replicas, settings.target());
        parts.leftovers().report(record, invocation.evidence());
    }

    @Override
    public AuthorityRecord completedRecord(AuthorityRecord record, QueueStatus dropReceipt) {
        return parts.records()
                .completed(record, dropReceipt, parts.ports().clock().instant());
    }

    @Override
    public Optional<AuthorityRecord> receiptBeforeRedrop(AuthorityRecord record, EntryAggregation previousDrop) {
        return record.phase() == AuthorityPhase.CLEANUP_DISPATCHING
                ? Optional.of(parts.records()
                        .cleanupPending(
                                record,
                                previousDrop.outcome(),
                                parts.ports().clock().instant()))
                : Optional.empty();
    }

    @Override
    public boolean dropsAfterReceipt(SlotWrites.Step.Advanced<AuthorityRecord> receipted) {
        return receipted.current().record().phase() == AuthorityPhase.CLEANUP_PENDING;
    }

    @Override
    public AuthorityRecord dispatching(AuthorityRecord record) {
        return parts.records().cleanupDispatching(record, parts.ports().clock().instant());
    }

    @Override
    public AuthorityRecord bound(AuthorityRecord record, BoundEntry entry) {
        return parts.records().cleanupBound(record, entry, parts.ports().clock().instant());
    }

    /** CLEANUP_DISPATCHING -> CLEANUP_PENDING marking the drop lost. */
    @Override
    public AuthorityRecord lost(AuthorityRecord record) {
        return parts.records().cleanupLost(record, parts.ports().clock().instant());
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
        return invocation.waits().cancelled() && stopped ? Optional.of(cancelled()) : Optional.empty();
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

    private static Ending cancelled() {
        return Ending.of(
                PublicationOutcome.WAITING,
                DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                "published on every member; cancelled before cleanup finished, and no cleanup statement was sent after"
                        + " the cancellation; run the same invocation again to finish cleanup");
    }
}
