package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.time.Clock;
import java.util.Optional;

/**
 * Brings one member to READY over its own connection (seed 001, STAGING): decide with
 * {@link StagingDecision}; to load, create the operation's candidate locally, record its UUID
 * (LOADING) before the first row, insert the artifact's rows, re-observe every row and record the
 * proven content digest (READY). Each record change is one CAS. A member that cannot be reached or
 * whose load breaks off stays LOADING for a same-operation retry, which replaces exactly that
 * owned partial candidate; a definitive server refusal of the create or the insert is an
 * unsupported ending; anything not provably this operation's diverges.
 */
final class MemberStaging {
    private final ExternalSettings settings;
    private final RecordSteps steps;
    private final SlotWrites writes;
    private final Clock clock;

    MemberStaging(ExternalSettings settings, RecordSteps steps, SlotWrites writes, Clock clock) {
        this.settings = requireNonNull(settings, "settings is null");
        this.steps = requireNonNull(steps, "steps is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.clock = requireNonNull(clock, "clock is null");
    }

    MemberResult bring(AdmittedMembers.Member member, MemberRecord record, StoredArtifact artifact, TableRef candidate,
            SlotVersion<ExternalSlot> current, ExternalRun run) {
        MemberSession session = member.session();
        ArtifactBinding binding = ((ExternalRecord) current.record()).payload().artifact();
        String label = "member " + record.shardNumber() + "/" + record.replicaNumber();
        CatalogRead<TableState> read = session.table(candidate);
        if (!(read instanceof CatalogRead.Observed<TableState> observed)) {
            return unreachable(label);
        }
        Optional<MemberContent> content = Optional.empty();
        if (StagingDecision.needsContent(record, observed.facts())) {
            CatalogRead<MemberContent> proof = session.content(candidate, artifact.schema(), settings.contentRowBudget());
            if (!(proof instanceof CatalogRead.Observed<MemberContent> proven)) {
                return unreachable(label);
            }
            content = Optional.of(proven.facts());
        }
        StagingDecision.Action action = StagingDecision.decide(record, observed.facts(), content, binding);
        run.evidence().step(label + " " + action.name().toLowerCase(java.util.Locale.ROOT));
        return switch (action) {
            case ACCEPT -> ready(record, binding, current, run);
            case DIVERGED -> diverged(label, "its candidate is not this operation's exact artifact");
            case REPLACE -> replace(session, record, artifact, candidate, current, run, label);
            case LOAD -> load(session, record, artifact, candidate, current, run, label);
        };
    }

    private MemberResult replace(MemberSession session, MemberRecord record, StoredArtifact artifact, TableRef candidate,
            SlotVersion<ExternalSlot> decided, ExternalRun run, String label) {
        // The drop is fenced by a write of the record (this member unchanged): it succeeds only from the
        // version the decision was made on, so a worker of this operation that wrote since (recording,
        // loading or proving that very table) makes this one stop before anything is dropped, and one
        // that decided earlier fails its next write instead.
        ExternalRecord staging = (ExternalRecord) decided.record();
        SlotWrites.Step claim = writes.write(decided, steps.member(staging, record, clock.instant()), run.evidence());
        if (!(claim instanceof SlotWrites.Step.Advanced claimed) || !claimed.written()) {
            return claim instanceof SlotWrites.Step.Stopped stopped ? new MemberResult.Stopped(stopped.ending())
                    : stopped(label + ": another worker of this operation advanced the record before the replacement; run again");
        }
        SlotVersion<ExternalSlot> current = claimed.current();
        MutationOutcome dropped = session.drop(candidate);
        if (!(dropped instanceof MutationOutcome.Acknowledged)
                || !(session.table(candidate) instanceof CatalogRead.Observed<TableState> after)
                || !(after.facts() instanceof TableState.Absent)) {
            return stopped(label + ": its owned partial candidate could not be dropped and proven absent");
        }
        return load(session, record, artifact, candidate, current, run, label);
    }

    private MemberResult load(MemberSession session, MemberRecord record, StoredArtifact artifact, TableRef candidate,
            SlotVersion<ExternalSlot> current, ExternalRun run, String label) {
        run.pacing().progress().step("stage " + label);
        ExternalRecord staging = (ExternalRecord) current.record();
        MutationOutcome created = session.create(candidate, definition(staging, artifact));
        if (!(created instanceof MutationOutcome.Acknowledged)) {
            return refusedOrStopped(current, created, label + ": the candidate could not be created");
        }
        if (!(session.table(candidate) instanceof CatalogRead.Observed<TableState> table)
                || !(table.facts() instanceof TableState.Present present)) {
            return stopped(label + ": the created candidate could not be read back");
        }
        MemberRecord loading = record.loading(present.uuid());
        SlotWrites.Step step = writes.write(current, steps.member(staging, loading, clock.instant()), run.evidence());
        if (!(step instanceof SlotWrites.Step.Advanced advanced) || !advanced.written()) {
            return step instanceof SlotWrites.Step.Stopped stopped ? new MemberResult.Stopped(stopped.ending())
                    : stopped("another worker of this operation advanced the record; run again");
        }
        LoadResult loaded;
        try (ArtifactRows rows = artifact.rows()) {
            loaded = session.insert(candidate, artifact.schema(), rows::next, run.pacing().cancellation());
        }
        if (loaded instanceof LoadResult.Failed failed) {
            return refusedOrStopped(advanced.current(), failed.outcome(), label + ": the load did not complete; run the same invocation again"
                    + " to replace the owned partial candidate");
        }
        if (loaded instanceof LoadResult.SourceRejected rejected) {
            return stopped(label + ": " + rejected.message() + "; run the same invocation again to replace the owned partial"
                    + " candidate");
        }
        CatalogRead<MemberContent> proof = session.content(candidate, artifact.schema(), settings.contentRowBudget());
        if (!(proof instanceof CatalogRead.Observed<MemberContent> proven)) {
            return unreachable(label);
        }
        ArtifactBinding binding = staging.payload().artifact();
        if (!StagingDecision.exact(proven.facts(), binding)) {
            return diverged(label, "the rows read back from its candidate are not exactly the artifact's");
        }
        // the proof read the name: it proves the recorded table only if the name still holds it
        if (!(session.table(candidate) instanceof CatalogRead.Observed<TableState> after)
                || !(after.facts() instanceof TableState.Present still) || !still.uuid().equals(present.uuid())) {
            return stopped(label + ": its candidate was replaced while it was loaded (another worker of this operation);"
                    + " run the same invocation again");
        }
        return ready(loading, binding, advanced.current(), run);
    }

    private MemberResult ready(MemberRecord record, ArtifactBinding binding, SlotVersion<ExternalSlot> current, ExternalRun run) {
        if (record.stage() == io.dpone.clickhouse.external.authority.MemberStage.READY) {
            return new MemberResult.Ready(current);
        }
        ExternalRecord staging = (ExternalRecord) current.record();
        SlotWrites.Step step = writes.write(current, steps.member(staging, record.ready(binding.contentDigest()), clock.instant()),
                run.evidence());
        if (step instanceof SlotWrites.Step.Advanced advanced && advanced.written()) {
            return new MemberResult.Ready(advanced.current());
        }
        return step instanceof SlotWrites.Step.Stopped stopped ? new MemberResult.Stopped(stopped.ending())
                : stopped("another worker of this operation advanced the record; run again");
    }

    /** AS the target (same columns, engine and key), or the declared columns with the manifest's engine. */
    private CandidateDefinition definition(ExternalRecord staging, StoredArtifact artifact) {
        if (!staging.payload().absentTarget()) {
            return new CandidateDefinition.LikeTarget(settings.target());
        }
        return new CandidateDefinition.Columns(artifact.schema().columns().stream()
                .map(column -> new CandidateDefinition.Column(column.name(), column.type().canonicalName())).toList(),
                settings.engine());
    }

    private static MemberResult refusedOrStopped(SlotVersion<ExternalSlot> current, MutationOutcome outcome, String what) {
        if (outcome instanceof MutationOutcome.Rejected rejected
                && rejected.error().classification().errorClass() == ErrorClass.FATAL) {
            return new MemberResult.Unsupported(current, DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                    what + " (server code " + rejected.error().code() + ")");
        }
        return stopped(what + " (" + outcome.getClass().getSimpleName() + ")");
    }

    private static MemberResult unreachable(String label) {
        return stopped(label + " could not be read over its direct connection; run the same invocation again");
    }

    private static MemberResult stopped(String message) {
        return new MemberResult.Stopped(Ending.of(PublicationOutcome.PREPARED, DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                message + "; nothing was published"));
    }

    private static MemberResult diverged(String label, String what) {
        return new MemberResult.Stopped(Ending.of(PublicationOutcome.UNKNOWN, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED,
                label + ": " + what + "; nothing was published and nothing more is replaced; follow the runbook"));
    }
}
