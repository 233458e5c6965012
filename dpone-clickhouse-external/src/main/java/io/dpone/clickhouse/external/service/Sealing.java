package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.TableDefinition;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.seal.SourceSealer;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.source.PublicationSource;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * From LOCKED (the fence is held before any source I/O) to STAGING: seal the source into the
 * content-addressed store with the declared columns, retain it under the operation, scan it once
 * (content digest, values the member transport cannot carry), re-read the inventory and the
 * resolved endpoints (drift between admission and staging fences the operation) and the members'
 * targets (the baseline must be what the slot now fences), then bind the artifact, the target
 * baseline and the member map in one CAS. A source the sealer refuses for
 * good ends the operation as ABORTED (nothing was created); an unreadable source or store leaves
 * LOCKED for the same invocation to continue.
 */
final class Sealing {
    private final ExternalPorts ports;
    private final ExternalSettings settings;
    private final ExternalRecordBuilder records;
    private final SlotWrites<ExternalSlot> writes;
    private final OwnedCleanupAbort abort;
    private final RandomBits random;

    Sealing(
            ExternalPorts ports,
            ExternalSettings settings,
            ExternalRecordBuilder records,
            SlotWrites<ExternalSlot> writes,
            OwnedCleanupAbort abort,
            RandomBits random) {
        this.random = requireNonNull(random, "random is null");
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.records = requireNonNull(records, "records is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.abort = requireNonNull(abort, "abort is null");
    }

    StepResult<ExternalSlot> toStaging(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> locked,
            PublicationSource source,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) locked.record();
        Optional<Ending> fenced = Fences.inventory(record, cluster);
        if (fenced.isPresent()) {
            return new StepResult.Concluded<>(fenced.get());
        }
        invocation.waits().progress().step("seal");
        // Retention by this invocation's own holder, taken in the store operation that commits the artifact
        // and dropped in every case on the way out: a return that binds nothing (drift, a moved
        // baseline, an abort, a refusal) cannot leak it, and a concurrent worker of the same operation
        // (same operation holder) cannot lose an artifact its record names to this invocation's release. Only a
        // record that names the artifact, or may (a lost answer), passes it to the operation's holder,
        // which STAGED or ABORTED releases.
        String invocationHolder = operation.holder() + "." + HexFormat.of().formatHex(random.next(8));
        StoredArtifact artifact;
        try {
            artifact = new SourceSealer(
                            ports.store(),
                            settings.contentRowBudget(),
                            settings.maxSourceBytes(),
                            cluster.placement(),
                            invocation.waits().progress())
                    .sealRetained(source, DeclaredColumns.of(cluster.targetColumns(), source), invocationHolder);
        } catch (DponeException refused) {
            if (!SourceRefusals.endsTheOperation(refused.code())) {
                return new StepResult.Concluded<>(stays(refused));
            }
            return abort.fromLocked(locked, operation, refused.code(), refused.getMessage(), null, invocation);
        }
        try {
            return bind(cluster, operation, locked, artifact, invocationHolder, invocation);
        } catch (DponeException failed) {
            return new StepResult.Concluded<>(stays(failed));
        } finally {
            ports.store().release(artifact.sha256(), invocationHolder);
        }
    }

    private StepResult<ExternalSlot> bind(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> locked,
            StoredArtifact artifact,
            String invocationHolder,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) locked.record();
        invocation.evidence().step("sealed");
        ArtifactScan.Result scan = ArtifactScan.of(artifact, ports.members(), cluster.placement());
        if (scan.refusal().isPresent()) {
            // the ABORTED record never names the artifact: this invocation's release is the only one due
            return abort.fromLocked(
                    locked,
                    operation,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED,
                    "the artifact cannot be staged: " + scan.refusal().get(),
                    null,
                    invocation);
        }
        Optional<Ending> drift = inventoryNow(record, cluster);
        if (drift.isPresent()) {
            return new StepResult.Concluded<>(drift.get());
        }
        Optional<Ending> moved = baselineNow(cluster, operation);
        if (moved.isPresent()) {
            return new StepResult.Concluded<>(moved.get());
        }
        ArtifactBinding binding = ArtifactBinding.of(
                operation.operationId(),
                artifact.sha256(),
                artifact.byteSize(),
                artifact.rowCount(),
                artifact.schema().digest(),
                scan.content());
        List<MemberRecord> members = cluster.members().stream()
                .map(member -> MemberRecord.pending(
                        member.row().shardNumber(),
                        member.row().replicaNumber(),
                        cluster.targetUuids().get(member.endpoint())))
                .toList();
        SlotWrites.Step<ExternalSlot> step = writes.write(
                locked,
                records.staging(
                        record,
                        binding,
                        cluster.target().orElse(null),
                        members,
                        ports.clock().instant()),
                invocation.evidence());
        if (step instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped) {
            if (stopped.ending()
                    .code()
                    .equals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN))) {
                ports.store().retain(artifact.sha256(), operation.holder());
            }
            return new StepResult.Concluded<>(stopped.ending());
        }
        SlotVersion<ExternalSlot> now = ((SlotWrites.Step.Advanced<ExternalSlot>) step).current();
        if (names(now, artifact)) {
            ports.store().retain(artifact.sha256(), operation.holder());
        }
        return new StepResult.Continue<>(now);
    }

    private static boolean names(SlotVersion<ExternalSlot> current, StoredArtifact artifact) {
        ExternalRecord record = (ExternalRecord) current.record();
        return record.phase() == ExternalPhase.STAGING
                && record.payload().artifact() != null
                && record.payload().artifact().sha256().equals(artifact.sha256());
    }

    /**
     * A failure that is not the source's fault (an unreadable source, an unavailable store): the
     * operation keeps LOCKED, nothing is bound, and the receipt says so.
     */
    private static Ending stays(DponeException failure) {
        return Ending.of(
                PublicationOutcome.PREPARED,
                failure.code(),
                failure.getMessage() + "; the operation stays LOCKED,"
                        + " nothing is bound and no member was touched; run the same invocation again once it is readable");
    }

    /**
     * Every member's target read again once the slot is held, just before it is bound as the
     * baseline: admission read it earlier, and another operation may have published the target
     * in between (its record completed before this invocation took the slot over it). Only what
     * the slot now fences is bound; a baseline that moved ends the invocation with nothing bound,
     * and the same invocation, run again, admits the target as it is.
     */
    private Optional<Ending> baselineNow(AdmittedMembers cluster, ExternalOperation operation) {
        CatalogRead<List<MemberFacts>> read =
                ports.catalog().members(settings.cluster(), settings.target(), operation.candidate());
        boolean same = read instanceof CatalogRead.Observed<List<MemberFacts>> observed
                && observed.facts().size() == cluster.members().size();
        for (AdmittedMembers.Member member : same ? cluster.members() : List.<AdmittedMembers.Member>of()) {
            List<MemberFacts> facts = ((CatalogRead.Observed<List<MemberFacts>>) read)
                    .facts().stream()
                            .filter(f -> f.member().equals(member.endpoint()))
                            .toList();
            UUID admitted = cluster.targetUuids().get(member.endpoint());
            same &= facts.size() == 1
                    && (facts.get(0).target() instanceof TableObservation.Present present
                            ? present.identity().tableUuid().equals(admitted)
                                    && TableDefinition.of(present.identity()).equals(cluster.target())
                            : facts.get(0).target() instanceof TableObservation.Absent && admitted == null);
        }
        if (same) {
            return Optional.empty();
        }
        return Optional.of(Ending.of(
                PublicationOutcome.PREPARED,
                DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                "the target changed between this invocation's admission and its lock (another operation published it"
                        + " meanwhile), or could not be read again; nothing is bound and no member was touched; run the same"
                        + " invocation again to stage over the target as it is now"));
    }

    /**
     * The inventory and resolved endpoints read again just before the baseline is bound, with the
     * time zones admission read (a zone changes only with a member restart; the placement this
     * invocation seals and stages with is admission's, which the digest binds, and the next
     * invocation's admission reads the zones again).
     */
    private Optional<Ending> inventoryNow(ExternalRecord record, AdmittedMembers cluster) {
        CatalogRead<ClusterInventory> read = ports.catalog().inventory(settings.cluster());
        if (read instanceof CatalogRead.Observed<ClusterInventory> observed) {
            ResolvedInventory now = ResolvedInventory.resolve(observed.facts(), ports.endpoints());
            if (now.members().stream().allMatch(member -> cluster.timeZones().containsKey(member.row()))
                    && now.digest(cluster.timeZones()).equals(record.payload().inventoryDigest())) {
                return Optional.empty();
            }
        }
        return Optional.of(Ending.of(
                PublicationOutcome.UNKNOWN,
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                "the inventory (members or their resolved endpoints) changed between admission and staging; the operation is"
                        + " fenced in LOCKED and no member was touched; follow the runbook"));
    }
}
