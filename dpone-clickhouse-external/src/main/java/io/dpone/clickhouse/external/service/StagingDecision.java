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
 * own connection shows under the operation's candidate name:
 * <pre>
 * candidate absent                                   -&gt; LOAD (create, insert, prove)
 * present, no UUID recorded yet                      -&gt; REPLACE (owned by its operation-derived name,
 *                                                        created before its UUID could be recorded)
 * present, another UUID than recorded, LOADING       -&gt; REPLACE (owned by the name too: a racing worker
 *                                                        of this operation replaced the unproven one)
 * present, another UUID than recorded, READY         -&gt; DIVERGED (the proven candidate is gone)
 * present, recorded UUID, content exactly the artifact -&gt; ACCEPT
 * present, recorded UUID, LOADING, other content     -&gt; REPLACE (the owned partial candidate)
 * present, recorded UUID, READY, other content       -&gt; DIVERGED (proven once, changed since)
 * </pre>
 * Nothing is ever published in STAGING, so dropping an owned candidate never touches a served
 * table. Pure.
 */
final class StagingDecision {
    enum Action { LOAD, REPLACE, ACCEPT, DIVERGED }

    private StagingDecision() {
    }

    /** True when {@code decide} needs the member's content to choose. */
    static boolean needsContent(MemberRecord member, TableState observed) {
        return observed instanceof TableState.Present present && member.candidateUuid() != null
                && present.uuid().equals(member.candidateUuid());
    }

    /** @param content the member's re-observed content, present exactly when {@link #needsContent} */
    static Action decide(MemberRecord member, TableState observed, Optional<MemberContent> content, ArtifactBinding artifact) {
        if (observed instanceof TableState.Absent) {
            return Action.LOAD;
        }
        TableState.Present present = (TableState.Present) observed;
        if (member.candidateUuid() == null) {
            return Action.REPLACE;
        }
        if (!present.uuid().equals(member.candidateUuid())) {
            return member.stage() == MemberStage.LOADING ? Action.REPLACE : Action.DIVERGED;
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
