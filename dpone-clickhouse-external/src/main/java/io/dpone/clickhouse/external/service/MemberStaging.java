package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.DateTimePlacement;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.UUID;

/**
 * Brings one member to READY over its own connection (seed 001, STAGING): decide with
 * {@link StagingDecision}; to load, draw a fresh candidate UUID, record it (LOADING) by one CAS
 * before anything is created, then {@code CREATE TABLE candidate UUID '<recorded>'}, read the UUID
 * back and require it to be the recorded one, insert the artifact's rows, re-observe every row and
 * record the proven content digest (READY). Each record change is one CAS. A member that cannot be
 * reached or whose load breaks off stays LOADING for a same-operation retry, which replaces exactly
 * that owned partial candidate (its recorded UUID); a definitive server refusal of the create or
 * the insert is an unsupported ending; a table whose UUID this operation did not record for the
 * member is never dropped: it diverges.
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

    /** @param placement where date-times land (the members' one server zone, fenced by the inventory digest) */
    MemberResult bring(AdmittedMembers.Member member, MemberRecord record, StoredArtifact artifact, DateTimePlacement placement,
            TableRef candidate, SlotVersion<ExternalSlot> current, ExternalRun run) {
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
            case DIVERGED -> StagingDecision.owned(record, observed.facts())
                    ? diverged(label, "its proven candidate is no longer exactly the artifact")
                    : notRecorded(current, label);
            case REPLACE -> replace(session, record, ((TableState.Present) observed.facts()).uuid(), artifact, placement,
                    candidate, current, run, label);
            case LOAD -> load(session, record, artifact, placement, candidate, current, run, label);
        };
    }

    private MemberResult replace(MemberSession session, MemberRecord record, UUID decidedOn, StoredArtifact artifact,
            DateTimePlacement placement, TableRef candidate, SlotVersion<ExternalSlot> decided, ExternalRun run, String label) {
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
        // the drop names the table: right before it, the name must still hold the very UUID decided on
        if (!(session.table(candidate) instanceof CatalogRead.Observed<TableState> before)
                || !(before.facts() instanceof TableState.Present present) || !present.uuid().equals(decidedOn)
                || !record.owns(decidedOn)) {
            return stopped(label + ": its candidate name no longer holds the recorded candidate; nothing was dropped; run the"
                    + " same invocation again");
        }
        MutationOutcome dropped = session.drop(candidate);
        if (!(dropped instanceof MutationOutcome.Acknowledged)
                || !(session.table(candidate) instanceof CatalogRead.Observed<TableState> after)
                || !(after.facts() instanceof TableState.Absent)) {
            return stopped(label + ": its owned partial candidate could not be dropped and proven absent");
        }
        return load(session, record, artifact, placement, candidate, current, run, label);
    }

    private MemberResult load(MemberSession session, MemberRecord record, StoredArtifact artifact, DateTimePlacement placement,
            TableRef candidate, SlotVersion<ExternalSlot> current, ExternalRun run, String label) {
        run.pacing().progress().step("stage " + label);
        ExternalRecord staging = (ExternalRecord) current.record();
        if (!record.mayTryAgain()) {
            // never forget a UUID that may still land: refuse the attempt and abort (which drops every recorded one)
            return new MemberResult.Unsupported(current, DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED, label
                    + " recorded " + MemberRecord.MAX_CANDIDATE_ATTEMPTS + " candidate attempts without one proven; no"
                    + " further attempt is recorded");
        }
        // UUID first: the table is this operation's before it exists, so no crash can leave an
        // unrecorded table of ours under the name (a restart finds it absent, or holding this UUID
        // or, once superseded, a tried one: the earlier UUID stays recorded as tried)
        MemberRecord loading = record.loading(steps.candidateUuid());
        SlotWrites.Step step = writes.write(current, steps.member(staging, loading, clock.instant()), run.evidence());
        if (!(step instanceof SlotWrites.Step.Advanced advanced) || !advanced.written()) {
            return step instanceof SlotWrites.Step.Stopped stopped ? new MemberResult.Stopped(stopped.ending())
                    : stopped("another worker of this operation advanced the record; run again");
        }
        MutationOutcome created = session.create(candidate, loading.candidateUuid(), definition(staging, artifact));
        if (!(created instanceof MutationOutcome.Acknowledged)) {
            return refusedOrStopped(advanced.current(), created, label + ": the candidate could not be created");
        }
        if (!(session.table(candidate) instanceof CatalogRead.Observed<TableState> table)
                || !StagingDecision.owned(loading, table.facts())) {
            return stopped(label + ": the created candidate could not be read back under its recorded UUID");
        }
        LoadResult loaded;
        UnaryOperator<List<Object>> stored = placement.storedRows(artifact.schema());
        try (ArtifactRows rows = artifact.rows()) {
            loaded = session.insert(candidate, artifact.schema(), () -> {
                List<Object> row = rows.next();
                return row == null ? null : stored.apply(row);
            }, run.pacing().cancellation());
        }
        if (loaded instanceof LoadResult.Failed failed) {
            return refusedOrStopped(advanced.current(), failed.outcome(), label + ": the load did not complete; run the same invocation again"
                    + " to replace the owned partial candidate");
        }
        if (loaded instanceof LoadResult.SourceRejected rejected) {
            String message = label + ": " + rejected.message() + "; run the same invocation again to replace the owned partial"
                    + " candidate";
            // a cancellation keeps its own code, as in internal mode; any other stop is a staging failure
            return rejected.code() == DponeErrorCode.PUBLICATION_CANCELLED
                    ? new MemberResult.Stopped(Ending.of(PublicationOutcome.PREPARED, DponeErrorCode.PUBLICATION_CANCELLED,
                            message + "; nothing was published"))
                    : stopped(message);
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
                || !StagingDecision.owned(loading, after.facts())) {
            return stopped(label + ": its candidate was replaced while it was loaded (another worker of this operation);"
                    + " run the same invocation again");
        }
        return ready(loading, binding, advanced.current(), run);
    }

    private MemberResult ready(MemberRecord record, ArtifactBinding binding, SlotVersion<ExternalSlot> current, ExternalRun run) {
        if (record.stage() == MemberStage.READY) {
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

    /**
     * A table this operation did not record for the member holds the name: never dropped. The
     * verdict is reported only if the record is still the version it was decided on; otherwise
     * another worker of the operation recorded something since (possibly that very table), and a
     * rerun decides again on the fresh record.
     */
    private MemberResult notRecorded(SlotVersion<ExternalSlot> decided, String label) {
        Optional<SlotVersion<ExternalSlot>> now = writes.sameOperation((ExternalRecord) decided.record());
        if (now.isEmpty() || now.get().keeperVersion() != decided.keeperVersion()) {
            return stopped(label + ": its candidate name holds a table this run's record does not name, and another worker of"
                    + " this operation advanced the record since; nothing was dropped; run the same invocation again");
        }
        return diverged(label, "a table whose UUID this operation never recorded for the member holds its candidate name"
                + " and is left in place");
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
