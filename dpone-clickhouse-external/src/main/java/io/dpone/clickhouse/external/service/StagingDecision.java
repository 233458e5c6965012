package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.external.authority.ArtifactBinding;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.TableState;
import java.util.Optional;

/**
 * What STAGING does with one member (seed 001: "observe each exact candidate; accept an exact
 * match or replace only an owned unpublished partial candidate"), from its record and what its
 * own connection shows under the operation's candidate name. Ownership is by UUID, never by name:
 * a candidate's UUID is recorded LOADING before the {@code CREATE ... UUID} that gives the table
 * exactly that UUID, so a table is this operation's only when its UUID is the one recorded for the
 * member.
 * <pre>
 * candidate absent                                     -&gt; LOAD (record a fresh UUID, create, insert, prove)
 * present, no UUID recorded                            -&gt; DIVERGED (not provably this operation's)
 * present, another UUID than recorded                  -&gt; DIVERGED (not provably this operation's)
 * present, recorded UUID, content exactly the artifact -&gt; ACCEPT
 * present, recorded UUID, LOADING, other content       -&gt; REPLACE (the owned partial candidate)
 * present, recorded UUID, READY, other content         -&gt; DIVERGED (proven once, changed since)
 * present, a tried (superseded) UUID of the member     -&gt; REPLACE (this operation's late-landing earlier attempt)
 * </pre>
 * A tried UUID was recorded before its own {@code CREATE} and superseded by a later attempt's
 * recorded UUID; that CREATE may land after the supersession (its answer was lost, the statement
 * was still queued). Such a table is this operation's, was never proven and can never be: a READY
 * write names only the current UUID, and a worker that holds an older record version loses its CAS.
 * A restart after a crash between the LOADING write and the {@code CREATE} finds the name absent
 * (LOAD again, under a fresh recorded UUID) or holding the recorded UUID (ACCEPT or REPLACE). A
 * DIVERGED verdict on a table that is not the recorded one holds only for the record version it was
 * decided on; the caller re-reads the record before it reports one (another worker of the
 * operation may have recorded that table since). Nothing is ever published in STAGING, so dropping
 * an owned candidate never touches a served table. Pure.
 */
final class StagingDecision {
    enum Action { LOAD, REPLACE, ACCEPT, DIVERGED }

    private StagingDecision() {
    }

    /** True when {@code decide} needs the member's content to choose. */
    static boolean needsContent(MemberRecord member, TableState observed) {
        return owned(member, observed);
    }

    /** True when {@code observed} is a table whose UUID is one of the member's superseded attempts. */
    static boolean superseded(MemberRecord member, TableState observed) {
        return observed instanceof TableState.Present present && member.triedUuids().contains(present.uuid());
    }

    /** True when {@code observed} is a table whose UUID this operation recorded for {@code member} (current or tried). */
    static boolean ownedAttempt(MemberRecord member, TableState observed) {
        return observed instanceof TableState.Present present && member.owns(present.uuid());
    }

    /** True when {@code observed} is a table whose UUID is exactly the one recorded for {@code member}. */
    static boolean owned(MemberRecord member, TableState observed) {
        return observed instanceof TableState.Present present && member.candidateUuid() != null
                && present.uuid().equals(member.candidateUuid());
    }

    /** @param content the member's re-observed content, present exactly when {@link #needsContent} */
    static Action decide(MemberRecord member, TableState observed, Optional<MemberContent> content, ArtifactBinding artifact) {
        if (observed instanceof TableState.Absent) {
            return Action.LOAD;
        }
        if (superseded(member, observed)) {
            return Action.REPLACE;
        }
        if (!owned(member, observed)) {
            return Action.DIVERGED;
        }
        if (content.map(observedContent -> exact(observedContent, artifact)).orElse(false)) {
            return Action.ACCEPT;
        }
        return member.stage() == MemberStage.LOADING ? Action.REPLACE : Action.DIVERGED;
    }

    /** The typed-content proof: every row read back, as many as the artifact's, digesting to its content digest. */
    static boolean exact(MemberContent content, ArtifactBinding artifact) {
        return content instanceof MemberContent.Observed observed && observed.rows() == artifact.rowCount()
                && observed.contentDigest().equals(artifact.contentDigest());
    }
}
