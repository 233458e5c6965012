package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.TableDefinition;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.clickhouse.external.store.StoredRows;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The STAGING phase (spec 001): with the inventory and the baseline unchanged since they were
 * bound, reopen the retained artifact by its SHA-256, bring every member to READY ({@link MemberStaging};
 * several at once when the sessions allow it, {@link MemberLanes}, each reading its own verified pass
 * of the artifact), check through the catalog that every member shows exactly its recorded
 * candidate and that all candidates share one definition, then CAS STAGED and release the
 * artifact. An unsupported ending is handed to {@link OwnedCleanupAbort}; everything else that stops keeps
 * STAGING for a same-operation retry or an operator.
 */
final class StagingStep {
    private final ExternalPorts ports;
    private final ExternalSettings settings;
    private final ExternalRecordBuilder records;
    private final SlotWrites<ExternalSlot> writes;
    private final MemberStaging members;
    private final OwnedCleanupAbort abort;
    private final MemberLanes lanes = new MemberLanes();

    StagingStep(
            ExternalPorts ports,
            ExternalSettings settings,
            ExternalRecordBuilder records,
            SlotWrites<ExternalSlot> writes,
            OwnedCleanupAbort abort) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.records = requireNonNull(records, "records is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.abort = requireNonNull(abort, "abort is null");
        this.members = new MemberStaging(settings, records, writes, ports.clock(), ports.authority()::startAgeBound);
    }

    StepResult<ExternalSlot> stage(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> staging,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) staging.record();
        Optional<Ending> fenced = Fences.staging(record, cluster);
        if (fenced.isPresent()) {
            return new StepResult.Concluded<>(fenced.get());
        }
        StoredArtifact artifact;
        try {
            artifact = reopen(record.payload().artifact(), operation);
        } catch (DponeException unusable) {
            return new StepResult.Concluded<>(unusable(unusable));
        }
        RecordCursor cursor = new RecordCursor(writes, staging);
        List<MemberRecord> recorded = record.payload().members();
        UnaryOperator<List<Object>> stored = cluster.placement().storedRows(artifact.schema());
        // Each member reads its own verifying pass. One pass shared by every member loaded at once was
        // measured slower (its lagging rows outlive young collections) and lives with the bench (ADR 0010)
        MemberResult stop = lanes.stageAll(
                recorded.size(),
                ports.members().concurrentMembers(),
                invocation.waits().cancellation(),
                (index, cancellation) -> {
                    MemberRecord member = recorded.get(index);
                    return members.bring(
                            cluster.of(member).orElseThrow(),
                            member,
                            artifact,
                            () -> StoredRows.ownPass(artifact.rows(), stored),
                            operation,
                            cursor,
                            cancellation,
                            invocation);
                });
        if (stop instanceof MemberResult.Stopped stopped) {
            return new StepResult.Concluded<>(stopped.ending());
        }
        if (stop instanceof MemberResult.Unsupported unsupported) {
            // every member's staging has ended: the abort starts from the latest version this worker wrote
            return abort.fromStaging(
                    cluster, operation, cursor.current(), unsupported.code(), unsupported.reason(), invocation);
        }
        return staged(cluster, operation, cursor.current(), invocation);
    }

    private StoredArtifact reopen(ArtifactBinding binding, ExternalOperation operation) {
        ArtifactStore store = ports.store();
        StoredArtifact artifact = store.reopen(binding.sha256());
        if (artifact.byteSize() != binding.byteSize()
                || artifact.rowCount() != binding.rowCount()
                || !artifact.schema().digest().equals(binding.schemaDigest())) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY,
                    "the retained artifact does not match the one the operation bound");
        }
        store.retain(binding.sha256(), operation.holder());
        return artifact;
    }

    /**
     * The bound artifact cannot be reopened: gone or not the one bound ({@code ARTIFACT_INTEGRITY},
     * an operator's case: nothing may be staged from anything else), or the store is unreadable
     * now (a retry continues). Either way the record stays STAGING and nothing was sent.
     */
    private static Ending unusable(DponeException failure) {
        boolean integrity = failure.code() == DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY;
        return Ending.of(
                integrity ? PublicationOutcome.UNKNOWN : PublicationOutcome.PREPARED,
                failure.code(),
                failure.getMessage() + "; the operation stays STAGING and nothing was sent to any member; "
                        + (integrity
                                ? "follow the runbook"
                                : "run the same invocation again once the store is readable"));
    }

    /**
     * Every member READY: prove the candidates through the catalog, CAS STAGED, release the artifact
     * once a STAGED record is verified (this worker's write, or another worker's of the operation
     * seen on the re-read); a write that did not happen keeps it for the next round.
     */
    private StepResult<ExternalSlot> staged(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> current,
            Invocation<ExternalEvidence> invocation) {
        ExternalRecord record = (ExternalRecord) current.record();
        Optional<TableDefinition> candidate = candidateDefinition(cluster, record, operation.candidate());
        if (candidate.isEmpty()) {
            return new StepResult.Concluded<>(Ending.of(
                    PublicationOutcome.UNKNOWN,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED,
                    "the catalog does not show exactly the recorded candidate, with one definition, on every member;"
                            + " nothing was published"));
        }
        SlotWrites.Step<ExternalSlot> step = writes.write(
                current, records.staged(record, candidate.get(), ports.clock().instant()), invocation.evidence());
        if (step instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped) {
            return new StepResult.Concluded<>(stopped.ending());
        }
        SlotVersion<ExternalSlot> now = ((SlotWrites.Step.Advanced<ExternalSlot>) step).current();
        if (((ExternalRecord) now.record()).phase() != ExternalPhase.STAGED) {
            // not written, and the re-read shows this operation still STAGING: keep the artifact, go round again
            return new StepResult.Continue<>(now);
        }
        ports.store().release(record.payload().artifact().sha256(), operation.holder());
        invocation.evidence().step("staged");
        return new StepResult.Continue<>(now);
    }

    private Optional<TableDefinition> candidateDefinition(
            AdmittedMembers cluster, ExternalRecord record, TableRef candidate) {
        CatalogRead<List<MemberFacts>> read = ports.catalog().members(settings.cluster(), settings.target(), candidate);
        if (!(read instanceof CatalogRead.Observed<List<MemberFacts>> observed)
                || observed.facts().size() != record.payload().members().size()) {
            return Optional.empty();
        }
        Set<TableDefinition> definitions = new HashSet<>();
        for (MemberRecord member : record.payload().members()) {
            Optional<MemberFacts> facts = cluster.of(member)
                    .flatMap(admitted -> observed.facts().stream()
                            .filter(f -> f.member().equals(admitted.endpoint()))
                            .findFirst());
            if (facts.isEmpty() || !(facts.get().candidate() instanceof TableObservation.Present present)) {
                return Optional.empty();
            }
            GenerationIdentity identity = present.identity();
            Optional<TableDefinition> definition = TableDefinition.of(identity);
            if (definition.isEmpty() || !Objects.equals(identity.tableUuid(), member.candidateUuid())) {
                return Optional.empty();
            }
            definitions.add(definition.get());
        }
        return definitions.size() == 1 ? Optional.of(definitions.iterator().next()) : Optional.empty();
    }
}
