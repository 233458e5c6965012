package io.dpone.clickhouse.external.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.service.StagingDecision.Action;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The STAGING table, row by row (pure): accept an exact candidate, promote an exact attempt,
 * replace only an owned partial attempt (its recorded UUID), diverge otherwise; a table whose UUID
 * was never recorded is never replaced, and the candidate name is never replaced at all.
 */
class StagingDecisionTest {
    private static final Digest OPERATION =
            CanonicalEncoder.forDomain("t").text("op").sha256();
    private static final Digest CONTENT =
            CanonicalEncoder.forDomain("t").text("content").sha256();
    private static final ArtifactBinding ARTIFACT = ArtifactBinding.of(OPERATION, CONTENT, 10, 3, CONTENT, CONTENT);
    private static final UUID MINE = new UUID(0, 1);
    private static final MemberRecord PENDING = MemberRecord.pending(1, 1, null);
    private static final MemberRecord LOADING = PENDING.loading(MINE);
    private static final MemberRecord READY = LOADING.ready(CONTENT);

    private static TableState present(UUID uuid) {
        return new TableState.Present(uuid, "MergeTree ORDER BY tuple()", List.of());
    }

    private static final TableState ABSENT = new TableState.Absent();

    /** What the candidate name holds, with the content of the table decided on when it is owned. */
    private static Action atCandidate(MemberRecord record, TableState state, MemberContent content) {
        assertEquals(content != null, StagingDecision.owned(record, state), "content is read exactly when owned");
        return StagingDecision.decide(record, state, ABSENT, Optional.ofNullable(content), ARTIFACT);
    }

    /** The candidate name empty; what the recorded attempt's name holds. */
    private static Action atAttempt(MemberRecord record, TableState state, MemberContent content) {
        assertEquals(content != null, StagingDecision.owned(record, StagingDecision.deciding(ABSENT, state)));
        return StagingDecision.decide(record, ABSENT, state, Optional.ofNullable(content), ARTIFACT);
    }

    @Test
    void everyRowOfTheTable() {
        MemberContent exact = new MemberContent.Observed(3, CONTENT);
        MemberContent partial = new MemberContent.Observed(
                2, CanonicalEncoder.forDomain("t").text("partial").sha256());
        for (MemberRecord record : List.of(PENDING, LOADING, READY)) {
            assertEquals(Action.LOAD, atAttempt(record, ABSENT, null), record.stage() + " nothing under either name");
        }
        // the candidate name: only ever a proven attempt, never replaced
        assertEquals(
                Action.DIVERGED,
                atCandidate(PENDING, present(MINE), null),
                "no UUID recorded: not provably this operation's");
        assertEquals(
                Action.DIVERGED, atCandidate(LOADING, present(new UUID(0, 2)), null), "not provably this operation's");
        assertEquals(
                Action.DIVERGED, atCandidate(READY, present(new UUID(0, 2)), null), "the proven candidate is gone");
        assertEquals(Action.ACCEPT, atCandidate(LOADING, present(MINE), exact));
        assertEquals(Action.ACCEPT, atCandidate(READY, present(MINE), exact));
        // only a release before per-attempt names loaded there: never replaced in STAGING, but aborted (issue 19)
        assertEquals(
                Action.UNPROMOTED,
                atCandidate(LOADING, present(MINE), partial),
                "an older release's partial candidate");
        assertEquals(Action.UNPROMOTED, atCandidate(LOADING, present(MINE), new MemberContent.OverBudget(3)));
        assertEquals(Action.DIVERGED, atCandidate(READY, present(MINE), partial), "proven once, changed since");
        // the attempt name: replaced while partial, promoted once exact
        assertEquals(Action.PROMOTE, atAttempt(LOADING, present(MINE), exact));
        assertEquals(Action.PROMOTE, atAttempt(READY, present(MINE), exact), "READY written, not yet renamed");
        assertEquals(Action.REPLACE, atAttempt(LOADING, present(MINE), partial), "the owned partial attempt");
        assertEquals(Action.REPLACE, atAttempt(LOADING, present(MINE), new MemberContent.OverBudget(3)));
        assertEquals(Action.DIVERGED, atAttempt(READY, present(MINE), partial), "proven once, changed since");
        assertEquals(Action.DIVERGED, atAttempt(READY, present(MINE), new MemberContent.Undecodable(1, 2)));
        assertEquals(
                Action.DIVERGED,
                atAttempt(LOADING, present(new UUID(0, 2)), null),
                "another UUID under the attempt name");
    }

    @Test
    void aTableWhoseUuidWasNeverRecordedIsNeverReplacedWhateverItHolds() {
        MemberContent exact = new MemberContent.Observed(3, CONTENT);
        for (MemberRecord record : List.of(PENDING, LOADING, READY, PENDING.discarded())) {
            UUID foreign = new UUID(7, 7);
            assertFalse(
                    StagingDecision.owned(record, present(foreign)),
                    record.stage().name());
            for (Optional<MemberContent> content : List.of(Optional.of(exact), Optional.<MemberContent>empty())) {
                assertEquals(
                        Action.DIVERGED,
                        StagingDecision.decide(record, present(foreign), ABSENT, content, ARTIFACT),
                        "even a foreign table holding exactly the artifact is not accepted: " + record.stage());
                assertEquals(
                        Action.DIVERGED, StagingDecision.decide(record, ABSENT, present(foreign), content, ARTIFACT));
            }
        }
        assertTrue(StagingDecision.owned(LOADING, present(MINE)));
        assertFalse(StagingDecision.owned(LOADING, ABSENT));
    }

    /**
     * A superseded (tried) UUID under the candidate name is not a state this design makes (only a
     * READY attempt is renamed there, and READY is never superseded): never accepted, never
     * replaced by name in STAGING, the operation is aborted and the abort drops it by that UUID.
     * Its late CREATE lands under its own attempt name, swept by {@code MemberStaging} before deciding.
     */
    @Test
    void aSupersededAttemptUnderTheCandidateNameIsLeftToTheAbort() {
        UUID tried = new UUID(0, 9);
        MemberRecord superseding = PENDING.loading(tried).loading(MINE);
        assertEquals(List.of(tried), superseding.triedUuids());
        MemberContent exact = new MemberContent.Observed(3, CONTENT);
        for (MemberRecord record : List.of(superseding, superseding.ready(CONTENT))) {
            for (Optional<MemberContent> content : List.of(Optional.of(exact), Optional.<MemberContent>empty())) {
                assertEquals(
                        Action.SUPERSEDED,
                        StagingDecision.decide(record, present(tried), ABSENT, content, ARTIFACT),
                        record.stage().name());
            }
            assertTrue(StagingDecision.ownedAttempt(record, present(tried)));
            assertFalse(
                    StagingDecision.owned(record, present(tried)), "never the table the decision reads content from");
        }
    }

    @Test
    void aRestartAfterTheLoadingWriteFindsBothNamesEmptyOrTheAttemptHoldingTheRecordedUuid() {
        // crashed between the LOADING write and the CREATE: nothing under either name, load again (fresh UUID)
        assertEquals(Action.LOAD, atAttempt(LOADING, ABSENT, null));
        // crashed after the CREATE: the recorded attempt, empty or partial, is replaced; complete, promoted
        assertEquals(Action.REPLACE, atAttempt(LOADING, present(MINE), new MemberContent.Observed(0, OPERATION)));
        assertEquals(Action.PROMOTE, atAttempt(LOADING, present(MINE), new MemberContent.Observed(3, CONTENT)));
    }

    @Test
    void theProofNeedsEveryRowAndTheExactDigest() {
        assertTrue(StagingDecision.exact(new MemberContent.Observed(3, CONTENT), ARTIFACT));
        assertFalse(StagingDecision.exact(new MemberContent.Observed(4, CONTENT), ARTIFACT));
        assertFalse(StagingDecision.exact(new MemberContent.Observed(3, OPERATION), ARTIFACT));
        assertFalse(StagingDecision.exact(new MemberContent.OverBudget(3), ARTIFACT));
    }
}
