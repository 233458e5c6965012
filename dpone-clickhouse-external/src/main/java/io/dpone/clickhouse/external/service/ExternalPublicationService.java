package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.authority.SlotWrite;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.PublicationEngine;
import io.dpone.clickhouse.cluster.engine.SlotDecision;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.flow.TakeoverWait;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.seal.SourceSealer;
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
 * External-mode publication (spec 001, "State and retry contract"): admission, then by the slot's
 * state either a new operation (LOCKED before any source I/O, then seal, stage every member,
 * prove, publish, clean up) or the resumption of this scheduler invocation's own operation from
 * exactly where its record stands. A retry never re-extracts once STAGING bound the artifact and
 * never replays publication DDL; a foreign unresolved operation is fenced; an unresolved internal
 * V1 record blocks; only a COMPLETED or ABORTED record (or a COMPLETED internal one, by
 * migration) may be taken over, by a version-checked CAS into LOCKED. There is no lease expiry
 * and no fallback: no path turns into local or internal publication.
 *
 * <p>Failures before the operation's own write reaches the authority are {@link DponeException}s;
 * from the write that takes the slot on (its answer lost included) every invocation ends in a
 * receipt, a stable error with its code and the phase the record keeps. One instance serves one
 * target; {@link #publish} is used from one thread per call, and calls share no mutable state.
 */
public final class ExternalPublicationService {
    private static final int MAX_STEPS = 16;

    private final ExternalPorts ports;
    private final ExternalSettings settings;
    private final RandomBits random;
    private final Sealing sealing;
    private final StagingStep staging;
    private final ExternalPublicationDriver.Parts drivers;
    private final StatusView status;
    private final FencedAbort fenced;
    private final LivePreview preview;
    private final Invocation.Start start;

    public ExternalPublicationService(ExternalPorts ports, ExternalSettings settings, RandomBits random) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.random = requireNonNull(random, "random is null");
        ExternalRecordBuilder records = new ExternalRecordBuilder(random);
        // the same operation: an external record of the writer's operation and fence
        SlotWrites<ExternalSlot> writes = new SlotWrites<>(
                ports.authority(),
                (seen, mine) -> seen instanceof ExternalRecord record
                        && record.operationId().equals(mine.operationId())
                        && record.fenceToken().equals(mine.fenceToken()));
        OwnedCleanupAbort abort = new OwnedCleanupAbort(ports, records, writes);
        Classifications classifications =
                new Classifications(new ReplicaReader(ports.catalog(), settings.cluster()), settings.target());
        this.sealing = new Sealing(ports, settings, records, writes, abort, random);
        this.staging = new StagingStep(ports, settings, records, writes, abort);
        this.fenced = new FencedAbort(ports, records, writes, abort);
        this.drivers = new ExternalPublicationDriver.Parts(
                ports, settings, records, writes, classifications, new Revalidation(ports, classifications), fenced);
        this.status = new StatusView(ports, settings, classifications);
        this.preview = new LivePreview(ports, settings, random, status);
        this.start = new Invocation.Start(
                ports.clock(),
                ports.sleeper(),
                ports.ddl(),
                Sha256ProtocolDigests.INSTANCE,
                settings.entryVisibility(),
                settings.entryProgress());
    }

    /** Publishes, or resumes the operation of {@code schedulerInvocationId}. */
    public PublicationReceipt publish(
            String schedulerInvocationId,
            PublicationSource source,
            Cancellation cancellation,
            ProgressListener progress) {
        ExternalOperation operation = ExternalOperation.derive(settings.plan(), schedulerInvocationId);
        Invocation<ExternalEvidence> invocation = start.invocation(cancellation, progress, ExternalEvidence::new);
        invocation.waits().progress().step("admission");
        ExternalRuntimeAdmission.Admission admission =
                new ExternalRuntimeAdmission(ports, settings, random).admit(operation, invocation);
        Ending ending;
        if (admission.stopped().isPresent()) {
            // this invocation's own unresolved record holds the slot: a stop in admission is a receipt, never a throw
            SlotVersion<ExternalSlot> held =
                    ((SlotRead.Present<ExternalSlot>) admission.slot()).valid().orElseThrow();
            invocation.evidence().record(held);
            ending = stopped(
                    ((ExternalRecord) held.record()).phase(),
                    admission.stopped().get());
        } else {
            ending = decide(
                    admission.members(), operation, admission.slot(), admission.targetDrift(), source, invocation);
        }
        return ending.receipt(operation.operationId().hex(), invocation.evidence());
    }

    /** Reads the target's record and every member; mutates nothing, opens no member connection. */
    public PublicationReceipt status(Optional<String> schedulerInvocationId) {
        ExternalOperation operation = ExternalOperation.derive(settings.plan(), schedulerInvocationId.orElse(""));
        return status.read(operation, schedulerInvocationId.isPresent());
    }

    /**
     * {@code dpone plan --live}: what {@link #publish} with this invocation (any new one when absent)
     * would do now, from the same admission survey, slot decision and status classification; sends
     * no DDL, no probe, no bootstrap, no Keeper write and no member mutation.
     */
    public LivePlan preview(Optional<String> schedulerInvocationId) {
        return preview.preview(schedulerInvocationId);
    }

    private Ending decide(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotRead<ExternalSlot> slot,
            Optional<DponeException> targetDrift,
            PublicationSource source,
            Invocation<ExternalEvidence> invocation) {
        SlotDecision<ExternalSlot> decision =
                SlotDecision.of(slot, operation.operationId(), ExternalSlotRules.INSTANCE);
        if (decision instanceof SlotDecision.Resume<ExternalSlot> own) {
            invocation.evidence().record(own.current());
            return resume(cluster, operation, own.current(), targetDrift, source, invocation);
        }
        Optional<SlotVersion<ExternalSlot>> finished = ((SlotDecision.NewOperation<ExternalSlot>) decision).finished();
        finished.ifPresent(invocation.evidence()::record);
        return newOperation(cluster, operation, finished.orElse(null), source, invocation);
    }

    /**
     * The last moment a finished predecessor's recorded UUIDs are readable is before this takeover
     * overwrites them: a late-landing table of that operation is dropped first (an ABORTED one's
     * recorded UUIDs, a COMPLETED one's superseded attempts under their own attempt names), or the
     * target is not taken and nothing is lost. When there is such a UUID the sweep waits first until
     * every {@code CREATE} that passed its age bound has landed ({@code TakeoverWait.outlast}).
     */
    private void sweepFinishedPredecessor(
            AdmittedMembers cluster, SlotVersion<ExternalSlot> finished, Invocation<ExternalEvidence> invocation) {
        if (finished == null || !(finished.record() instanceof ExternalRecord predecessor)) {
            return;
        }
        if (AbortedLeftovers.mayStillLand(predecessor)
                && !TakeoverWait.outlast(
                        invocation.waits(),
                        settings.entryVisibility(),
                        ports.authority().permitMaxAge(),
                        invocation.evidence()::step)) {
            throw new DponeException(
                    DponeErrorCode.PUBLICATION_CANCELLED,
                    "cancelled while waiting out the predecessor"
                            + " operation's late statements; the target was not taken and nothing was done");
        }
        Optional<String> unproven =
                AbortedLeftovers.sweep(cluster, predecessor, settings.target(), invocation.evidence());
        unproven.ifPresent(why -> {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                    "the " + predecessor.phase().name().toLowerCase(java.util.Locale.ROOT)
                            + " predecessor operation may have left a table behind ("
                            + why + "); the target was not taken, so its recorded UUIDs stay readable; run again");
        });
    }

    /**
     * Takes the slot for a new operation before any source I/O: strictly when absent, else by a
     * version-checked CAS from the finished record (external COMPLETED or ABORTED, or a COMPLETED
     * internal record: the migration).
     */
    private Ending newOperation(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> finished,
            PublicationSource source,
            Invocation<ExternalEvidence> invocation) {
        SourceSealer.requireSealableKind(source);
        if (!cluster.targetColumns().isEmpty()) {
            // what the source declares without being read must agree with the target before anything is locked
            SourceSealer.requireDeclarationAgrees(source, DeclaredColumns.of(cluster.targetColumns(), source));
        }
        if (source.declaredBytes().isPresent() && source.declaredBytes().getAsLong() > settings.maxSourceBytes()) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                    "the source is larger than max_source_bytes; nothing was locked or created");
        }
        sweepFinishedPredecessor(cluster, finished, invocation);
        invocation.waits().progress().step("lock");
        ExternalRecord locked = drivers.records()
                .locked(
                        operation,
                        cluster.inventoryDigest(),
                        finished == null ? 0 : finished.record().dispatchEpoch(),
                        notBefore(finished));
        // no source I/O before LOCKED, so no attempt owns anything yet: any record of this operation is its own write
        SlotWrites.Take<ExternalSlot> taken =
                drivers.writes().take(Optional.ofNullable(finished), locked, record -> true, invocation.evidence());
        if (taken instanceof SlotWrites.Take.Lost<ExternalSlot> lost) {
            // The slot may now hold LOCKED for this operation: it reached the authority, so a receipt (as internal
            // mode).
            return Ending.of(
                    PublicationOutcome.UNKNOWN,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN,
                    "the response to taking the slot was lost (" + lost.reason()
                            + "); nothing else was done; run the"
                            + " same invocation again to reconcile from a fresh read");
        }
        if (taken instanceof SlotWrites.Take.Unproven<ExternalSlot> unproven) {
            // the CAS may have applied: the slot may hold LOCKED for this operation, so a receipt (issue 18's rule)
            return unproven.ending(
                    invocation.evidence(),
                    "the slot holds LOCKED for this operation",
                    "no source was read and nothing more was sent");
        }
        if (!(taken instanceof SlotWrites.Take.Taken<ExternalSlot> held)) {
            SlotWrite.ConflictReason reason = ((SlotWrites.Take.NotTaken<ExternalSlot>) taken).reason();
            throw new DponeException(
                    reason.code(), "another worker took the target slot first (" + reason + "); nothing was done");
        }
        if (held.written()) {
            invocation
                    .evidence()
                    .step(
                            finished == null
                                    ? "locked"
                                    : finished.record() instanceof InternalBaseline
                                            ? "locked by migration from a completed internal record"
                                            : "locked over a finished record");
        }
        return resume(cluster, operation, held.current(), Optional.empty(), source, invocation);
    }

    /**
     * Continues this operation from its record's phase until an ending. Every run that gets here
     * holds the slot, so it ends in a receipt whatever is thrown inside (issue 19, finding 5): a
     * stable error keeps its code; a defect ({@link RuntimeException}) or the JVM failing
     * ({@link VirtualMachineError}: out of memory, stack overflow) is HOST_INTERNAL_ERROR with an
     * unknown outcome, the record left in its phase. For a {@code VirtualMachineError} the receipt is
     * best effort: if even that fails, the original error propagates. Other errors (a killed thread)
     * propagate unchanged: a process that is going away sends nothing more.
     */
    private Ending resume(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> start,
            Optional<DponeException> targetDrift,
            PublicationSource source,
            Invocation<ExternalEvidence> invocation) {
        SlotVersion<ExternalSlot> current = start;
        for (int step = 0; step < MAX_STEPS; step++) {
            ExternalRecord record = (ExternalRecord) current.record();
            StepResult<ExternalSlot> flow;
            try {
                flow = step(cluster, operation, current, targetDrift, source, invocation);
            } catch (RuntimeException failed) {
                return stopped(record.phase(), failed);
            } catch (VirtualMachineError fatal) {
                try {
                    return stopped(record.phase(), fatal);
                } catch (Throwable notEvenThat) {
                    fatal.addSuppressed(notEvenThat);
                    throw fatal;
                }
            }
            if (flow instanceof StepResult.Concluded<ExternalSlot> concluded) {
                return concluded.ending();
            }
            current = ((StepResult.Continue<ExternalSlot>) flow).current();
        }
        ExternalPhase phase = ((ExternalRecord) current.record()).phase();
        return Ending.of(
                PublicationOutcome.UNKNOWN,
                DponeErrorCode.HOST_INTERNAL_ERROR,
                "the operation did not reach an"
                        + " ending within " + MAX_STEPS + " steps (a defect); it stays " + phase
                        + "; nothing more was sent; run the"
                        + " same invocation again, or follow the runbook");
    }

    private StepResult<ExternalSlot> step(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> current,
            Optional<DponeException> targetDrift,
            PublicationSource source,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) current.record();
        if (targetDrift.isPresent() && record.phase().prePublication()) {
            // admission found the target drifted under this operation's own record: the fenced abort, never a throw
            return fenced.drifted(cluster, operation, current, targetDrift.get(), invocation);
        }
        PublicationEngine<ExternalSlot> publication = drivers.publication(cluster, operation, invocation);
        return switch (record.phase()) {
            // a fenced pre-publication operation is aborted safely by its own run, never continued
            case LOCKED ->
                fenced.locked(cluster, operation, current, invocation)
                        .orElseGet(() -> sealing.toStaging(cluster, operation, current, source, invocation));
            case STAGING ->
                fenced.staging(cluster, operation, current, invocation)
                        .orElseGet(() -> staging.stage(cluster, operation, current, invocation));
            case STAGED -> {
                // idempotent: the STAGED write released it unless its answer was lost
                ports.store().release(record.payload().artifact().sha256(), operation.holder());
                yield fenced.staged(cluster, operation, current, invocation)
                        .orElseGet(() -> publication.dispatch(current));
            }
            case PUBLICATION_DISPATCHING -> publication.reconcile(current);
            // COMPLETED too; cleanup runs to its ending, its entry waits are not turns: MAX_STEPS bounds defects
            case COMMITTED, CLEANUP_DISPATCHING, COMPLETED ->
                new StepResult.Concluded<>(drivers.cleanup(cluster, invocation).run(current));
            case ABORTED -> new StepResult.Concluded<>(aborted(cluster, record, invocation));
        };
    }

    /** A rerun of an aborted invocation: first drops any late-landing table of the operation (by recorded UUID). */
    private Ending aborted(AdmittedMembers cluster, ExternalRecord record, Invocation<ExternalEvidence> invocation) {
        Optional<String> left = AbortedLeftovers.sweep(cluster, record, settings.target(), invocation.evidence());
        return Ending.of(
                PublicationOutcome.ABORTED,
                record.payload().abortCode(),
                "this invocation's operation ended before"
                        + " publication (not success); a new invocation may publish"
                        + left.map(why -> "; a late-landing table of"
                                        + " the operation may remain (" + why
                                        + "); the next run of this invocation, or the next operation"
                                        + " before it takes the target, drops it by its recorded UUID")
                                .orElse(""));
    }

    /** The receipt of a run stopped by a throwable once the slot is held (see {@link #resume}). */
    private static Ending stopped(ExternalPhase phase, Throwable failure) {
        if (failure instanceof DponeException coded) {
            return interrupted(phase, coded);
        }
        boolean unsent = phase == ExternalPhase.LOCKED || phase == ExternalPhase.STAGING;
        return Ending.of(
                PublicationOutcome.UNKNOWN,
                DponeErrorCode.HOST_INTERNAL_ERROR,
                "an unexpected failure ("
                        + failure.getClass().getSimpleName() + ") stopped the run; the operation stays " + phase
                        + " and its"
                        + " record is kept; " + (unsent ? "no publication statement was sent; " : "")
                        + "the outcome of the interrupted step is unknown; run the same invocation again in a fresh process, or"
                        + " follow the runbook");
    }

    /**
     * A step that stopped on a stable error once the slot is held still ends in a receipt, with the
     * error's code: the record keeps its phase. Before any publication DDL can have been sent
     * (LOCKED, STAGING) a retry of the same invocation continues (prepared); from STAGED on nothing
     * is proven (unknown).
     */
    private static Ending interrupted(ExternalPhase phase, DponeException failed) {
        boolean unsent = phase == ExternalPhase.LOCKED || phase == ExternalPhase.STAGING;
        return Ending.of(
                unsent ? PublicationOutcome.PREPARED : PublicationOutcome.UNKNOWN,
                failed.code(),
                failed.getMessage() + "; the operation stays " + phase
                        + (unsent
                                ? "; no publication statement was sent; run the same invocation again"
                                : "; nothing more was sent; run the same invocation again to reconcile, or follow the runbook"));
    }

    private Instant notBefore(SlotVersion<ExternalSlot> finished) {
        Instant now = ports.clock().instant();
        if (finished == null) {
            return now;
        }
        Instant last = finished.record() instanceof ExternalRecord record
                ? record.payload().updatedAt()
                : ((InternalBaseline) finished.record()).record().payload().updatedAt();
        return now.isBefore(last) ? last : now;
    }
}
