package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecCleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecPublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecReplicaStateClassifier;
import io.dpone.clickhouse.cluster.engine.Cleanup;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.PublicationEngine;
import io.dpone.clickhouse.cluster.engine.SlotDecision;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.PublicationSource;
import java.time.Instant;
import java.util.Optional;

/**
 * Internal-mode publication (spec 000, the pseudocode and state machine): admission, then by the
 * slot's state either a new operation (stage, PREPARED, dispatch), or the resumption of this
 * scheduler invocation's own operation from exactly where its record stands. A retry never
 * re-extracts or replays publication DDL once the operation holds the slot; a foreign unresolved
 * operation is fenced; only COMPLETED may be taken over by a new operation.
 *
 * <p>Failures before the operation may hold the slot are {@link DponeException}s; from the write
 * that takes the slot on (its answer lost included) every invocation ends in a receipt (committed, waiting, terminal-partial, failed, prepared or unknown)
 * with per-replica evidence. One instance serves one target; {@link #publish} is used from one
 * thread per call, and calls share no mutable state.
 */
public final class InternalPublicationService {
    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final ProtocolDigests digests;
    private final RandomBits random;
    private final InternalRecordBuilder records;
    private final InternalPublicationDriver.Parts drivers;
    private final Staging staging;
    private final StatusReader status;
    private final LivePreview preview;
    private final Invocation.Start start;

    public InternalPublicationService(
            PublicationPorts ports, PublicationSettings settings, ProtocolDigests digests, RandomBits random) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.digests = requireNonNull(digests, "digests is null");
        this.random = requireNonNull(random, "random is null");
        this.records = new InternalRecordBuilder(random);
        SpecReplicaStateClassifier replicaStates = SpecReplicaStateClassifier.INSTANCE;
        SpecPublicationClassifier classifier = new SpecPublicationClassifier(replicaStates);
        SpecCleanupClassifier cleanupClassifier = new SpecCleanupClassifier(replicaStates);
        LeftoverAttemptStaging leftovers = new LeftoverAttemptStaging(ports.catalog(), settings);
        this.drivers = new InternalPublicationDriver.Parts(
                ports,
                settings,
                new SlotWrites<>(
                        ports.authority(), (seen, mine) -> seen.operationId().equals(mine.operationId())),
                records,
                classifier,
                cleanupClassifier,
                new Revalidation(ports, settings, classifier),
                leftovers);
        this.status = new StatusReader(ports, settings, digests, classifier, cleanupClassifier, leftovers);
        this.staging = new Staging(ports, settings, new SetupStatements(ports.ddl()), random);
        this.preview = new LivePreview(ports, settings, digests, random, status);
        this.start = new Invocation.Start(
                ports.clock(),
                ports.sleeper(),
                ports.ddl(),
                digests,
                settings.entryVisibility(),
                settings.entryProgress());
    }

    /** Publishes, or resumes the operation of {@code schedulerInvocationId}. */
    public PublicationReceipt publish(
            String schedulerInvocationId,
            PublicationSource source,
            Cancellation cancellation,
            ProgressListener progress) {
        OperationIdentity identity = OperationIdentity.derive(settings, schedulerInvocationId, digests);
        Invocation<InternalEvidence> invocation = start.invocation(cancellation, progress, InternalEvidence::new);
        invocation.waits().progress().step("admission");
        InternalRuntimeAdmission.Admission admission =
                new InternalRuntimeAdmission(ports, settings, digests, random).admit(identity, invocation);
        Ending conclusion = decide(admission.cluster(), identity, admission.slot(), source, invocation);
        return conclusion.receipt(identity.operationId().hex(), invocation.evidence());
    }

    /** Reads the target's record and every member; mutates nothing. Without an invocation id it only reads the slot. */
    public PublicationReceipt status(Optional<String> schedulerInvocationId) {
        InternalEvidence evidence = new InternalEvidence(ReceiptTimes.ofRead());
        Optional<Ending> conclusion = status.read(
                schedulerInvocationId.map(
                        id -> OperationIdentity.derive(settings, id, digests).operationId()),
                evidence);
        if (conclusion.isEmpty()) {
            return evidence.noRecordReceipt("the target has no authority record");
        }
        return conclusion.get().receipt(evidence.record().record().operationId().hex(), evidence);
    }

    /** {@code dpone plan --live}: what {@link #publish} of {@code schedulerInvocationId} (any new one when empty) would do now; mutates nothing. */
    public LivePlan preview(Optional<String> schedulerInvocationId) {
        return preview.preview(schedulerInvocationId);
    }

    private Ending decide(
            AdmittedCluster cluster,
            OperationIdentity identity,
            SlotRead<AuthorityRecord> slot,
            PublicationSource source,
            Invocation<InternalEvidence> invocation) {
        if (slot instanceof SlotRead.Present<AuthorityRecord> present) {
            present.valid().ifPresent(invocation.evidence()::record);
        }
        SlotDecision<AuthorityRecord> decision =
                SlotDecision.of(slot, identity.operationId(), InternalSlotRules.INSTANCE);
        if (decision instanceof SlotDecision.Resume<AuthorityRecord> resume) {
            return resume(cluster, resume.current(), invocation);
        }
        return newOperation(
                cluster,
                identity,
                ((SlotDecision.NewOperation<AuthorityRecord>) decision)
                        .finished()
                        .orElse(null),
                source,
                invocation);
    }

    /**
     * No record of this operation exists: stage this attempt's own candidate, then take the slot
     * strictly (absent) or by CAS (completed), the engine deciding the write's outcome
     * ({@link SlotWrites#take}). After an unknown answer, or a conflict no re-read resolves, it
     * removes nothing, since the record may name its own candidate; a write that provably does not
     * hold the slot discards the candidate, and a record of this operation naming another is resumed.
     */
    private Ending newOperation(
            AdmittedCluster cluster,
            OperationIdentity operation,
            SlotVersion<AuthorityRecord> completed,
            PublicationSource source,
            Invocation<InternalEvidence> invocation) {
        OperationIdentity identity = operation.withAttemptCandidate(settings, random);
        invocation.waits().progress().step("staging");
        Staging.Candidate staged = staging.stage(cluster, identity, source, invocation);
        if (invocation.waits().cancelled()) {
            staging.discardOwnAttempt(cluster, identity, invocation);
            throw new DponeException(
                    DponeErrorCode.PUBLICATION_CANCELLED,
                    "cancelled before authority acquisition; this attempt's own candidate was discarded; nothing was"
                            + " published");
        }
        Instant now = notBefore(completed);
        AuthorityRecord prepared = records.prepared(
                identity,
                cluster.inventoryDigest(),
                staged.predecessor(),
                staged.desired(),
                staged.rows(),
                completed == null ? 0 : completed.record().dispatchEpoch(),
                now);
        invocation.waits().progress().step("authority");
        SlotWrites.Take<AuthorityRecord> taken = drivers.writes()
                .take(
                        Optional.ofNullable(completed),
                        prepared,
                        // a record never changes its candidate: only one naming this attempt's is its own write
                        record -> record.payload()
                                .candidateTable()
                                .equals(identity.candidate().table()),
                        invocation.evidence());
        if (taken instanceof SlotWrites.Take.Taken<AuthorityRecord> held) {
            return resume(cluster, held.current(), invocation);
        }
        if (taken instanceof SlotWrites.Take.Lost<AuthorityRecord> lost) {
            // The slot may now hold PREPARED naming this candidate: keep it, answer unknown (never a permit).
            return Ending.of(
                    PublicationOutcome.UNKNOWN,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN,
                    "the response to taking the slot was lost (" + lost.reason() + "); nothing was dispatched; the"
                            + " candidate is kept; run the same invocation again to reconcile from a fresh read");
        }
        if (taken instanceof SlotWrites.Take.Unproven<AuthorityRecord> unproven) {
            return unproven(unproven, invocation);
        }
        // the write never bound this attempt's candidate, and only this attempt ever writes its name
        SlotWrites.Take.NotTaken<AuthorityRecord> notTaken = (SlotWrites.Take.NotTaken<AuthorityRecord>) taken;
        staging.discardOwnAttempt(cluster, identity, invocation);
        return notTaken.sameOperation()
                .map(record -> resume(cluster, record, invocation))
                .orElseThrow(() -> new DponeException(
                        notTaken.reason().code(),
                        "the target slot was not taken (" + notTaken.reason()
                                + "; another worker may hold it); this attempt's"
                                + " own candidate was discarded and it sent no publication statement"));
    }

    /**
     * Taking the slot conflicted on its post-read, so the write may have applied and been followed
     * by others (issue 18 finding 1), and no re-read showed the slot after it (unreadable,
     * undecodable, absent, or at or below the replaced version: a lagging follower after a Keeper
     * session loss): whether a record names this attempt's candidate is unknown, so it is kept.
     */
    private static Ending unproven(
            SlotWrites.Take.Unproven<AuthorityRecord> unproven, Invocation<InternalEvidence> invocation) {
        return unproven.ending(
                invocation.evidence(),
                "a record names this attempt's candidate",
                "the candidate is kept and this worker sent no publication statement");
    }

    /**
     * Continues this operation from its record's phase, one step per phase of spec 000's state
     * machine until an ending; only PREPARED can lead to a dispatch. Reconciliation and cleanup
     * fence themselves on inventory drift ({@link InventoryFence}).
     */
    private Ending resume(
            AdmittedCluster cluster, SlotVersion<AuthorityRecord> start, Invocation<InternalEvidence> invocation) {
        PublicationEngine<AuthorityRecord> publication = drivers.publication(cluster, invocation);
        Cleanup<AuthorityRecord> cleanup = drivers.cleanup(cluster, invocation);
        SlotVersion<AuthorityRecord> current = start;
        for (; ; ) {
            StepResult<AuthorityRecord> result = switch (current.record().phase()) {
                case PREPARED -> publication.dispatch(current);
                case DISPATCHING -> publication.reconcile(current);
                case COMMITTED, CLEANUP_DISPATCHING, CLEANUP_PENDING -> cleanup.step(current);
                // cleanup finds it done and reads what every member shows for the receipt
                case COMPLETED -> cleanup.step(current);
            };
            if (result instanceof StepResult.Concluded<AuthorityRecord> concluded) {
                return concluded.ending();
            }
            if (result instanceof StepResult.Continue<AuthorityRecord> next) {
                current = next.current();
            }
        }
    }

    private Instant notBefore(SlotVersion<AuthorityRecord> completed) {
        Instant now = ports.clock().instant();
        if (completed == null) {
            return now;
        }
        Instant last = completed.record().payload().updatedAt();
        return now.isBefore(last) ? last : now;
    }
}
