package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.List;
import java.util.Optional;

/**
 * What a fenced pre-publication operation does on its own invocation's next run (spec 001: drift
 * "fences the existing operation; it does not authorize a second operation"; LOCKED "continue
 * extraction or safe abort"; ABORTED "ended after exact owned cleanup"). The fence is never lifted
 * and nothing is sent under the changed facts; instead the operation ends as ABORTED when that is
 * provably safe, so a later invocation can take the target by the ordinary version-checked CAS:
 * <ul>
 *   <li>LOCKED: nothing was created; the one CAS LOCKED -> ABORTED.</li>
 *   <li>STAGING or STAGED: only through {@link OwnedCleanupAbort} (drop exactly the owned candidates, prove
 *       their absence, then ABORTED), and only when every recorded member is still in the inventory
 *       with a proven direct session; under inventory drift every member with a recorded candidate
 *       must also show that exact candidate at its current endpoint, because an absence seen at a
 *       changed endpoint says nothing about the server that staged it. From STAGED the first write is
 *       the withdrawal STAGED -> STAGING, so no publication permit can be granted while candidates
 *       are dropped.</li>
 * </ul>
 * Anything that cannot be proven keeps the operation fenced where it is, with a message naming the
 * member and the runbook. Only this invocation's run gets here: a foreign one is refused before.
 */
final class FencedAbort {
    private final ExternalPorts ports;
    private final ExternalRecordBuilder records;
    private final SlotWrites<ExternalSlot> writes;
    private final OwnedCleanupAbort abort;

    FencedAbort(
            ExternalPorts ports,
            ExternalRecordBuilder records,
            SlotWrites<ExternalSlot> writes,
            OwnedCleanupAbort abort) {
        this.ports = requireNonNull(ports, "ports is null");
        this.records = requireNonNull(records, "records is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.abort = requireNonNull(abort, "abort is null");
    }

    /** LOCKED whose bound inventory is not the admitted one: ABORTED, nothing to clean up. */
    Optional<StepResult<ExternalSlot>> locked(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> locked,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) locked.record();
        return Fences.inventory(record, cluster).map(fence -> {
            invocation.evidence().step("fenced in LOCKED");
            return abort.fromLocked(
                    locked,
                    operation,
                    fence.code().orElseThrow(),
                    fence.message() + "; no candidate had been created",
                    null,
                    invocation);
        });
    }

    /** STAGING whose bound inventory or baseline is not what admission saw: the fenced abort. */
    Optional<StepResult<ExternalSlot>> staging(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> staging,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) staging.record();
        return Fences.staging(record, cluster)
                .map(fence ->
                        abort(cluster, operation, staging, fence.code().orElseThrow(), fence.message(), invocation));
    }

    /**
     * STAGED whose bound inventory or baseline is not what admission saw (a column added to the
     * target, the target dropped or recreated on a member): the fenced abort, before any permit.
     */
    Optional<StepResult<ExternalSlot>> staged(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> staged,
            Invocation<ExternalEvidence> invocation) {
        return staging(cluster, operation, staged, invocation);
    }

    /**
     * Target drift that admission refused under this operation's own pre-publication record (the
     * target dropped on one member, definitions that now differ, an engine no longer admitted):
     * from LOCKED nothing was created (ABORTED); from STAGING or STAGED the exact owned cleanup.
     */
    StepResult<ExternalSlot> drifted(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> current,
            DponeException drift,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) current.record();
        if (record.phase() == ExternalPhase.LOCKED) {
            invocation.evidence().step("fenced in LOCKED");
            return abort.fromLocked(
                    current,
                    operation,
                    drift.code(),
                    drift.getMessage() + "; no candidate had been created",
                    null,
                    invocation);
        }
        return abort(cluster, operation, current, drift.code(), drift.getMessage(), invocation);
    }

    /** The exact owned cleanup and ABORTED from STAGING or STAGED, or an ending that keeps the operation fenced. */
    StepResult<ExternalSlot> abort(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> current,
            DponeErrorCode code,
            String reason,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) current.record();
        ExternalPhase phase = record.phase();
        if (phase != ExternalPhase.STAGING && phase != ExternalPhase.STAGED) {
            throw new IllegalStateException(
                    "only a staging or staged operation is aborted with owned cleanup, not " + phase);
        }
        invocation.evidence().step("fenced in " + phase);
        boolean drifted = !record.payload().inventoryDigest().equals(cluster.inventoryDigest());
        for (MemberRecord member : record.payload().members()) {
            Optional<String> unproven = unproven(cluster, member, operation, drifted);
            if (unproven.isPresent()) {
                return new StepResult.Concluded<>(Ending.of(
                        PublicationOutcome.UNKNOWN,
                        code,
                        reason + "; the operation cannot be"
                                + " aborted safely because member " + member.shardNumber() + "/"
                                + member.replicaNumber() + " "
                                + unproven.get() + "; it stays fenced in " + phase
                                + " and nothing was dropped; follow the runbook"));
            }
        }
        SlotVersion<ExternalSlot> staging = current;
        if (phase == ExternalPhase.STAGED) {
            SlotWrites.Step<ExternalSlot> step = writes.write(
                    current, records.withdrawn(record, ports.clock().instant()), invocation.evidence());
            if (step instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped) {
                return new StepResult.Concluded<>(stopped.ending());
            }
            SlotWrites.Step.Advanced<ExternalSlot> advanced = (SlotWrites.Step.Advanced<ExternalSlot>) step;
            if (!advanced.written()) {
                // another worker of this operation moved it first (dispatched, withdrew or aborted): go on from there
                boolean moved = ((ExternalRecord) advanced.current().record()).phase() != ExternalPhase.STAGED;
                return moved
                        ? new StepResult.Continue<>(advanced.current())
                        : new StepResult.Concluded<>(Ending.of(
                                PublicationOutcome.UNKNOWN,
                                code,
                                reason
                                        + "; the publication permit could not be withdrawn; nothing was dropped; run the same"
                                        + " invocation again"));
            }
            invocation.evidence().step("publication permit withdrawn");
            staging = advanced.current();
        }
        return abort.fromStaging(cluster, operation, staging, code, reason, invocation);
    }

    /** Why the member's owned candidate cannot be proven cleaned up through the current inventory, if it cannot. */
    private static Optional<String> unproven(
            AdmittedMembers cluster, MemberRecord member, ExternalOperation operation, boolean drifted) {
        Optional<AdmittedMembers.Member> admitted = cluster.of(member);
        if (admitted.isEmpty()) {
            return Optional.of("is no longer in the cluster inventory, so its candidate cannot be proven absent");
        }
        if (!drifted || member.candidateUuid() == null) {
            return Optional.empty();
        }
        // promoted under the candidate name (which holds only recorded UUIDs), or still under its attempt name
        boolean exact = false;
        for (TableRef name : List.of(operation.candidate(), operation.attempt(member.candidateUuid()))) {
            if (!(admitted.get().session().table(name) instanceof CatalogRead.Observed<TableState> observed)) {
                return Optional.of("could not be read over its direct connection");
            }
            exact |= StagingDecision.ownedAttempt(member, observed.facts());
        }
        return exact
                ? Optional.empty()
                : Optional.of("does not show its recorded candidate at its current endpoint and the"
                        + " inventory changed since staging, so the server that staged it may still hold it");
    }
}
