package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.TableState;
import java.util.Optional;

/**
 * What STAGING does with one member (spec 001: "observe each exact candidate; accept an exact
 * match or replace only an owned unpublished partial candidate"), from its record and what its
 * own connection shows under the operation's candidate name and under the recorded attempt's own
 * name. Ownership is by UUID, never by name: a candidate's UUID is recorded LOADING before the
 * {@code CREATE ... UUID} that gives the table exactly that UUID, under a name made of the
 * candidate name and that UUID
 * ({@link io.dpone.clickhouse.external.identity.ExternalIdentities#attemptName}); so an attempt name only ever holds that one
 * table, and a statement that resolves it late (a stale worker's next INSERT) reaches that table or
 * none. Rows are only ever inserted under an attempt name; a proven attempt is recorded READY and
 * then renamed locally to the candidate name, which is never inserted into, dropped or replaced
 * in STAGING (ADR 0008, "Staging that no stale statement can reach").
 * <pre>
 * candidate name: the recorded UUID, content exactly the artifact -&gt; ACCEPT
 * candidate name: the recorded UUID, READY, other content         -&gt; DIVERGED (proven, changed since)
 * candidate name: the recorded UUID, LOADING, other content       -&gt; UNPROMOTED (an older release's partial: abort)
 * candidate name: a tried (superseded) UUID of the member         -&gt; SUPERSEDED (never dropped here: abort)
 * candidate name: any other table                                 -&gt; DIVERGED (not provably this operation's)
 * no UUID recorded, or nothing under either name                  -&gt; LOAD (record a fresh UUID, create, insert, prove)
 * attempt name: the recorded UUID, content exactly the artifact   -&gt; PROMOTE (READY, then rename to the candidate name)
 * attempt name: the recorded UUID, LOADING, other content         -&gt; REPLACE (the owned partial attempt)
 * attempt name: the recorded UUID, READY, other content           -&gt; DIVERGED (proven once, changed since)
 * attempt name: another UUID                                      -&gt; DIVERGED (not provably this operation's)
 * </pre>
 * A tried UUID was recorded before its own {@code CREATE} and superseded by a later attempt's
 * recorded UUID; that CREATE may land after the supersession (its answer was lost, the statement
 * was still queued), and it lands under the tried UUID's own attempt name, where
 * {@link MemberStaging} drops it by that UUID before deciding (issue 19, finding 3). Such a table
 * is this operation's, was never proven and can never be: a READY write names only the current
 * UUID, a worker that holds an older record version loses its CAS, and READY is never superseded,
 * so no rename of a tried attempt to the candidate name is ever sent. The candidate name holding a
 * tried UUID is therefore not a state this design makes; it is not dropped in STAGING (a drop by
 * name there could race a promotion's rename) but ends in the abort, whose fenced cleanup drops it
 * by that UUID.
 * A restart after a crash between the LOADING write and the {@code CREATE} finds both names empty
 * (LOAD again, under a fresh recorded UUID); after the READY write and before the rename, the
 * attempt still proven (PROMOTE). A DIVERGED verdict on a table that is not the recorded one holds
 * only for the record version it was decided on; the caller re-reads the record before it reports
 * one. The candidate name holds a LOADING member's recorded UUID only when a release before
 * per-attempt names loaded it there (this release renames only after the READY write, and READY is
 * never superseded): its content is unproven and its loader may still be writing, so it is neither
 * proven nor replaced under that name; the operation is aborted, whose fenced cleanup drops it by
 * that recorded UUID (UNPROMOTED: a way out, issue 19). Nothing is ever published in STAGING, so
 * dropping an owned attempt never touches a served table. Pure.
 */
final class StagingDecision {
    enum Action {
        LOAD,
        REPLACE,
        PROMOTE,
        ACCEPT,
        SUPERSEDED,
        UNPROMOTED,
        DIVERGED
    }

    private StagingDecision() {}

    /** True when {@code observed} is a table whose UUID is one of the member's superseded attempts. */
    static boolean superseded(MemberRecord member, TableState observed) {
        return observed instanceof TableState.Present present
                && member.triedUuids().contains(present.uuid());
    }

    /** True when {@code observed} is a table whose UUID this operation recorded for {@code member} (current or tried). */
    static boolean ownedAttempt(MemberRecord member, TableState observed) {
        return observed instanceof TableState.Present present && member.owns(present.uuid());
    }

    /** True when {@code observed} is a table whose UUID is exactly the one recorded for {@code member}. */
    static boolean owned(MemberRecord member, TableState observed) {
        return observed instanceof TableState.Present present
                && member.candidateUuid() != null
                && present.uuid().equals(member.candidateUuid());
    }

    /** The table the decision reads content from: the candidate name's when it holds one, else the attempt's. */
    static TableState deciding(TableState underCandidate, TableState underAttempt) {
        return underCandidate instanceof TableState.Present ? underCandidate : underAttempt;
    }

    /**
     * @param underAttempt what the recorded attempt's name holds (absent when no UUID is recorded
     *     or the candidate name holds a table)
     * @param content the content of {@link #deciding}, present exactly when that table is owned
     */
    static Action decide(
            MemberRecord member,
            TableState underCandidate,
            TableState underAttempt,
            Optional<MemberContent> content,
            ArtifactBinding artifact) {
        boolean exact = content.map(observed -> exact(observed, artifact)).orElse(false);
        if (superseded(member, underCandidate)) {
            return Action.SUPERSEDED;
        }
        if (underCandidate instanceof TableState.Present) {
            if (owned(member, underCandidate) && !exact && member.stage() == MemberStage.LOADING) {
                return Action.UNPROMOTED;
            }
            return owned(member, underCandidate) && exact ? Action.ACCEPT : Action.DIVERGED;
        }
        if (underAttempt instanceof TableState.Absent) {
            return Action.LOAD;
        }
        if (!owned(member, underAttempt)) {
            return Action.DIVERGED;
        }
        if (exact) {
            return Action.PROMOTE;
        }
        return member.stage() == MemberStage.LOADING ? Action.REPLACE : Action.DIVERGED;
    }

    /** The typed-content proof: every row read back, as many as the artifact's, digesting to its content digest. */
    static boolean exact(MemberContent content, ArtifactBinding artifact) {
        return content instanceof MemberContent.Observed observed
                && observed.rows() == artifact.rowCount()
                && observed.contentDigest().equals(artifact.contentDigest());
    }
}
