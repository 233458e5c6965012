package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.engine.Cleanup;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.PublicationDriver;
import io.dpone.clickhouse.cluster.engine.PublicationEngine;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * External mode's driver of the publication engine for one invocation (spec 001: spec 000
 * sections 3-5 with per-member identities): from STAGED a fenced refusal goes to
 * {@link FencedAbort}; the commit is proven when every target exposes its desired member
 * generation; every other post-dispatch ending is CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL
 * and never authorizes cleanup.
 */
final class ExternalPublicationDriver implements PublicationDriver<ExternalSlot> {
    /** What every invocation's drivers share, publication and cleanup; built once per service. */
    record Parts(
            ExternalPorts ports,
            ExternalSettings settings,
            ExternalRecordBuilder records,
            SlotWrites<ExternalSlot> writes,
            Classifications classifications,
            Revalidation revalidation,
            FencedAbort fenced) {
        Parts {
            requireNonNull(ports, "ports is null");
            requireNonNull(settings, "settings is null");
            requireNonNull(records, "records is null");
            requireNonNull(writes, "writes is null");
            requireNonNull(classifications, "classifications is null");
            requireNonNull(revalidation, "revalidation is null");
            requireNonNull(fenced, "fenced is null");
        }

        PublicationEngine<ExternalSlot> publication(
                AdmittedMembers cluster, ExternalOperation operation, Invocation<ExternalEvidence> invocation) {
            return new PublicationEngine<>(
                    new ExternalPublicationDriver(this, cluster, operation, invocation), invocation, writes);
        }

        Cleanup<ExternalSlot> cleanup(AdmittedMembers cluster, Invocation<ExternalEvidence> invocation) {
            return new Cleanup<>(new ExternalCleanupDriver(this, cluster, invocation), invocation, writes, ports.ddl());
        }
    }

    private final Parts parts;
    private final ExternalSettings settings;
    private final AdmittedMembers cluster;
    private final ExternalOperation operation;
    private final Invocation<ExternalEvidence> invocation;

    private ExternalPublicationDriver(
            Parts parts,
            AdmittedMembers cluster,
            ExternalOperation operation,
            Invocation<ExternalEvidence> invocation) {
        this.parts = parts;
        this.settings = parts.settings();
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.operation = requireNonNull(operation, "operation is null");
        this.invocation = requireNonNull(invocation, "invocation is null");
    }

    @Override
    public Optional<StepResult<ExternalSlot>> revalidate(SlotVersion<ExternalSlot> staged) {
        return parts.revalidation()
                .beforeDispatch(cluster, staged, Statements.candidate(own(staged), settings.target()), invocation)
                .map(refusal -> refusal.fenced()
                        ? parts.fenced()
                                .abort(
                                        cluster,
                                        operation,
                                        staged,
                                        refusal.ending().code().orElseThrow(),
                                        refusal.ending().message(),
                                        invocation)
                        : new StepResult.Concluded<>(refusal.ending()));
    }

    @Override
    public ExternalRecord dispatching(SlotVersion<ExternalSlot> staged) {
        return parts.records().dispatching(own(staged), parts.ports().clock().instant());
    }

    @Override
    public DdlDispatch send(SlotVersion<ExternalSlot> dispatching, DispatchPermit permit) {
        return parts.ports()
                .ddl()
                .dispatch(Statements.publication(own(dispatching), settings.cluster(), settings.target()), permit);
    }

    @Override
    public Optional<StepResult<ExternalSlot>> outsideDispatching(SlotVersion<ExternalSlot> current) {
        return own(current).phase() == ExternalPhase.PUBLICATION_DISPATCHING
                ? Optional.empty()
                : Optional.of(new StepResult.Continue<>(current));
    }

    @Override
    public Optional<Ending> fence(SlotVersion<ExternalSlot> dispatching) {
        if (own(dispatching).payload().inventoryDigest().equals(cluster.inventoryDigest())) {
            return Optional.empty();
        }
        return Optional.of(partial(
                PublicationOutcome.UNKNOWN,
                "the inventory changed after dispatch; nothing more was sent; follow the runbook"));
    }

    @Override
    public boolean entryBound(SlotVersion<ExternalSlot> dispatching) {
        return own(dispatching).payload().publication().entry() != null;
    }

    @Override
    public QueueBinding bind(SlotVersion<ExternalSlot> dispatching) {
        ExternalRecord record = own(dispatching);
        return invocation
                .queue()
                .bind(Statements.publication(record, settings.cluster(), settings.target())
                        .expected(record.payload().publication().token()));
    }

    @Override
    public ExternalRecord bound(SlotVersion<ExternalSlot> dispatching, BoundEntry entry) {
        return parts.records()
                .publicationBound(own(dispatching), entry, parts.ports().clock().instant());
    }

    @Override
    public EntryAggregation read(SlotVersion<ExternalSlot> dispatching) {
        return invocation.read(
                Statements.bound(own(dispatching).payload().publication(), settings.cluster()), cluster.hosts());
    }

    @Override
    public PublicationVerdict classify(SlotVersion<ExternalSlot> dispatching, QueueResult queue) {
        ExternalRecord record = own(dispatching);
        return parts.classifications()
                .publication(
                        cluster, record, Statements.candidate(record, settings.target()), queue, invocation.evidence());
    }

    @Override
    public ExternalRecord committed(SlotVersion<ExternalSlot> dispatching, QueueStatus outcome) {
        return parts.records()
                .committed(own(dispatching), outcome, parts.ports().clock().instant());
    }

    @Override
    public Ending notSent() {
        return partial(
                PublicationOutcome.UNKNOWN,
                "the publication statement provably did not reach the server, but the record is"
                        + " PUBLICATION_DISPATCHING and it is never redispatched; follow the runbook");
    }

    @Override
    public Ending permitExpired() {
        return partial(
                PublicationOutcome.UNKNOWN,
                "the dispatch permit expired before the send (this worker stalled between the dispatch CAS and"
                        + " the send), so nothing was sent, but the record is PUBLICATION_DISPATCHING and it is"
                        + " never redispatched; follow the runbook");
    }

    @Override
    public Ending unbound(SlotVersion<ExternalSlot> dispatching, QueueResolution.Cause cause) {
        classify(dispatching, QueueResult.UNKNOWN);
        return partial(
                PublicationOutcome.UNKNOWN,
                "no single queue entry carries the publication token, so the publication cannot be proven;"
                        + " nothing more was sent; follow the runbook");
    }

    @Override
    public Ending stillRunning() {
        return partial(
                PublicationOutcome.WAITING,
                "the original publication entry is still running on some members; run the same invocation"
                        + " again later to wait for it (it is never sent again)");
    }

    @Override
    public Ending terminalPartial() {
        return partial(
                PublicationOutcome.TERMINAL_PARTIAL,
                "the publication entry finished on every member but only some expose their desired generation;"
                        + " both generations are retained; follow the runbook, never repeat the exchange");
    }

    @Override
    public Ending allFailed() {
        return partial(
                PublicationOutcome.FAILED,
                "the publication entry failed on every member and no member changed; both generations are"
                        + " retained for an operator");
    }

    @Override
    public Ending unproven(PublicationVerdict verdict) {
        return partial(
                PublicationOutcome.UNKNOWN,
                "the evidence does not prove any state (" + verdict.cause()
                        + "); no DDL and no cleanup on this evidence: restore what the cause names and run the"
                        + " same invocation again, it reconciles read-only first (runbook: unknown)");
    }

    private static ExternalRecord own(SlotVersion<ExternalSlot> current) {
        if (current.record() instanceof ExternalRecord record) {
            return record;
        }
        throw new IllegalStateException("external mode holds only its own record, not " + current.record());
    }

    private static Ending partial(PublicationOutcome outcome, String message) {
        return Ending.of(outcome, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL, message);
    }
}
