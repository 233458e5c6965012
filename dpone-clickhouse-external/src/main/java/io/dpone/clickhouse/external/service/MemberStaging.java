package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.AgeBound;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.clickhouse.external.store.StoredRows;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.receipt.PublicationOutcome;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Brings one member to READY over its own connection (spec 001, STAGING): decide with
 * {@link StagingDecision}; to load, draw a fresh candidate UUID, record it (LOADING) by one CAS
 * before anything is created, then {@code CREATE TABLE <attempt name> UUID '<recorded>'} under the
 * name made of that UUID, read the UUID back, insert the artifact's rows, re-observe every row,
 * record the proven content digest (READY) and only then rename the attempt locally to the
 * candidate name. Each record change is one CAS. Rows are only ever sent to an attempt name, which
 * only ever holds its one table, so a stale worker's late INSERT reaches its own dropped or
 * abandoned attempt or nothing, never a table another attempt proved; the candidate name is never
 * inserted into or dropped here (ADR 0008). A member that cannot be reached or whose load breaks
 * off stays LOADING for a same-operation retry, which replaces exactly that owned partial attempt
 * (its recorded UUID); a definitive server refusal of the create or the insert is an unsupported
 * ending; a table whose UUID this operation did not record for the member is never dropped: it
 * diverges. Every UUID superseded by a later attempt stays recorded (tried UUIDs, at most
 * {@link MemberRecord#MAX_CANDIDATE_ATTEMPTS} per member, then the abort), and a table one of them
 * left under its own attempt name is dropped by that UUID before deciding. A {@code CREATE} is sent
 * only within the permits' maximum age of the write that recorded its UUID ({@link AgeBound}), so
 * the next operation can wait out any that is still to land before it sweeps.
 */
final class MemberStaging {
    private final ExternalSettings settings;
    private final ExternalRecordBuilder steps;
    private final SlotWrites<ExternalSlot> writes;
    private final Clock clock;
    private final Supplier<AgeBound> ageBounds;

    /** @param ageBounds starts each attempt's CREATE age bound (the permit issuer's {@code startAgeBound}) */
    MemberStaging(
            ExternalSettings settings,
            ExternalRecordBuilder steps,
            SlotWrites<ExternalSlot> writes,
            Clock clock,
            Supplier<AgeBound> ageBounds) {
        this.settings = requireNonNull(settings, "settings is null");
        this.steps = requireNonNull(steps, "steps is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.clock = requireNonNull(clock, "clock is null");
        this.ageBounds = requireNonNull(ageBounds, "ageBounds is null");
    }

    /**
     * @param feed opens the artifact's rows, placed as members store them, for this member's insert:
     *     its own verifying pass (or, in the bench, its share of one pass read once for every member
     *     loaded at once); opened at most once, only when the member loads
     */
    MemberResult bring(
            AdmittedMembers.Member member,
            MemberRecord record,
            StoredArtifact artifact,
            Supplier<StoredRows> feed,
            ExternalOperation operation,
            RecordCursor cursor,
            Cancellation cancellation,
            Invocation<ExternalEvidence> invocation) {
        MemberSession session = member.session();
        ArtifactBinding binding =
                ((ExternalRecord) cursor.current().record()).payload().artifact();
        String label = "member " + record.shardNumber() + "/" + record.replicaNumber();
        TableRef candidate = operation.candidate();
        // A superseded attempt's CREATE may land late, under its own attempt name, and never be proven:
        // drop it by its recorded UUID (that name only ever holds that one table, so no drop sent here
        // can reach another attempt's)
        if (OwnedTables.dropAttempts(session, candidate, record, record.triedUuids())
                instanceof OwnedTables.Sweep.Done swept) {
            if (swept.dropped()) {
                invocation.evidence().step(label + " superseded attempt dropped by its recorded UUID");
            }
        } else {
            return stopped(
                    label + ": a superseded attempt of this operation could not be read, dropped and proven absent; run"
                            + " the same invocation again");
        }
        if (!(session.table(candidate) instanceof CatalogRead.Observed<TableState> published)) {
            return unreachable(label);
        }
        TableState underAttempt = new TableState.Absent();
        if (published.facts() instanceof TableState.Absent && record.candidateUuid() != null) {
            if (!(session.table(operation.attempt(record.candidateUuid()))
                    instanceof CatalogRead.Observed<TableState> seen)) {
                return unreachable(label);
            }
            underAttempt = seen.facts();
        }
        TableState deciding = StagingDecision.deciding(published.facts(), underAttempt);
        Optional<MemberContent> content = Optional.empty();
        if (StagingDecision.owned(record, deciding)) {
            TableRef owned = published.facts() instanceof TableState.Present
                    ? candidate
                    : operation.attempt(record.candidateUuid());
            CatalogRead<MemberContent> proof = session.content(owned, artifact.schema(), settings.contentRowBudget());
            if (!(proof instanceof CatalogRead.Observed<MemberContent> proven)) {
                return unreachable(label);
            }
            content = Optional.of(proven.facts());
        }
        StagingDecision.Action action =
                StagingDecision.decide(record, published.facts(), underAttempt, content, binding);
        invocation.evidence().step(label + " " + action.name().toLowerCase(java.util.Locale.ROOT));
        return switch (action) {
            case ACCEPT -> ready(record, binding, cursor, invocation);
            case PROMOTE -> promote(session, record, binding, operation, cursor, invocation, label);
            case DIVERGED ->
                StagingDecision.owned(record, deciding)
                        ? diverged(label, "its proven candidate is no longer exactly the artifact")
                        : notRecorded(cursor, label);
            case SUPERSEDED ->
                new MemberResult.Unsupported(
                        cursor.current(),
                        DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                        label
                                + ": its candidate name holds a superseded attempt of this operation, which no promotion renames"
                                + " there; it is not dropped while staging, and the abort drops it by its recorded UUID");
            case UNPROMOTED ->
                new MemberResult.Unsupported(
                        cursor.current(),
                        DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                        label
                                + ": its candidate name holds this operation's recorded table, loaded there unproven by an"
                                + " earlier release; it is not proven or replaced under that name, and the abort drops it by its"
                                + " recorded UUID");
            case REPLACE ->
                replace(session, record, artifact, feed, operation, cursor, cancellation, invocation, label);
            case LOAD -> load(session, record, artifact, feed, operation, cursor, cancellation, invocation, label);
        };
    }

    private MemberResult replace(
            MemberSession session,
            MemberRecord record,
            StoredArtifact artifact,
            Supplier<StoredRows> feed,
            ExternalOperation operation,
            RecordCursor cursor,
            Cancellation cancellation,
            Invocation<ExternalEvidence> invocation,
            String label) {
        // The drop is fenced by a write of the record (this member unchanged): it succeeds only from the
        // version the decision was made on, so a worker of this operation that wrote since (recording,
        // loading or proving that very table) makes this one stop before anything is dropped, and one
        // that decided earlier fails its next write instead. The drop names the attempt, a name only the
        // recorded UUID ever held: a drop sent late removes that table or nothing.
        SlotWrites.Step<ExternalSlot> claim =
                cursor.write(latest -> steps.member(latest, record, clock.instant()), invocation.evidence());
        if (!(claim instanceof SlotWrites.Step.Advanced<ExternalSlot> claimed) || !claimed.written()) {
            return claim instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped
                    ? new MemberResult.Stopped(stopped.ending())
                    : stopped(
                            label
                                    + ": another worker of this operation advanced the record before the replacement; run again");
        }
        TableRef attempt = operation.attempt(record.candidateUuid());
        if (!(session.table(attempt) instanceof CatalogRead.Observed<TableState> before)
                || !StagingDecision.owned(record, before.facts())) {
            return stopped(label + ": its partial attempt is no longer there to replace; nothing was dropped; run the"
                    + " same invocation again");
        }
        MutationOutcome dropped = session.drop(attempt);
        if (!(dropped instanceof MutationOutcome.Acknowledged)
                || !(session.table(attempt) instanceof CatalogRead.Observed<TableState> after)
                || !(after.facts() instanceof TableState.Absent)) {
            return stopped(label + ": its owned partial candidate could not be dropped and proven absent");
        }
        return load(session, record, artifact, feed, operation, cursor, cancellation, invocation, label);
    }

    private MemberResult load(
            MemberSession session,
            MemberRecord record,
            StoredArtifact artifact,
            Supplier<StoredRows> feed,
            ExternalOperation operation,
            RecordCursor cursor,
            Cancellation cancellation,
            Invocation<ExternalEvidence> invocation,
            String label) {
        if (!record.mayTryAgain()) {
            // never forget a UUID that may still land: refuse the attempt and abort (which drops every recorded one)
            return new MemberResult.Unsupported(
                    cursor.current(),
                    DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                    label
                            + " recorded " + MemberRecord.MAX_CANDIDATE_ATTEMPTS
                            + " candidate attempts without one proven; no"
                            + " further attempt is recorded");
        }
        // UUID first: the table is this operation's before it exists, so no crash can leave an
        // unrecorded table of ours under the name (a restart finds it absent, or holding this UUID
        // or, once superseded, a tried one: the earlier UUID stays recorded as tried)
        MemberRecord loading = record.loading(steps.candidateUuid());
        // The CREATE's age counts from before the write that records its UUID: a successor waits it out
        // before sweeping this operation's attempts, so a CREATE sent at all lands before that sweep
        AgeBound createBound = ageBounds.get();
        SlotWrites.Step<ExternalSlot> step =
                cursor.write(latest -> steps.member(latest, loading, clock.instant()), invocation.evidence());
        if (!(step instanceof SlotWrites.Step.Advanced<ExternalSlot> advanced) || !advanced.written()) {
            return step instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped
                    ? new MemberResult.Stopped(stopped.ending())
                    : stopped("another worker of this operation advanced the record; run again");
        }
        ExternalRecord staging = (ExternalRecord) advanced.current().record();
        TableRef attempt = operation.attempt(loading.candidateUuid());
        if (createBound.expired()) {
            return stopped(label + ": its attempt outlived its age bound between recording its UUID and its CREATE, so"
                    + " nothing was created; run the same invocation again for a new attempt");
        }
        MutationOutcome created = session.create(attempt, loading.candidateUuid(), definition(staging, artifact));
        if (!(created instanceof MutationOutcome.Acknowledged)) {
            return refusedOrStopped(cursor, created, label + ": the candidate could not be created");
        }
        if (!(session.table(attempt) instanceof CatalogRead.Observed<TableState> table)
                || !StagingDecision.owned(loading, table.facts())) {
            return stopped(label + ": the created candidate could not be read back under its recorded UUID");
        }
        LoadResult loaded;
        try (StoredRows rows = feed.get()) {
            loaded = session.insert(attempt, artifact.schema(), rows, cancellation);
        }
        if (loaded instanceof LoadResult.Failed failed) {
            return refusedOrStopped(
                    cursor,
                    failed.outcome(),
                    label + ": the load did not complete; run the same invocation again"
                            + " to replace the owned partial candidate");
        }
        if (loaded instanceof LoadResult.SourceRejected rejected) {
            String message = label + ": " + rejected.message()
                    + "; run the same invocation again to replace the owned partial" + " candidate";
            // a cancellation keeps its own code, as in internal mode; any other stop is a staging failure
            return rejected.code() == DponeErrorCode.PUBLICATION_CANCELLED
                    ? new MemberResult.Stopped(Ending.of(
                            PublicationOutcome.PREPARED,
                            DponeErrorCode.PUBLICATION_CANCELLED,
                            message + "; nothing was published"))
                    : stopped(message);
        }
        CatalogRead<MemberContent> proof = session.content(attempt, artifact.schema(), settings.contentRowBudget());
        if (!(proof instanceof CatalogRead.Observed<MemberContent> proven)) {
            return unreachable(label);
        }
        ArtifactBinding binding = staging.payload().artifact();
        if (!StagingDecision.exact(proven.facts(), binding)) {
            return diverged(label, "the rows read back from its candidate are not exactly the artifact's");
        }
        return promote(session, loading, binding, operation, cursor, invocation, label);
    }

    /**
     * The proven attempt becomes the candidate: READY first (one CAS from the version this worker
     * proved on, so a replacement fenced since wins and nothing is renamed), then the local rename,
     * which ClickHouse refuses when the candidate name is taken; a rename that did not answer is
     * judged by what the candidate name then holds.
     */
    private MemberResult promote(
            MemberSession session,
            MemberRecord proven,
            ArtifactBinding binding,
            ExternalOperation operation,
            RecordCursor cursor,
            Invocation<ExternalEvidence> invocation,
            String label) {
        MemberResult ready = ready(proven, binding, cursor, invocation);
        if (!(ready instanceof MemberResult.Ready recorded)) {
            return ready;
        }
        MutationOutcome renamed = session.rename(operation.attempt(proven.candidateUuid()), operation.candidate());
        if (!(session.table(operation.candidate()) instanceof CatalogRead.Observed<TableState> after)
                || !StagingDecision.owned(proven, after.facts())) {
            return stopped(label + ": its proven candidate could not be moved to the candidate name ("
                    + renamed.getClass().getSimpleName() + "); run the same invocation again");
        }
        invocation.evidence().step(label + " candidate in place");
        return recorded;
    }

    private MemberResult ready(
            MemberRecord record,
            ArtifactBinding binding,
            RecordCursor cursor,
            Invocation<ExternalEvidence> invocation) {
        if (record.stage() == MemberStage.READY) {
            return new MemberResult.Ready(cursor.current());
        }
        SlotWrites.Step<ExternalSlot> step = cursor.write(
                latest -> steps.member(latest, record.ready(binding.contentDigest()), clock.instant()),
                invocation.evidence());
        if (step instanceof SlotWrites.Step.Advanced<ExternalSlot> advanced && advanced.written()) {
            return new MemberResult.Ready(advanced.current());
        }
        return step instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped
                ? new MemberResult.Stopped(stopped.ending())
                : stopped("another worker of this operation advanced the record; run again");
    }

    /** AS the target (same columns, engine and key), or the declared columns with the manifest's engine. */
    private CandidateDefinition definition(ExternalRecord staging, StoredArtifact artifact) {
        if (!staging.payload().absentTarget()) {
            return new CandidateDefinition.LikeTarget(settings.target());
        }
        return new CandidateDefinition.Columns(
                artifact.schema().columns().stream()
                        .map(column -> new CandidateDefinition.Column(
                                column.name(), column.type().canonicalName()))
                        .toList(),
                settings.engine());
    }

    /**
     * A table this operation did not record for the member holds the name: never dropped. The
     * verdict is reported only if the record is still the version this worker last wrote or started
     * from; otherwise another worker of the operation recorded something since (possibly that very
     * table), and a rerun decides again on the fresh record.
     */
    private MemberResult notRecorded(RecordCursor cursor, String label) {
        SlotVersion<ExternalSlot> decided = cursor.current();
        Optional<SlotVersion<ExternalSlot>> now = writes.sameOperation((ExternalRecord) decided.record());
        if (now.isEmpty() || now.get().keeperVersion() != decided.keeperVersion()) {
            return stopped(
                    label + ": its candidate name holds a table this run's record does not name, and another worker of"
                            + " this operation advanced the record since; nothing was dropped; run the same invocation again");
        }
        return diverged(
                label,
                "a table whose UUID this operation never recorded for the member holds its candidate name"
                        + " and is left in place");
    }

    private static MemberResult refusedOrStopped(RecordCursor cursor, MutationOutcome outcome, String what) {
        if (outcome instanceof MutationOutcome.Rejected rejected
                && rejected.error().classification().errorClass() == ErrorClass.FATAL) {
            return new MemberResult.Unsupported(
                    cursor.current(),
                    DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                    what + " (server code " + rejected.error().code() + ")");
        }
        return stopped(what + " (" + outcome.getClass().getSimpleName() + ")");
    }

    private static MemberResult unreachable(String label) {
        return stopped(label + " could not be read over its direct connection; run the same invocation again");
    }

    private static MemberResult stopped(String message) {
        return new MemberResult.Stopped(Ending.of(
                PublicationOutcome.PREPARED,
                DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                message + "; nothing was published"));
    }

    private static MemberResult diverged(String label, String what) {
        return new MemberResult.Stopped(Ending.of(
                PublicationOutcome.UNKNOWN,
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED,
                label + ": " + what + "; nothing was published and nothing more is replaced; follow the runbook"));
    }
}
