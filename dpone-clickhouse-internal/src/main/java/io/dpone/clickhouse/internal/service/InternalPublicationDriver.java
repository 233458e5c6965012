package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.PermitLifetime;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
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
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * Internal mode's driver of the publication engine for one invocation (spec 000 sections 3-5):
 * the V1 record and its record builder, the {@code EXCHANGE}/{@code RENAME ... ON CLUSTER}
 * statement, the replica facts the classifier reads, {@link InventoryFence}, and the codes
 * CLICKHOUSE_CLUSTER_DDL_UNRESOLVED / TERMINAL_MIXED with the runbook sections they point at.
 */
final class InternalPublicationDriver implements PublicationDriver<AuthorityRecord> {
    /** The title of the runbook section (docs/runbook/operator-recovery.md) for an unbound DISPATCHING record. */
    static final String RUNBOOK_NO_ENTRY = "A DISPATCHING record without a queue entry";

    static final String RUNBOOK_TWO_ENTRIES = "Inspecting the bound queue entry";

    /** What every invocation's drivers share, publication and cleanup; built once per service. */
    record Parts(
            PublicationPorts ports,
            PublicationSettings settings,
            SlotWrites<AuthorityRecord> writes,
            InternalRecordBuilder records,
            PublicationClassifier classifier,
            CleanupClassifier cleanupClassifier,
            Revalidation revalidation,
            LeftoverAttemptStaging leftovers) {
        Parts {
            requireNonNull(ports, "ports is null");
            requireNonNull(settings, "settings is null");
            requireNonNull(writes, "writes is null");
            requireNonNull(records, "records is null");
            requireNonNull(classifier, "classifier is null");
            requireNonNull(cleanupClassifier, "cleanupClassifier is null");
            requireNonNull(revalidation, "revalidation is null");
            requireNonNull(leftovers, "leftovers is null");
        }

        PublicationEngine<AuthorityRecord> publication(
                AdmittedCluster cluster, Invocation<InternalEvidence> invocation) {
            return new PublicationEngine<>(
                    new InternalPublicationDriver(this, cluster, invocation), invocation, writes);
        }

        Cleanup<AuthorityRecord> cleanup(AdmittedCluster cluster, Invocation<InternalEvidence> invocation) {
            return new Cleanup<>(new InternalCleanupDriver(this, cluster, invocation), invocation, writes, ports.ddl());
        }
    }

    private final Parts parts;
    private final PublicationSettings settings;
    private final AdmittedCluster cluster;
    private final Invocation<InternalEvidence> invocation;
    private final ReplicaReader replicas;

    private InternalPublicationDriver(Parts parts, AdmittedCluster cluster, Invocation<InternalEvidence> invocation) {
        this.parts = parts;
        this.settings = parts.settings();
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.invocation = requireNonNull(invocation, "invocation is null");
        this.replicas = new ReplicaReader(parts.ports().catalog(), settings.cluster());
    }

    @Override
    public Optional<StepResult<AuthorityRecord>> revalidate(SlotVersion<AuthorityRecord> prepared) {
        Optional<Ending> invalid = parts.revalidation().beforeDispatch(cluster, prepared, invocation);
        if (invalid.isEmpty() && invocation.waits().cancelled()) {
            invalid = Optional.of(cancelledBeforeDispatch());
        }
        return invalid.map(StepResult.Concluded::new);
    }

    @Override
    public AuthorityRecord dispatching(SlotVersion<AuthorityRecord> prepared) {
        return parts.records()
                .dispatching(prepared.record(), parts.ports().clock().instant());
    }

    @Override
    public DdlDispatch send(SlotVersion<AuthorityRecord> dispatching, DispatchPermit permit) {
        return parts.ports()
                .ddl()
                .dispatch(
                        RecordShapes.publication(dispatching.record(), settings.cluster(), settings.target()), permit);
    }

    @Override
    public Optional<StepResult<AuthorityRecord>> outsideDispatching(SlotVersion<AuthorityRecord> current) {
        AuthorityPhase phase = current.record().phase();
        if (phase == AuthorityPhase.PREPARED) {
            // The dispatch CAS did not apply (refused, not sent, or another writer's no-op): nothing was sent.
            return Optional.of(new StepResult.Concluded<>(Ending.of(
                    PublicationOutcome.PREPARED,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT,
                    "the dispatch CAS did not apply; no publication statement was sent; run again to continue")));
        }
        return phase == AuthorityPhase.DISPATCHING ? Optional.empty() : Optional.of(new StepResult.Continue<>(current));
    }

    @Override
    public Optional<Ending> fence(SlotVersion<AuthorityRecord> dispatching) {
        return InventoryFence.check(cluster, dispatching.record(), "reconciliation");
    }

    @Override
    public boolean entryBound(SlotVersion<AuthorityRecord> dispatching) {
        return dispatching.record().payload().publication().entry() != null;
    }

    @Override
    public QueueBinding bind(SlotVersion<AuthorityRecord> dispatching) {
        AuthorityRecord record = dispatching.record();
        return invocation
                .queue()
                .bind(RecordShapes.publication(record, settings.cluster(), settings.target())
                        .expected(record.payload().publication().token()));
    }

    @Override
    public AuthorityRecord bound(SlotVersion<AuthorityRecord> dispatching, BoundEntry entry) {
        return parts.records()
                .publicationBound(
                        dispatching.record(), entry, parts.ports().clock().instant());
    }

    @Override
    public EntryAggregation read(SlotVersion<AuthorityRecord> dispatching) {
        return invocation.read(
                RecordShapes.bound(dispatching.record().payload().publication(), settings.cluster()), cluster.hosts());
    }

    @Override
    public PublicationVerdict classify(SlotVersion<AuthorityRecord> dispatching, QueueResult queue) {
        PublicationVerdict verdict = verdict(dispatching.record(), queue);
        ClassificationNames.record(invocation.evidence(), verdict);
        return verdict;
    }

    @Override
    public AuthorityRecord committed(SlotVersion<AuthorityRecord> dispatching, QueueStatus outcome) {
        return parts.records()
                .committed(dispatching.record(), outcome, parts.ports().clock().instant());
    }

    @Override
    public Ending notSent() {
        return unresolved(
                PublicationOutcome.UNKNOWN,
                "the publication statement provably did not reach the server, but the record is DISPATCHING and V1"
                        + " never redispatches; follow the runbook section \"" + RUNBOOK_NO_ENTRY + "\"");
    }

    @Override
    public Ending permitExpired() {
        invocation.evidence().step("publication not sent: the dispatch permit expired");
        return unresolved(
                PublicationOutcome.UNKNOWN,
                "the dispatch permit expired before the send: this worker stalled longer than the permit's bound ("
                        + PermitLifetime.maxAge(settings.ddlTaskTimeoutSeconds())
                                .toSeconds()
                        + " s) between the dispatch CAS and the send, so it sent nothing; the record is DISPATCHING"
                        + " and V1 never redispatches; follow the runbook section \"" + RUNBOOK_NO_ENTRY + "\"");
    }

    @Override
    public Ending unbound(SlotVersion<AuthorityRecord> dispatching, QueueResolution.Cause cause) {
        if (cause == QueueResolution.Cause.CANCELLED) {
            return unresolved(
                    PublicationOutcome.WAITING,
                    "cancelled while waiting for the publication entry to become visible; nothing more was sent;"
                            + " run the same invocation again to reconcile it (it is never sent again)");
        }
        ClassificationNames.record(invocation.evidence(), verdict(dispatching.record(), QueueResult.UNKNOWN));
        if (cause == QueueResolution.Cause.MULTIPLE_ENTRIES) {
            // two entries are a duplicate dispatch or a collision, not a missing one: the runbook says stop and
            // escalate
            return unresolved(
                    PublicationOutcome.UNKNOWN,
                    "two or more queue entries carry the publication token (a duplicate dispatch or a collision), so the"
                            + " publication cannot be proven and the newest is never chosen; nothing more was sent; follow"
                            + " the runbook section \"" + RUNBOOK_TWO_ENTRIES + "\"");
        }
        return unresolved(
                PublicationOutcome.UNKNOWN,
                "no single queue entry carries the publication token, so the publication cannot be proven;"
                        + " nothing more was sent; follow the runbook section \"" + RUNBOOK_NO_ENTRY + "\"");
    }

    @Override
    public Ending stillRunning() {
        return unresolved(
                PublicationOutcome.WAITING,
                "the original publication entry is still running on some members; run the same invocation again"
                        + " later to wait for it (it is never sent again)");
    }

    @Override
    public Ending terminalPartial() {
        return Ending.of(
                PublicationOutcome.TERMINAL_PARTIAL,
                DponeErrorCode.CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED,
                "the publication entry finished on every member but only some committed; both generations"
                        + " are retained; follow the runbook, never repeat the exchange");
    }

    @Override
    public Ending allFailed() {
        return unresolved(
                PublicationOutcome.FAILED,
                "the publication entry failed on every member and no member changed; both generations"
                        + " are retained for an operator");
    }

    @Override
    public Ending unproven(PublicationVerdict verdict) {
        return unknown(verdict);
    }

    private PublicationVerdict verdict(AuthorityRecord record, QueueResult queueResult) {
        TableRef candidate = RecordShapes.candidate(record, settings.target());
        return parts.classifier()
                .classify(new PublicationFacts(
                        RecordShapes.shape(record),
                        record.phase(),
                        cluster.hosts(),
                        replicas.observe(cluster.hosts(), settings.target(), candidate),
                        queueResult));
    }

    private static Ending unresolved(PublicationOutcome outcome, String message) {
        return Ending.of(outcome, DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED, message);
    }

    /** Cancelled after PREPARED and before the dispatch CAS: nothing was or will be sent by this invocation. */
    static Ending cancelledBeforeDispatch() {
        return Ending.of(
                PublicationOutcome.PREPARED,
                DponeErrorCode.PUBLICATION_CANCELLED,
                "cancelled before dispatch; no publication statement was sent; run the same invocation again to"
                        + " revalidate and continue");
    }

    static Ending unknown(PublicationVerdict verdict) {
        DponeErrorCode code = verdict.cause() == null
                ? DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED
                : verdict.cause().code();
        return Ending.of(
                PublicationOutcome.UNKNOWN,
                code,
                "the evidence does not prove any state ("
                        + (verdict.cause() == null ? verdict.classification() : verdict.cause())
                        + "); no DDL and no cleanup on this evidence: restore what the cause names and run the same invocation"
                        + " again, it reconciles read-only first (runbook: unknown)");
    }
}
