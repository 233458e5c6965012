package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * ABORTED after exact owned cleanup, for unsupported pre-publication endings (spec 001): from
 * LOCKED nothing was created; from STAGING a member's table is dropped only when its name holds a
 * UUID the record names for that member (the current candidate or a tried one, each recorded
 * LOADING before its {@code CREATE ... UUID}): under each recorded UUID's own attempt name, then
 * under the candidate name ({@link OwnedTables}), and its absence is proven before the one CAS to
 * ABORTED; the drops are fenced by a write of the record first, as a staging replacement is. With
 * no UUID recorded, or another UUID under the name, nothing is dropped on that member: the table
 * is left in place and the evidence says so. The retained artifact is released only after the
 * verified ABORTED write. ABORTED is not success; a new operation may then take the target by a
 * version-checked CAS. A {@code CREATE} of a recorded UUID that lands after ABORTED (its answer was
 * lost, the statement still queued) is found by {@link AbortedLeftovers}: the ABORTED record keeps
 * every recorded UUID.
 */
final class OwnedCleanupAbort {
    private final ExternalPorts ports;
    private final ExternalRecordBuilder records;
    private final SlotWrites<ExternalSlot> writes;

    OwnedCleanupAbort(ExternalPorts ports, ExternalRecordBuilder records, SlotWrites<ExternalSlot> writes) {
        this.ports = requireNonNull(ports, "ports is null");
        this.records = requireNonNull(records, "records is null");
        this.writes = requireNonNull(writes, "writes is null");
    }

    /** LOCKED -> ABORTED; {@code retained} is the artifact this invocation sealed and retained, or null. */
    StepResult<ExternalSlot> fromLocked(
            SlotVersion<ExternalSlot> locked,
            ExternalOperation operation,
            DponeErrorCode code,
            String reason,
            Digest retained,
            Invocation<ExternalEvidence> invocation) {
        return write(locked, List.of(), operation, code, reason, retained, invocation);
    }

    StepResult<ExternalSlot> fromStaging(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> refused,
            DponeErrorCode code,
            String reason,
            Invocation<ExternalEvidence> invocation) {
        // Fenced like a staging replacement: a write of the record (members unchanged) first, so a
        // worker of this operation that wrote since makes this one stop before anything is dropped.
        ExternalRecord seen = (ExternalRecord) refused.record();
        SlotWrites.Step<ExternalSlot> claim = writes.write(
                refused,
                records.member(
                        seen, seen.payload().members().get(0), ports.clock().instant()),
                invocation.evidence());
        if (!(claim instanceof SlotWrites.Step.Advanced<ExternalSlot> claimed) || !claimed.written()) {
            return claim instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped
                    ? new StepResult.Concluded<>(stopped.ending())
                    : stopped(
                            code, reason, "another worker of this operation advanced the record; nothing was dropped");
        }
        SlotVersion<ExternalSlot> staging = claimed.current();
        ExternalRecord record = (ExternalRecord) staging.record();
        List<MemberRecord> discarded = new ArrayList<>();
        for (MemberRecord member : record.payload().members()) {
            MemberSession session = cluster.of(member).orElseThrow().session();
            String label = "member " + member.shardNumber() + "/" + member.replicaNumber();
            OwnedTables.Sweep swept = OwnedTables.dropAll(session, operation.candidate(), member);
            if (!(swept instanceof OwnedTables.Sweep.Done done)) {
                return stopped(code, reason, "an owned candidate could not be read, dropped and proven absent");
            }
            if (done.dropped()) {
                invocation.evidence().step(label + " owned candidate dropped");
                discarded.add(member.discarded());
                continue;
            }
            if (done.foreignUnderCandidate()) {
                // Not provably this operation's: never dropped. The abort still completes, because
                // it owns nothing on this member: no recorded UUID is under the candidate name (it
                // holds another table) nor under its own attempt name, the only names a recorded
                // table can have, and the next operation stages under a name of its own.
                invocation
                        .evidence()
                        .step(label + " candidate name holds a table this operation did not record; left in place");
            }
            discarded.add(member.stage() == MemberStage.PENDING ? member : member.discarded());
        }
        return write(
                staging,
                discarded,
                operation,
                code,
                reason,
                record.payload().artifact().sha256(),
                invocation);
    }

    private StepResult<ExternalSlot> write(
            SlotVersion<ExternalSlot> current,
            List<MemberRecord> members,
            ExternalOperation operation,
            DponeErrorCode code,
            String reason,
            Digest retained,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) current.record();
        SlotWrites.Step<ExternalSlot> step = writes.write(
                current, records.aborted(record, members, code, ports.clock().instant()), invocation.evidence());
        if (step instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped) {
            return new StepResult.Concluded<>(stopped.ending());
        }
        if (!((SlotWrites.Step.Advanced<ExternalSlot>) step).written()) {
            return new StepResult.Continue<>(((SlotWrites.Step.Advanced<ExternalSlot>) step).current());
        }
        if (retained != null) {
            ports.store().release(retained, operation.holder());
        }
        invocation.evidence().step("aborted");
        return new StepResult.Concluded<>(Ending.of(
                PublicationOutcome.ABORTED,
                code,
                reason
                        + "; the operation ended before publication after exact owned cleanup (not success); a new invocation may"
                        + " publish the target"));
    }

    private static StepResult<ExternalSlot> stopped(DponeErrorCode code, String reason, String why) {
        return new StepResult.Concluded<>(Ending.of(
                PublicationOutcome.UNKNOWN,
                code,
                reason + "; the operation could not be aborted (" + why
                        + ") and stays in STAGING; nothing was published; follow the runbook"));
    }
}
