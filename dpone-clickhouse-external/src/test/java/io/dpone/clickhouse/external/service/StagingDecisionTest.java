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
 * The STAGING table, row by row (pure): accept an exact match, replace only an owned partial
 * candidate (its recorded UUID), diverge otherwise; a table whose UUID was never recorded is never
 * replaced.
 */
class StagingDecisionTest {
    private static final Digest OPERATION = CanonicalEncoder.forDomain("t").text("op").sha256();
    private static final Digest CONTENT = CanonicalEncoder.forDomain("t").text("content").sha256();
    private static final ArtifactBinding ARTIFACT = ArtifactBinding.of(OPERATION, CONTENT, 10, 3, CONTENT, CONTENT);
    private static final UUID MINE = new UUID(0, 1);
    private static final MemberRecord PENDING = MemberRecord.pending(1, 1, null);
    private static final MemberRecord LOADING = PENDING.loading(MINE);
    private static final MemberRecord READY = LOADING.ready(CONTENT);

    private static TableState present(UUID uuid) {
        return new TableState.Present(uuid, "MergeTree ORDER BY tuple()", List.of());
    }

    private static Action decide(MemberRecord record, TableState state, MemberContent content) {
        assertEquals(content != null, StagingDecision.needsContent(record, state), "content is read exactly when needed");
        return StagingDecision.decide(record, state, Optional.ofNullable(content), ARTIFACT);
    }

    @Test
    void everyRowOfTheTable() {
        MemberContent exact = new MemberContent.Observed(3, CONTENT);
        MemberContent partial = new MemberContent.Observed(2, CanonicalEncoder.forDomain("t").text("partial").sha256());
        for (MemberRecord record : List.of(PENDING, LOADING, READY)) {
            assertEquals(Action.LOAD, decide(record, new TableState.Absent(), null), record.stage() + " absent");
        }
        assertEquals(Action.DIVERGED, decide(PENDING, present(MINE), null), "no UUID recorded: not provably this operation's");
        assertEquals(Action.DIVERGED, decide(LOADING, present(new UUID(0, 2)), null),
                "another UUID under the name of a never-proven member: not provably this operation's");
        assertEquals(Action.DIVERGED, decide(READY, present(new UUID(0, 2)), null), "the proven candidate is gone");
        assertEquals(Action.ACCEPT, decide(LOADING, present(MINE), exact));
        assertEquals(Action.ACCEPT, decide(READY, present(MINE), exact));
        assertEquals(Action.REPLACE, decide(LOADING, present(MINE), partial), "the owned partial candidate");
        assertEquals(Action.DIVERGED, decide(READY, present(MINE), partial), "proven once, changed since");
        assertEquals(Action.REPLACE, decide(LOADING, present(MINE), new MemberContent.OverBudget(3)));
        assertEquals(Action.DIVERGED, decide(READY, present(MINE), new MemberContent.Undecodable(1, 2)));
    }

    @Test
    void aTableWhoseUuidWasNeverRecordedIsNeverReplacedWhateverItHolds() {
        MemberContent exact = new MemberContent.Observed(3, CONTENT);
        for (MemberRecord record : List.of(PENDING, LOADING, READY, PENDING.discarded())) {
            UUID foreign = new UUID(7, 7);
            assertFalse(StagingDecision.owned(record, present(foreign)), record.stage().name());
            assertEquals(Action.DIVERGED, StagingDecision.decide(record, present(foreign), Optional.of(exact), ARTIFACT),
                    "even a foreign table holding exactly the artifact is not accepted: " + record.stage());
            assertEquals(Action.DIVERGED, StagingDecision.decide(record, present(foreign), Optional.empty(), ARTIFACT));
        }
        assertTrue(StagingDecision.owned(LOADING, present(MINE)));
        assertFalse(StagingDecision.owned(LOADING, new TableState.Absent()));
    }

    @Test
    void aRestartAfterTheLoadingWriteFindsTheNameAbsentOrHoldingTheRecordedUuid() {
        // crashed between the LOADING write and the CREATE: nothing under the name, load again (fresh UUID)
        assertEquals(Action.LOAD, decide(LOADING, new TableState.Absent(), null));
        // crashed after the CREATE: the recorded UUID, empty or partial, is replaced; complete, accepted
        assertEquals(Action.REPLACE, decide(LOADING, present(MINE), new MemberContent.Observed(0, OPERATION)));
        assertEquals(Action.ACCEPT, decide(LOADING, present(MINE), new MemberContent.Observed(3, CONTENT)));
    }

    @Test
    void theProofNeedsEveryRowAndTheExactDigest() {
        assertTrue(StagingDecision.exact(new MemberContent.Observed(3, CONTENT), ARTIFACT));
        assertFalse(StagingDecision.exact(new MemberContent.Observed(4, CONTENT), ARTIFACT));
        assertFalse(StagingDecision.exact(new MemberContent.Observed(3, OPERATION), ARTIFACT));
        assertFalse(StagingDecision.exact(new MemberContent.OverBudget(3), ARTIFACT));
    }
}
