package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaObservation;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotDecision;
import io.dpone.clickhouse.cluster.flow.LivePlanFields;
import io.dpone.clickhouse.cluster.flow.ReceiptFields;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code dpone plan --live} in internal mode: what {@code publish} would do now, from the same
 * decisions it makes, and nothing else. Admission is {@link InternalRuntimeAdmission#survey} (the reads and
 * judgements {@link InternalRuntimeAdmission#admit} acts on), the slot is {@link SlotDecision}, a resumed
 * operation is the {@link StatusReader}'s classification (the publication and cleanup
 * classifiers), and statements are rendered by the same {@link FencedDdl} values the adapters send.
 * Sends no DDL, no probe, no bootstrap and no Keeper write. Members appear by shard and replica
 * number only.
 */
final class LivePreview {
    static final String SCHEMA = "dpone.clickhouse.cluster-full-refresh-live-plan.v1";
    /** The invocation a plan without {@code --invocation-id} stands for: any new one. */
    static final String NEW_INVOCATION = "dpone-plan-live-new-invocation";

    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final ProtocolDigests digests;
    private final RandomBits random;
    private final StatusReader status;

    LivePreview(
            PublicationPorts ports,
            PublicationSettings settings,
            ProtocolDigests digests,
            RandomBits random,
            StatusReader status) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.digests = requireNonNull(digests, "digests is null");
        this.random = requireNonNull(random, "random is null");
        this.status = requireNonNull(status, "status is null");
    }

    LivePlan preview(Optional<String> invocation) {
        OperationIdentity identity = OperationIdentity.derive(settings, invocation.orElse(NEW_INVOCATION), digests);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("invocation", invocation.isPresent() ? "given" : "new");
        detail.put("operation_id", identity.operationId().hex());
        InternalRuntimeAdmission.Survey survey;
        try {
            survey = new InternalRuntimeAdmission(ports, settings, digests, random)
                    .survey(identity, new InternalEvidence(ReceiptTimes.ofRead()));
        } catch (DponeException refused) {
            return blocked(refused, detail);
        }
        detail.put("inventory_digest", survey.cluster().inventoryDigest().hex());
        detail.put("members", members(survey, identity));
        detail.put("facade", LivePlanFields.facade(survey.facade()));
        detail.put("capability", LivePlanFields.capability(survey.needsProof()));
        SlotRead<AuthorityRecord> slot = survey.slot().orElse(new SlotRead.Absent<>());
        detail.put("authority", authority(slot, identity));
        SlotDecision<AuthorityRecord> decision;
        try {
            decision = SlotDecision.of(slot, identity.operationId(), InternalSlotRules.INSTANCE);
        } catch (DponeException refused) {
            return blocked(refused, detail);
        }
        if (decision instanceof SlotDecision.NewOperation<AuthorityRecord> fresh) {
            long epoch = fresh.finished().map(r -> r.record().dispatchEpoch()).orElse(0L);
            TableRef candidate = new TableRef(
                    settings.target().database(), identity.candidate().table() + "_<attempt>");
            List<Object> statements = new ArrayList<>();
            statements.add(setup(candidate, identity));
            FencedDdl publication = LivePlanFields.publication(
                    settings.cluster(),
                    settings.target(),
                    candidate,
                    survey.cluster().target().isPresent());
            statements.add(LivePlanFields.fenced("publication", publication, identity.operationId(), epoch + 1));
            if (survey.cluster().target().isPresent()) {
                statements.add(LivePlanFields.fenced(
                        "cleanup",
                        new FencedDdl.DropCandidate(settings.cluster(), candidate),
                        identity.operationId(),
                        epoch + 2));
            }
            detail.put(
                    "next",
                    "stage a new candidate, take the slot"
                            + (fresh.finished().isPresent()
                                    ? " by CAS from the completed record"
                                    : " (create if absent)")
                            + ", publish, then clean up");
            detail.put("statements", statements);
            return new LivePlan(
                    SCHEMA, ReplicationMode.INTERNAL, LivePlan.Action.NEW_OPERATION, Optional.empty(), detail);
        }
        return resume(((SlotDecision.Resume<AuthorityRecord>) decision).current(), identity, detail);
    }

    /** The own operation, judged by what status (and so the rerun) concludes from its record. */
    private LivePlan resume(
            SlotVersion<AuthorityRecord> current, OperationIdentity identity, Map<String, Object> detail) {
        AuthorityRecord record = current.record();
        InternalEvidence evidence = new InternalEvidence(ReceiptTimes.ofRead());
        Ending conclusion;
        try {
            conclusion =
                    status.read(Optional.of(identity.operationId()), evidence).orElseThrow();
        } catch (DponeException refused) {
            return blocked(refused, detail);
        }
        detail.put("classification", evidence.detail().get("classification"));
        if (record.phase() == AuthorityPhase.COMPLETED) {
            detail.put("next", "nothing: this invocation's operation is complete");
            detail.put("statements", List.of());
            return new LivePlan(SCHEMA, ReplicationMode.INTERNAL, LivePlan.Action.NOTHING, Optional.empty(), detail);
        }
        PublicationOutcome outcome = conclusion.outcome();
        if (outcome != PublicationOutcome.PREPARED && outcome != PublicationOutcome.WAITING) {
            detail.put("next", "nothing is sent: " + conclusion.message());
            detail.put("statements", List.of());
            return new LivePlan(SCHEMA, ReplicationMode.INTERNAL, LivePlan.Action.BLOCKED, conclusion.code(), detail);
        }
        List<Object> statements = new ArrayList<>();
        boolean existing = record.payload().predecessor() != null;
        long epoch = record.dispatchEpoch();
        switch (record.phase()) {
            case PREPARED -> {
                statements.add(LivePlanFields.fenced(
                        "publication",
                        RecordShapes.publication(record, settings.cluster(), settings.target()),
                        identity.operationId(),
                        epoch + 1));
                detail.put("next", "dispatch the publication once, under a fresh permit, then clean up");
            }
            case DISPATCHING ->
                detail.put(
                        "next", "reconcile: wait for the bound entry only; the publication is never" + " sent again");
            default -> detail.put("next", "finish cleanup of the exact predecessor");
        }
        // a bound drop that proves lost or left exact predecessor copies is sent again under the next epoch
        if (existing) {
            long dropEpoch = record.phase() == AuthorityPhase.PREPARED ? epoch + 2 : epoch + 1;
            statements.add(LivePlanFields.fenced(
                    "cleanup",
                    RecordShapes.cleanup(record, settings.cluster(), settings.target()),
                    identity.operationId(),
                    dropEpoch));
        }
        detail.put("statements", statements);
        return new LivePlan(SCHEMA, ReplicationMode.INTERNAL, LivePlan.Action.RESUME, Optional.empty(), detail);
    }

    private static LivePlan blocked(DponeException refused, Map<String, Object> detail) {
        return LivePlanFields.blocked(SCHEMA, ReplicationMode.INTERNAL, refused, detail);
    }

    private List<Object> members(InternalRuntimeAdmission.Survey survey, OperationIdentity identity) {
        Map<HostEndpoint, TableObservation> targets = new LinkedHashMap<>();
        for (ReplicaObservation observation : new ReplicaReader(ports.catalog(), settings.cluster())
                .observe(survey.cluster().hosts(), settings.target(), identity.candidate())) {
            targets.put(
                    observation.member(),
                    observation instanceof ReplicaObservation.Observed observed
                            ? observed.target()
                            : new TableObservation.Indeterminate("unavailable"));
        }
        List<Object> members = new ArrayList<>();
        for (ClusterMember member : survey.cluster().inventory().members()) {
            Map<String, Object> entry = ReceiptFields.member(member, "target", target(targets.get(member.endpoint())));
            entry.put("server_version", LivePlanFields.serverVersion(survey.serverVersions(), member.endpoint()));
            members.add(entry);
        }
        return members;
    }

    private static Object target(TableObservation observation) {
        if (observation instanceof TableObservation.Present present) {
            Map<String, Object> identity = new LinkedHashMap<>();
            identity.put("uuid", present.identity().tableUuid().toString());
            identity.put("schema_digest", present.identity().schemaDigest());
            return identity;
        }
        return observation instanceof TableObservation.Absent ? "absent" : "unknown";
    }

    private static Map<String, Object> authority(SlotRead<AuthorityRecord> slot, OperationIdentity identity) {
        Map<String, Object> authority = new LinkedHashMap<>();
        if (!(slot instanceof SlotRead.Present<AuthorityRecord> present)) {
            authority.put("record", "none");
            return authority;
        }
        Optional<SlotVersion<AuthorityRecord>> valid = present.valid();
        if (valid.isEmpty()) {
            authority.put("record", "invalid");
            return authority;
        }
        AuthorityRecord record = valid.get().record();
        authority.put("record", "present");
        authority.put(
                "owner",
                record.operationId().equals(identity.operationId()) ? "this invocation" : "another invocation");
        authority.put("operation_id", record.operationId().hex());
        authority.put("phase", record.phase().name());
        authority.put("dispatch_epoch", record.dispatchEpoch());
        authority.put("keeper_version", valid.get().keeperVersion());
        return authority;
    }

    /** The candidate's creation; its column list comes from the target or the source, so only its head is shown. */
    private Map<String, Object> setup(TableRef candidate, OperationIdentity identity) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("step", "stage");
        entry.put("action", DdlAction.STAGE.code());
        entry.put("permit", false);
        entry.put(
                "statement",
                "CREATE TABLE " + candidate.render() + " ON CLUSTER " + SqlQuoting.identifier(settings.cluster())
                        + " ... (the target's definition, or the source's columns for an absent target)");
        entry.put("log_comment", "dpone-ch-v1." + identity.operationId().hex() + ".stage.<epoch>.<random>");
        return entry;
    }
}
