package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.engine.SlotDecision;
import io.dpone.clickhouse.cluster.flow.LivePlanFields;
import io.dpone.clickhouse.cluster.flow.ReceiptFields;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.cluster.flow.Waits;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code dpone plan --live} in external mode: what {@code publish} would do now, from the same
 * decisions it makes. Admission is {@link ExternalRuntimeAdmission#survey} (what {@link ExternalRuntimeAdmission#admit}
 * acts on, without the probe or the facade bootstrap), the slot is {@link SlotDecision}, a resumed
 * operation is {@link StatusView}'s classification, and the fenced statements are the
 * {@link Statements} values publish dispatches. Sends no DDL, no probe, no bootstrap, no Keeper
 * write and no member mutation (the member sessions are only read). Members appear by shard and
 * replica number only.
 */
final class LivePreview {
    static final String SCHEMA = "dpone.clickhouse.cluster-external-full-refresh-live-plan.v1";
    /** The invocation a plan without {@code --invocation-id} stands for: any new one. */
    static final String NEW_INVOCATION = "dpone-plan-live-new-invocation";

    private final ExternalPorts ports;
    private final ExternalSettings settings;
    private final RandomBits random;
    private final StatusView status;

    LivePreview(ExternalPorts ports, ExternalSettings settings, RandomBits random, StatusView status) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.random = requireNonNull(random, "random is null");
        this.status = requireNonNull(status, "status is null");
    }

    LivePlan preview(Optional<String> invocation) {
        ExternalOperation operation = ExternalOperation.derive(settings.plan(), invocation.orElse(NEW_INVOCATION));
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("invocation", invocation.isPresent() ? "given" : "new");
        detail.put("operation_id", operation.operationId().hex());
        detail.put("target_key", operation.targetKey().hex());
        ExternalRuntimeAdmission.Survey survey;
        try {
            survey = new ExternalRuntimeAdmission(ports, settings, random).survey(operation, readOnlyRun());
        } catch (DponeException refused) {
            return blocked(refused, detail);
        }
        ExternalRuntimeAdmission.Admission admission = survey.admission();
        SlotRead<ExternalSlot> slot = admission.slot() == null ? new SlotRead.Absent<>() : admission.slot();
        if (admission.members() != null) {
            detail.put("inventory_digest", admission.members().inventoryDigest().hex());
            detail.put("members", members(admission.members(), survey.serverVersions()));
        }
        detail.put(
                "facade",
                survey.facade() == null
                        ? "not judged: admission stopped before the facade was read"
                        : LivePlanFields.facade(survey.facade()));
        detail.put("capability", LivePlanFields.capability(survey.needsProof()));
        detail.put("authority", authority(admission.slot(), operation));
        if (admission.stopped().isPresent()) {
            // this invocation's own record holds the slot: publish ends in a receipt with this stop, sending nothing
            RuntimeException stopped = admission.stopped().get();
            if (stopped instanceof DponeException coded) {
                return blocked(coded, detail);
            }
            throw stopped;
        }
        SlotDecision<ExternalSlot> decision;
        try {
            decision = SlotDecision.of(slot, operation.operationId(), ExternalSlotRules.INSTANCE);
        } catch (DponeException refused) {
            return blocked(refused, detail);
        }
        if (decision instanceof SlotDecision.Resume<ExternalSlot> own) {
            return resume(own.current(), admission, operation, detail);
        }
        return fresh(
                ((SlotDecision.NewOperation<ExternalSlot>) decision).finished(),
                admission.members(),
                operation,
                detail);
    }

    private LivePlan fresh(
            Optional<SlotVersion<ExternalSlot>> finished,
            AdmittedMembers cluster,
            ExternalOperation operation,
            Map<String, Object> detail) {
        long epoch = finished.map(f -> f.record().dispatchEpoch()).orElse(0L);
        boolean existing = cluster.target().isPresent();
        TableRef candidate = operation.candidate();
        List<Object> statements = new ArrayList<>(staging(cluster, candidate));
        statements.add(fenced(
                "publication",
                LivePlanFields.publication(settings.cluster(), settings.target(), candidate, existing),
                operation,
                epoch + 1));
        if (existing) {
            statements.add(fenced(
                    "cleanup", new FencedDdl.DropCandidate(settings.cluster(), candidate), operation, epoch + 2));
        }
        boolean sweep = finished.isPresent()
                && finished.get().record() instanceof ExternalRecord last
                && last.phase() == ExternalPhase.ABORTED;
        String taking = finished.isEmpty()
                ? "take the slot (create if absent)"
                : finished.get().record() instanceof InternalBaseline
                        ? "take the slot by migration CAS from the completed" + " internal record"
                        : "take the slot by CAS from the finished record";
        detail.put(
                "next",
                (sweep ? "drop any late-landing table of the aborted predecessor by its recorded UUID, " : "")
                        + taking
                        + " (LOCKED) before reading the source, seal it, stage and prove every member's candidate, publish"
                        + " with one " + (existing ? "EXCHANGE" : "RENAME")
                        + (existing ? ", then drop each member's exact predecessor" : ""));
        detail.put("statements", statements);
        return new LivePlan(SCHEMA, ReplicationMode.EXTERNAL, LivePlan.Action.NEW_OPERATION, Optional.empty(), detail);
    }

    /** The own operation, judged by what status (and so the rerun) concludes from its record. */
    private LivePlan resume(
            SlotVersion<ExternalSlot> current,
            ExternalRuntimeAdmission.Admission admission,
            ExternalOperation operation,
            Map<String, Object> detail) {
        ExternalRecord record = (ExternalRecord) current.record();
        if (admission.targetDrift().isPresent() && record.phase().prePublication()) {
            detail.put(
                    "next",
                    "abort safely: the target drifted under the operation ("
                            + admission.targetDrift().get().code()
                            + "); its owned candidates are dropped by recorded UUID and the record ends ABORTED; nothing is"
                            + " published");
            detail.put("statements", List.of());
            return new LivePlan(SCHEMA, ReplicationMode.EXTERNAL, LivePlan.Action.RESUME, Optional.empty(), detail);
        }
        PublicationReceipt conclusion;
        try {
            conclusion = status.read(operation, true);
        } catch (DponeException refused) {
            return blocked(refused, detail);
        }
        detail.put("classification", conclusion.detail().get("classification"));
        String said = String.valueOf(conclusion.detail().get("message"));
        if (record.phase() == ExternalPhase.COMPLETED) {
            detail.put("next", "nothing: this invocation's operation is complete");
            detail.put("statements", List.of());
            return new LivePlan(SCHEMA, ReplicationMode.EXTERNAL, LivePlan.Action.NOTHING, Optional.empty(), detail);
        }
        PublicationOutcome outcome = conclusion.outcome();
        if (outcome != PublicationOutcome.PREPARED && outcome != PublicationOutcome.WAITING) {
            detail.put("next", "nothing is sent: " + said);
            detail.put("statements", List.of());
            return new LivePlan(
                    SCHEMA, ReplicationMode.EXTERNAL, LivePlan.Action.BLOCKED, conclusion.errorCode(), detail);
        }
        detail.put("next", record.phase() + ": " + said);
        detail.put("statements", resumed(record, admission.members(), operation));
        return new LivePlan(SCHEMA, ReplicationMode.EXTERNAL, LivePlan.Action.RESUME, Optional.empty(), detail);
    }

    /** What the rerun may still send from the record's phase; a bound statement is never sent again, only reconciled. */
    private List<Object> resumed(ExternalRecord record, AdmittedMembers cluster, ExternalOperation operation) {
        List<Object> statements = new ArrayList<>();
        long epoch = record.dispatchEpoch();
        boolean prePublication = record.phase().prePublication();
        if (record.phase() == ExternalPhase.LOCKED || record.phase() == ExternalPhase.STAGING) {
            statements.addAll(staging(cluster, Statements.candidate(record, settings.target())));
        }
        // LOCKED has bound no baseline yet: the target as admission saw it decides the statement
        boolean existing = record.phase() == ExternalPhase.LOCKED
                ? cluster.target().isPresent()
                : !record.payload().absentTarget();
        if (prePublication) {
            FencedDdl publication = existing
                    ? new FencedDdl.Exchange(
                            settings.cluster(), settings.target(), Statements.candidate(record, settings.target()))
                    : new FencedDdl.Rename(
                            settings.cluster(), Statements.candidate(record, settings.target()), settings.target());
            statements.add(fenced("publication", publication, operation, epoch + 1));
        }
        // a bound drop that proves lost with every member holding its predecessor or nothing is sent again at the next
        // epoch
        if (existing) {
            statements.add(fenced(
                    "cleanup",
                    Statements.cleanup(record, settings.cluster(), settings.target()),
                    operation,
                    prePublication ? epoch + 2 : epoch + 1));
        }
        return statements;
    }

    /**
     * Each member's direct load: local to the member, under the attempt name of a UUID recorded
     * before the create, renamed to the candidate name after the proof (ADR 0008); no row value is shown.
     */
    private static List<Object> staging(AdmittedMembers cluster, TableRef candidate) {
        List<Object> statements = new ArrayList<>();
        String rendered = candidate.render();
        String attempt = rendered.endsWith("`")
                ? rendered.substring(0, rendered.length() - 1) + "_<recorded UUID hex>`"
                : rendered + "_<recorded UUID hex>";
        for (AdmittedMembers.Member member : cluster.members()) {
            Map<String, Object> entry = ReceiptFields.member(member.row(), "step", "stage");
            entry.put("permit", false);
            entry.put(
                    "statements",
                    List.of(
                            "CREATE TABLE " + attempt + " UUID '<recorded before the create>' ... (the target's"
                                    + " definition, or the declared columns for an absent target)",
                            "INSERT INTO " + attempt + " ... (the sealed artifact's rows)",
                            "RENAME TABLE " + attempt + " TO " + rendered
                                    + " (after every row is proven and READY recorded)"));
            statements.add(entry);
        }
        return statements;
    }

    private static LivePlan blocked(DponeException refused, Map<String, Object> detail) {
        return LivePlanFields.blocked(SCHEMA, ReplicationMode.EXTERNAL, refused, detail);
    }

    private static List<Object> members(AdmittedMembers cluster, Map<HostEndpoint, String> versions) {
        List<Object> members = new ArrayList<>();
        for (AdmittedMembers.Member member : cluster.members()) {
            UUID uuid = cluster.targetUuids().get(member.endpoint());
            Map<String, Object> entry = ReceiptFields.member(
                    member.row(),
                    "target",
                    cluster.target().isEmpty() ? "absent" : uuid == null ? "unknown" : Map.of("uuid", uuid.toString()));
            entry.put("time_zone", cluster.timeZones().get(member.row()));
            entry.put("server_version", LivePlanFields.serverVersion(versions, member.endpoint()));
            members.add(entry);
        }
        return members;
    }

    private static Map<String, Object> authority(SlotRead<ExternalSlot> slot, ExternalOperation operation) {
        Map<String, Object> authority = new LinkedHashMap<>();
        if (slot == null) {
            authority.put("record", "not read: the control facade that holds it is not complete yet");
            return authority;
        }
        if (!(slot instanceof SlotRead.Present<ExternalSlot> present)) {
            authority.put("record", "none");
            return authority;
        }
        Optional<SlotVersion<ExternalSlot>> valid = present.valid();
        if (valid.isEmpty()) {
            authority.put("record", "invalid");
            return authority;
        }
        authority.put("record", "present");
        authority.put("keeper_version", valid.get().keeperVersion());
        authority.put("dispatch_epoch", valid.get().record().dispatchEpoch());
        if (valid.get().record() instanceof InternalBaseline baseline) {
            authority.put("owner", "an internal-mode operation");
            authority.put("phase", baseline.phaseName());
            authority.put("completed", baseline.completed());
            return authority;
        }
        ExternalRecord record = (ExternalRecord) valid.get().record();
        authority.put(
                "owner",
                record.operationId().equals(operation.operationId()) ? "this invocation" : "another invocation");
        authority.put("operation_id", record.operationId().hex());
        authority.put("phase", record.phase().name());
        return authority;
    }

    private static Map<String, Object> fenced(String step, FencedDdl ddl, ExternalOperation operation, long epoch) {
        return LivePlanFields.fenced(step, ddl, operation.operationId(), epoch);
    }

    /** Admission's context for a read: no wait is ever taken (the survey sends nothing to wait for). */
    private Invocation<ExternalEvidence> readOnlyRun() {
        return new Invocation<>(
                new Waits(ports.sleeper(), Cancellation.NEVER, ProgressListener.NONE),
                new QueueEntryResolver(
                        ports.ddl(),
                        Sha256ProtocolDigests.INSTANCE,
                        BoundedWait.once(),
                        BoundedWait.once(),
                        ports.sleeper(),
                        Cancellation.NEVER),
                new ExternalEvidence(ReceiptTimes.ofRead()));
    }
}
