package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.engine.Cleanup;
import io.dpone.clickhouse.cluster.engine.CleanupDriver;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * External mode's driver of the {@link Cleanup} engine for one invocation: predecessor cleanup
 * under its own fence (spec 001, "Cleanup is independently fenced"). Only when every member shows
 * its own exact predecessor UUID under the candidate name is the drop sent; COMPLETED only when
 * every member's candidate name is proven absent and its target desired. Anything else is
 * CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN and drops nothing.
 *
 * <p>A lost drop is marked in the record ({@code cleanup_lost}) and judged as the classifiers'
 * recorded-lost drop; its redispatch replaces the unbound binding directly, while a terminal bound
 * drop has its receipt persisted first and the drop goes on only from this worker's own write.
 */
final class ExternalCleanupDriver implements CleanupDriver<ExternalSlot> {
    private final ExternalPublicationDriver.Parts parts;
    private final ExternalSettings settings;
    private final AdmittedMembers cluster;
    private final Invocation<ExternalEvidence> invocation;

    ExternalCleanupDriver(
            ExternalPublicationDriver.Parts parts, AdmittedMembers cluster, Invocation<ExternalEvidence> invocation) {
        this.parts = requireNonNull(parts, "parts is null");
        this.settings = parts.settings();
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.invocation = requireNonNull(invocation, "invocation is null");
    }

    @Override
    public boolean completed(ExternalSlot record) {
        return external(record).phase() == ExternalPhase.COMPLETED;
    }

    @Override
    public DdlBinding cleanup(ExternalSlot record) {
        return external(record).payload().cleanup();
    }

    @Override
    public boolean dropLost(ExternalSlot record) {
        return external(record).payload().cleanupLost();
    }

    @Override
    public FencedDdl drop(ExternalSlot record) {
        return Statements.cleanup(external(record), settings.cluster(), settings.target());
    }

    @Override
    public EntryAggregation read(DdlBinding bound) {
        return invocation.read(Statements.bound(bound, settings.cluster()), cluster.hosts());
    }

    @Override
    public CleanupVerdict classify(ExternalSlot slot, QueueResult dropQueue, boolean dropLost) {
        ExternalRecord record = external(slot);
        TableRef candidate = Statements.candidate(record, settings.target());
        return dropLost
                ? parts.classifications().cleanupLost(cluster, record, candidate, invocation.evidence())
                : parts.classifications().cleanup(cluster, record, candidate, dropQueue, invocation.evidence());
    }

    @Override
    public void reportCompleted(ExternalSlot slot) {
        ExternalRecord record = external(slot);
        parts.classifications()
                .completed(cluster, record, Statements.candidate(record, settings.target()), invocation.evidence());
    }

    @Override
    public ExternalSlot completedRecord(ExternalSlot record, QueueStatus dropReceipt) {
        return parts.records()
                .completed(external(record), dropReceipt, parts.ports().clock().instant());
    }

    /** A terminal bound drop's receipt; a lost earlier drop has none: the new binding replaces it directly. */
    @Override
    public Optional<ExternalSlot> receiptBeforeRedrop(ExternalSlot slot, EntryAggregation previousDrop) {
        ExternalRecord record = external(slot);
        DdlBinding previous = record.payload().cleanup();
        return record.phase() == ExternalPhase.CLEANUP_DISPATCHING && previous.entry() != null && !previous.hasReceipt()
                ? Optional.of(parts.records()
                        .cleanupReceipt(
                                record,
                                previousDrop.outcome(),
                                parts.ports().clock().instant()))
                : Optional.empty();
    }

    /**
     * Only this worker's own receipt write lets it open the next epoch: a worker that finds the record
     * advanced by another (which may have opened an epoch and be about to dispatch it) decides again.
     */
    @Override
    public boolean dropsAfterReceipt(SlotWrites.Step.Advanced<ExternalSlot> receipted) {
        return receipted.written();
    }

    @Override
    public ExternalSlot dispatching(ExternalSlot record) {
        return parts.records()
                .cleanupDispatching(external(record), parts.ports().clock().instant());
    }

    @Override
    public ExternalSlot bound(ExternalSlot record, BoundEntry entry) {
        return parts.records()
                .cleanupBound(external(record), entry, parts.ports().clock().instant());
    }

    @Override
    public ExternalSlot lost(ExternalSlot record) {
        return parts.records()
                .cleanupLost(external(record), parts.ports().clock().instant());
    }

    @Override
    public Optional<Ending> inventoryFence(ExternalSlot record) {
        return external(record).payload().inventoryDigest().equals(cluster.inventoryDigest())
                ? Optional.empty()
                : Optional.of(unknown(
                        PublicationOutcome.UNKNOWN,
                        "published, but the inventory changed since; cleanup is prohibited"));
    }

    /** External mode stops on cancellation where its waits and statements check it, not after a verdict. */
    @Override
    public Optional<Ending> cancelledAfter(CleanupVerdict verdict) {
        return Optional.empty();
    }

    @Override
    public DponeErrorCode unfinishedCode() {
        return DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN;
    }

    @Override
    public Ending prohibited(UnknownCause cause) {
        return unknown(
                PublicationOutcome.UNKNOWN,
                "published on every member, but cleanup is prohibited (" + cause
                        + "); every predecessor is retained; follow the runbook");
    }

    @Override
    public Ending unresolved(QueueResolution.Cause cause) {
        return unknown(
                PublicationOutcome.UNKNOWN,
                "published on every member; no single queue entry carries the cleanup"
                        + " token (" + cause
                        + "), so cleanup cannot be proven and no drop is sent; predecessors may"
                        + " be partly dropped; follow the runbook (an external cleanup drop without a single queue entry)");
    }

    /** Every external slot past LOCKED is an external record; the baseline is only ever a predecessor. */
    private static ExternalRecord external(ExternalSlot slot) {
        return (ExternalRecord) slot;
    }

    private static Ending unknown(PublicationOutcome outcome, String message) {
        return Ending.of(outcome, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN, message);
    }
}
