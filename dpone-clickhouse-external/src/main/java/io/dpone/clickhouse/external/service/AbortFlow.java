package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.ArrayList;
import java.util.List;

/**
 * ABORTED after exact owned cleanup, for unsupported pre-publication endings (seed 001): from
 * LOCKED nothing was created; from STAGING every member's table under the operation's candidate
 * name is dropped only when it is this operation's own (its recorded UUID, or no UUID recorded
 * yet: created under the operation-derived name before it could be recorded), and its absence is
 * proven before the one CAS to ABORTED; the drops are fenced by a write of the record first, as a
 * staging replacement is. A foreign table under the name stops the abort (nothing is dropped then). The retained artifact is released only after the verified ABORTED write. ABORTED
 * is not success; a new operation may then take the target by a version-checked CAS.
 */
final class AbortFlow {
    private final ExternalPorts ports;
    private final RecordSteps steps;
    private final SlotWrites writes;

    AbortFlow(ExternalPorts ports, RecordSteps steps, SlotWrites writes) {
        this.ports = requireNonNull(ports, "ports is null");
        this.steps = requireNonNull(steps, "steps is null");
        this.writes = requireNonNull(writes, "writes is null");
    }

    /** LOCKED -> ABORTED; {@code retained} is the artifact this invocation sealed and retained, or null. */
    Flow fromLocked(SlotVersion<ExternalSlot> locked, ExternalOperation operation, DponeErrorCode code, String reason,
            Digest retained, ExternalRun run) {
        return write(locked, List.of(), operation, code, reason, retained, run);
    }

    Flow fromStaging(AdmittedMembers cluster, ExternalOperation operation, SlotVersion<ExternalSlot> refused,
            DponeErrorCode code, String reason, ExternalRun run) {
        // Fenced like a staging replacement: a write of the record (members unchanged) first, so a
        // worker of this operation that wrote since makes this one stop before anything is dropped.
        ExternalRecord seen = (ExternalRecord) refused.record();
        SlotWrites.Step claim = writes.write(refused, steps.member(seen, seen.payload().members().get(0), ports.clock().instant()),
                run.evidence());
        if (!(claim instanceof SlotWrites.Step.Advanced claimed) || !claimed.written()) {
            return claim instanceof SlotWrites.Step.Stopped stopped ? new Flow.Concluded(stopped.ending())
                    : stopped(code, reason, "another worker of this operation advanced the record; nothing was dropped");
        }
        SlotVersion<ExternalSlot> staging = claimed.current();
        ExternalRecord record = (ExternalRecord) staging.record();
        List<MemberRecord> discarded = new ArrayList<>();
        for (MemberRecord member : record.payload().members()) {
            MemberSession session = cluster.of(member).orElseThrow().session();
            CatalogRead<TableState> before = session.table(operation.candidate());
            if (!(before instanceof CatalogRead.Observed<TableState> observed)) {
                return stopped(code, reason, "a member could not be read to prove its owned candidate absent");
            }
            if (observed.facts() instanceof TableState.Present present) {
                if (member.candidateUuid() != null && !present.uuid().equals(member.candidateUuid())) {
                    return stopped(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED, reason,
                            "a foreign table holds the candidate name on a member; nothing was dropped");
                }
                boolean gone = session.drop(operation.candidate()) instanceof MutationOutcome.Acknowledged
                        && session.table(operation.candidate()) instanceof CatalogRead.Observed<TableState> after
                        && after.facts() instanceof TableState.Absent;
                if (!gone) {
                    return stopped(code, reason, "an owned candidate could not be dropped and proven absent");
                }
                run.evidence().step("member " + member.shardNumber() + "/" + member.replicaNumber() + " owned candidate dropped");
                discarded.add(member.discarded());
            } else {
                discarded.add(member.stage() == MemberStage.PENDING ? member : member.discarded());
            }
        }
        return write(staging, discarded, operation, code, reason, record.payload().artifact().sha256(), run);
    }

    private Flow write(SlotVersion<ExternalSlot> current, List<MemberRecord> members, ExternalOperation operation,
            DponeErrorCode code, String reason, Digest retained, ExternalRun run) {
        ExternalRecord record = (ExternalRecord) current.record();
        SlotWrites.Step step = writes.write(current, steps.aborted(record, members, code, ports.clock().instant()),
                run.evidence());
        if (step instanceof SlotWrites.Step.Stopped stopped) {
            return new Flow.Concluded(stopped.ending());
        }
        if (!((SlotWrites.Step.Advanced) step).written()) {
            return new Flow.Continue(((SlotWrites.Step.Advanced) step).current());
        }
        if (retained != null) {
            ports.store().release(retained, operation.holder());
        }
        run.evidence().step("aborted");
        return new Flow.Concluded(Ending.of(PublicationOutcome.ABORTED, code, reason
                + "; the operation ended before publication after exact owned cleanup (not success); a new invocation may"
                + " publish the target"));
    }

    private static Flow stopped(DponeErrorCode code, String reason, String why) {
        return new Flow.Concluded(Ending.of(PublicationOutcome.UNKNOWN, code, reason + "; the operation could not be aborted ("
                + why + ") and stays in STAGING; nothing was published; follow the runbook"));
    }
}
