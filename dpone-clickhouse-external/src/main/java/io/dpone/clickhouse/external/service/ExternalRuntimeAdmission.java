package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.admission.RuntimeAdmission;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.flow.LivePlanFields;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.external.admission.AdmissionCodes;
import io.dpone.clickhouse.external.admission.MemberTargets;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.clickhouse.external.admission.RowPreservingTables;
import io.dpone.clickhouse.external.admission.TargetColumns;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.TableDefinition;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.member.ColumnDefinition;
import io.dpone.clickhouse.external.member.EndpointCoverage;
import io.dpone.clickhouse.external.member.MemberPolicy;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.source.SourceColumn;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * External runtime admission (spec 001, "Runtime admission"), before any source I/O: one shard,
 * at least two members, uniform {@code internal_replication = false}, every member answering once
 * with an Atomic database; the target absent everywhere or a direct non-replicated
 * {@code *MergeTree} on every member; a host member endpoint map, if given, covering exactly the
 * admitted members; the distributed-DDL preflight; every member's resolved
 * endpoint opened and proven to reach exactly that member (its own {@code is_local} row) — the
 * resolution and every member's time zone are part of the fenced inventory digest; a target that
 * keeps rows as inserted, whose date-time columns every member places alike; then the synthetic capability assertion
 * (once per inventory digest) and a complete control facade, bootstrapped only through the core's
 * reconciler. Lineage was refused statically. Every refusal is a {@link DponeException} with an
 * external code where the reference has one; nothing but the harmless probe and the facade
 * bootstrap is ever sent here. The checks both modes make are {@link RuntimeAdmission}'s; this
 * class adds external mode's own (endpoint map, member identities, member policy, engines, sealable
 * types) and judges the external slot.
 */
final class ExternalRuntimeAdmission {
    private final ExternalPorts ports;
    private final ExternalSettings settings;
    private final RuntimeAdmission shared;

    ExternalRuntimeAdmission(ExternalPorts ports, ExternalSettings settings, RandomBits random) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.shared = new RuntimeAdmission(
                ports.catalog(),
                ports.ddl(),
                ports.facades(),
                new RuntimeAdmission.Scope(settings.cluster(), settings.target(), settings.facade()),
                new RuntimeAdmission.ModeCodes(
                        ReplicationMode.EXTERNAL,
                        AdmissionCodes::of,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE),
                random);
    }

    /**
     * The admitted members and the slot as read once the facade is complete. When the slot holds
     * this invocation's own unresolved record, admission never throws past it (issue 19, finding 5):
     * a target that drifted (dropped on a member, a changed definition, a mix) is
     * {@code targetDrift}, which the service hands to the fenced abort; any other stop (a member
     * down, the capability proof, a defect) is {@code stopped}, which ends in a receipt.
     */
    record Admission(
            AdmittedMembers members,
            SlotRead<ExternalSlot> slot,
            Optional<DponeException> targetDrift,
            Optional<RuntimeException> stopped) {
        Admission(AdmittedMembers members, SlotRead<ExternalSlot> slot) {
            this(members, slot, Optional.empty(), Optional.empty());
        }
    }

    /**
     * What admission reads and judges, without acting on it (no probe, no facade bootstrap): the
     * admission as it stands before the proof, the facade verdict, and whether the capability
     * proof is still owed. {@link #admit} acts on exactly this; {@code dpone plan --live} shows it.
     * A refusal that is not this invocation's own receipt is thrown, as from {@link #admit}.
     *
     * @param facade null when admission stopped before the facade was judged
     * @param serverVersions each member's reported {@code version()} by endpoint (empty when membership was not read)
     */
    record Survey(
            Admission admission, FacadeVerdict facade, boolean needsProof, Map<HostEndpoint, String> serverVersions) {
        Survey {
            requireNonNull(admission, "admission is null");
            serverVersions = Map.copyOf(requireNonNull(serverVersions, "serverVersions is null"));
        }
    }

    Survey survey(ExternalOperation operation, Invocation<ExternalEvidence> invocation) {
        ClusterAdmission.Admitted membership;
        FacadeVerdict facade;
        try {
            membership = shared.membership(operation.candidate());
            requireCoveredEndpoints(membership);
            shared.requirePreflight();
            facade = shared.judgeFacade(membership, operation.targetKey());
        } catch (DponeException refused) {
            return new Survey(heldBeforeMembership(operation, refused), null, false, Map.of());
        }
        SlotRead<ExternalSlot> slot = facade instanceof FacadeVerdict.Ready ? readSlot(operation.targetKey()) : null;
        if (ownUnresolved(slot, operation)) {
            return held(membership, slot, facade, operation, invocation);
        }
        AdmittedMembers members = members(membership, pastDispatch(slot, operation), false, invocation)
                .members();
        requireSealableTypes(members);
        return new Survey(
                new Admission(members, slot),
                facade,
                !(facade instanceof FacadeVerdict.Ready) || needsProof(slot, members.inventoryDigest()),
                LivePlanFields.serverVersions(membership.members()));
    }

    Admission admit(ExternalOperation operation, Invocation<ExternalEvidence> invocation) {
        Survey survey = survey(operation, invocation);
        Admission admission = survey.admission();
        if (admission.stopped().isPresent() || !survey.needsProof()) {
            return admission;
        }
        try {
            shared.prove(admission.members().hosts(), admission.members().inventoryDigest(), invocation);
        } catch (RuntimeException stopped) {
            if (!ownUnresolved(admission.slot(), operation)) {
                throw stopped;
            }
            return new Admission(null, admission.slot(), Optional.empty(), Optional.of(stopped));
        }
        if (survey.facade() instanceof FacadeVerdict.Ready) {
            return admission;
        }
        shared.bootstrapFacade(admission.members().hosts(), operation.targetKey(), invocation);
        return new Admission(admission.members(), readSlot(operation.targetKey()));
    }

    /** Admission for this invocation's own unresolved record: every stop is handed back, never thrown. */
    private Survey held(
            ClusterAdmission.Admitted membership,
            SlotRead<ExternalSlot> slot,
            FacadeVerdict facade,
            ExternalOperation operation,
            Invocation<ExternalEvidence> invocation) {
        try {
            Judged judged = members(membership, pastDispatch(slot, operation), true, invocation);
            return new Survey(
                    new Admission(judged.members(), slot, judged.targetDrift(), Optional.empty()),
                    facade,
                    needsProof(slot, judged.members().inventoryDigest()),
                    LivePlanFields.serverVersions(membership.members()));
        } catch (RuntimeException stopped) {
            return new Survey(
                    new Admission(null, slot, Optional.empty(), Optional.of(stopped)),
                    facade,
                    false,
                    LivePlanFields.serverVersions(membership.members()));
        }
    }

    /**
     * Membership, the endpoint map, the preflight or the facade refused (a member down, a catalog
     * that cannot be read whole): when the authority still answers with this invocation's own
     * unresolved record, the refusal is that run's receipt; otherwise it is thrown as before.
     */
    private Admission heldBeforeMembership(ExternalOperation operation, DponeException refused) {
        SlotRead<ExternalSlot> slot;
        try {
            slot = ports.authority().readVersioned(operation.targetKey());
        } catch (RuntimeException unreadable) {
            refused.addSuppressed(unreadable);
            throw refused;
        }
        if (!ownUnresolved(slot, operation)) {
            throw refused;
        }
        return new Admission(null, slot, Optional.empty(), Optional.of(refused));
    }

    /** True when the slot holds a valid record of this operation that has not ended (neither COMPLETED nor ABORTED). */
    private static boolean ownUnresolved(SlotRead<ExternalSlot> slot, ExternalOperation operation) {
        return own(slot, operation)
                .filter(record -> !record.phase().admitsNewOperation())
                .isPresent();
    }

    /** The slot's valid record when it is this operation's. */
    private static Optional<ExternalRecord> own(SlotRead<ExternalSlot> slot, ExternalOperation operation) {
        return slot instanceof SlotRead.Present<ExternalSlot> present
                ? present.valid()
                        .map(SlotVersion::record)
                        .filter(ExternalRecord.class::isInstance)
                        .map(ExternalRecord.class::cast)
                        .filter(record -> record.operationId().equals(operation.operationId()))
                : Optional.empty();
    }

    /**
     * The host's member endpoint map covers exactly the admitted members or is not given: a partial
     * or stale map is refused before any member is reached, and the message counts, never names.
     */
    private void requireCoveredEndpoints(ClusterAdmission.Admitted membership) {
        EndpointCoverage coverage =
                ports.endpoints().coverage(membership.inventory().members());
        if (!coverage.complete()) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                    "the member endpoint map does not match the admitted inventory: " + coverage.unlisted()
                            + " admitted member(s) not listed, " + coverage.stale()
                            + " entr(ies) naming no admitted member;"
                            + " list every admitted member exactly as system.clusters names it, or give no map;"
                            + " nothing was mutated");
        }
    }

    /** An operation that already dispatched resumes with a target that may be mid-swap: the classifier judges it. */
    private static boolean pastDispatch(SlotRead<ExternalSlot> slot, ExternalOperation operation) {
        return own(slot, operation)
                .filter(record -> !record.phase().prePublication())
                .isPresent();
    }

    /** The members, and for an own unresolved record the target drift admission would otherwise refuse. */
    private record Judged(AdmittedMembers members, Optional<DponeException> targetDrift) {}

    private Judged members(
            ClusterAdmission.Admitted membership,
            boolean pastDispatch,
            boolean ownRecord,
            Invocation<ExternalEvidence> invocation) {
        ResolvedInventory inventory = ResolvedInventory.resolve(membership.inventory(), ports.endpoints());
        MemberIdentities.Identified identified =
                MemberIdentities.identify(inventory, ports.members(), settings.cluster());
        if (identified.unproven().isPresent()) {
            ClusterMember unproven = identified.unproven().get();
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                    "the direct connection of member " + unproven.shardNumber() + "/" + unproven.replicaNumber()
                            + " could not be opened or reaches another member; nothing was mutated");
        }
        Digest digest = identified.digest().orElseThrow();
        invocation.evidence().inventory(inventory, Optional.of(digest));
        List<AdmittedMembers.Member> members = identified.members();
        if (pastDispatch) {
            return new Judged(
                    new AdmittedMembers(
                            inventory, digest, members, identified.zones(), Optional.empty(), Map.of(), List.of()),
                    Optional.empty());
        }
        MemberTargets.Verdict verdict = MemberTargets.judge(membership.members());
        if (verdict instanceof MemberTargets.Verdict.Blocked blocked) {
            if (!ownRecord) {
                throw new DponeException(
                        blocked.code(), "admission blocked: " + blocked.reason() + "; nothing was mutated");
            }
            DponeException drift =
                    new DponeException(blocked.code(), "the target drifted under the operation: " + blocked.reason());
            // the record's own operation: the drift fences it (no target is judged), and the service aborts it safely
            return new Judged(
                    new AdmittedMembers(
                            inventory, digest, members, identified.zones(), Optional.empty(), Map.of(), List.of()),
                    Optional.of(drift));
        }
        MemberTargets.Verdict.Admitted target = (MemberTargets.Verdict.Admitted) verdict;
        if (target.definition().isEmpty() && !RowPreservingTables.admitsEngine(settings.engine())) {
            // the candidates of an absent target get the manifest's engine (and ORDER BY tuple(), under
            // which a row-rewriting engine would fold every row into one)
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                    "admission blocked: the"
                            + " declared engine " + settings.engine()
                            + " rewrites rows on insert and in merges; external mode stages a"
                            + " plain " + RowPreservingTables.ENGINE + " only; nothing was mutated");
        }
        requirePolicy(members, target.definition());
        List<ColumnDefinition> columns = target.definition().isPresent() ? targetColumns(members.get(0)) : List.of();
        return new Judged(
                new AdmittedMembers(
                        inventory, digest, members, identified.zones(), target.definition(), target.uuids(), columns),
                Optional.empty());
    }

    /**
     * An existing target's stored columns are the artifact's declared columns, so each type must be
     * one the canonical rows and the content digest support (spec 001, runtime admission): refused
     * here, before the capability probe, the facade bootstrap, any authority write or source I/O, by
     * the sealer's own parser and code ({@code SOURCE_TYPE_UNSUPPORTED}, also for a date-time column
     * without a zone when the members' server zones differ); a MATERIALIZED column by
     * {@link TargetColumns} ({@code EXTERNAL_ENGINE_UNSUPPORTED}). An absent target has none; its
     * types come from the source and are checked by sealing.
     */
    private static void requireSealableTypes(AdmittedMembers members) {
        if (members.targetColumns().isEmpty()) {
            return;
        }
        members.placement()
                .requirePlaceable(ArtifactSchema.declared(TargetColumns.stored(members.targetColumns()).stream()
                        .map(column -> SourceColumn.typed(column.name(), column.type()))
                        .toList()));
    }

    /**
     * Every member's principal holds what staging and publication need on the target database, and
     * no member's server default deduplicates the target's inserts (issue 19): refused here, before
     * anything is locked or created, instead of a candidate refused halfway (497) or a folded block.
     * A missing privilege is CAPABILITY_MISSING (spec 000 names no privilege code; that is the code for
     * "a required capability is absent"), the window EXTERNAL_ENGINE_UNSUPPORTED, as a table's own.
     */
    private void requirePolicy(List<AdmittedMembers.Member> members, Optional<TableDefinition> target) {
        for (AdmittedMembers.Member member : members) {
            String label =
                    "member " + member.row().shardNumber() + "/" + member.row().replicaNumber();
            if (!(member.session().policy(settings.target().database())
                    instanceof CatalogRead.Observed<MemberPolicy> read)) {
                throw new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                        "admission blocked: " + label
                                + " could not prove its principal's privileges on the target database (CHECK GRANT) or read its"
                                + " merge_tree defaults; nothing was mutated");
            }
            MemberPolicy policy = read.facts();
            if (!policy.missingPrivileges().isEmpty()) {
                throw new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                        "admission blocked: the principal"
                                + " of " + label + " lacks " + String.join(", ", policy.missingPrivileges())
                                + " on the target database,"
                                + " which staging (CREATE, INSERT, RENAME, DROP) and publication (EXCHANGE or RENAME) need; nothing"
                                + " was mutated");
            }
            Optional<String> deduplicates = RowPreservingTables.serverDefaultRefusal(
                    target.map(TableDefinition::engineFull), policy.deduplicationWindowDefault());
            if (deduplicates.isPresent()) {
                throw new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                        "admission blocked: " + deduplicates.get() + "; nothing was mutated");
            }
        }
    }

    private List<ColumnDefinition> targetColumns(AdmittedMembers.Member member) {
        CatalogRead<TableState> state = member.session().table(settings.target());
        if (state instanceof CatalogRead.Observed<TableState> observed
                && observed.facts() instanceof TableState.Present present) {
            return present.columns();
        }
        throw new DponeException(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                "the target's columns could not be read over a member's direct connection; nothing was mutated");
    }

    private static boolean needsProof(SlotRead<ExternalSlot> slot, Digest inventoryDigest) {
        return !(slot instanceof SlotRead.Present<ExternalSlot> present
                && present.valid()
                        .map(SlotVersion::record)
                        .filter(ExternalRecord.class::isInstance)
                        .map(ExternalRecord.class::cast)
                        .filter(record ->
                                inventoryDigest.equals(record.payload().capabilityInventoryDigest()))
                        .isPresent());
    }

    private SlotRead<ExternalSlot> readSlot(Digest targetKey) {
        SlotRead<ExternalSlot> slot = ports.authority().readVersioned(targetKey);
        if (slot instanceof SlotRead.Unavailable<ExternalSlot>) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED,
                    "the authority slot could not be read; nothing was mutated");
        }
        return slot;
    }
}
