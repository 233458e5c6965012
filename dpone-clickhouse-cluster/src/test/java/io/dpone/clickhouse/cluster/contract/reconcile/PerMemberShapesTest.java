package io.dpone.clickhouse.cluster.contract.reconcile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * External members each hold their own table: the classifiers judge each member against its own
 * predecessor and desired identity, with the same section 5 and 6 tables as internal mode.
 */
class PerMemberShapesTest {
    private static final HostEndpoint A = new HostEndpoint("a", 9000);
    private static final HostEndpoint B = new HostEndpoint("b", 9000);
    private static final SpecReplicaStateClassifier STATES = SpecReplicaStateClassifier.INSTANCE;

    private static GenerationIdentity direct(int n) {
        return GenerationIdentity.direct(new UUID(0, n), "MergeTree ORDER BY id", "schema");
    }

    private static ReplicaObservation seen(
            HostEndpoint member, GenerationIdentity target, GenerationIdentity candidate) {
        return new ReplicaObservation.Observed(
                member,
                target == null ? new TableObservation.Absent() : new TableObservation.Present(target),
                candidate == null ? new TableObservation.Absent() : new TableObservation.Present(candidate));
    }

    private static final ExpectedShapes EXISTING = new ExpectedShapes.PerMember(Map.of(
            A, new PublicationShape.ExistingTarget(direct(1), direct(2)),
            B, new PublicationShape.ExistingTarget(direct(3), direct(4))));

    @Test
    void everyMemberIsJudgedAgainstItsOwnIdentities() {
        List<ReplicaObservation> pending = List.of(seen(A, direct(1), direct(2)), seen(B, direct(3), direct(4)));
        PublicationVerdict verdict = new SpecPublicationClassifier(STATES)
                .classify(new PublicationFacts(
                        EXISTING, AuthorityPhase.PREPARED, Set.of(A, B), pending, QueueResult.NO_ENTRY));
        assertEquals(PublicationClassification.DISPATCH_PERMITTED_AFTER_CAS, verdict.classification());

        PublicationVerdict uniform = new SpecPublicationClassifier(STATES)
                .classify(new PublicationFacts(
                        new PublicationShape.ExistingTarget(direct(1), direct(2)),
                        AuthorityPhase.PREPARED,
                        Set.of(A, B),
                        pending,
                        QueueResult.NO_ENTRY));
        assertEquals(
                Map.of(A, ReplicaState.PENDING, B, ReplicaState.UNKNOWN),
                uniform.perReplica(),
                "one shape for all would call the other member's own table unknown");
    }

    @Test
    void anotherMembersIdentityIsUnknownNotCommitted() {
        List<ReplicaObservation> swapped = List.of(seen(A, direct(2), direct(1)), seen(B, direct(2), direct(3)));
        PublicationVerdict verdict = new SpecPublicationClassifier(STATES)
                .classify(new PublicationFacts(
                        EXISTING, AuthorityPhase.DISPATCHING, Set.of(A, B), swapped, QueueResult.TERMINAL_SUCCESS));
        assertEquals(Map.of(A, ReplicaState.COMMITTED, B, ReplicaState.UNKNOWN), verdict.perReplica());
        assertEquals(UnknownCause.UNKNOWN_IDENTITY, verdict.cause());
    }

    @Test
    void cleanupDropsOnlyWhereEachMemberShowsItsOwnPredecessor() {
        List<ReplicaObservation> committed = List.of(seen(A, direct(2), direct(1)), seen(B, direct(4), direct(3)));
        CleanupVerdict ready = new SpecCleanupClassifier(STATES)
                .classify(new CleanupFacts(
                        EXISTING,
                        AuthorityPhase.COMMITTED,
                        Set.of(A, B),
                        committed,
                        QueueResult.TERMINAL_SUCCESS,
                        QueueResult.NO_ENTRY,
                        true));
        assertEquals(CleanupDecision.DISPATCH_PERMITTED_AFTER_CAS, ready.decision());

        List<ReplicaObservation> foreign = List.of(seen(A, direct(2), direct(1)), seen(B, direct(4), direct(9)));
        CleanupVerdict prohibited = new SpecCleanupClassifier(STATES)
                .classify(new CleanupFacts(
                        EXISTING,
                        AuthorityPhase.COMMITTED,
                        Set.of(A, B),
                        foreign,
                        QueueResult.TERMINAL_SUCCESS,
                        QueueResult.NO_ENTRY,
                        true));
        assertEquals(CleanupDecision.PROHIBITED, prohibited.decision());
    }

    @Test
    void absentTargetsNeedNoCleanupAndAMemberWithoutAShapeIsUnknown() {
        ExpectedShapes absent = new ExpectedShapes.PerMember(Map.of(
                A, new PublicationShape.AbsentTarget(direct(2)), B, new PublicationShape.AbsentTarget(direct(4))));
        CleanupVerdict verdict = new SpecCleanupClassifier(STATES)
                .classify(new CleanupFacts(
                        absent,
                        AuthorityPhase.COMMITTED,
                        Set.of(A, B),
                        List.of(seen(A, direct(2), null), seen(B, direct(4), null)),
                        QueueResult.TERMINAL_SUCCESS,
                        QueueResult.NO_ENTRY,
                        true));
        assertEquals(CleanupDecision.NOTHING_TO_CLEAN, verdict.decision());

        ExpectedShapes onlyA = new ExpectedShapes.PerMember(Map.of(A, new PublicationShape.AbsentTarget(direct(2))));
        ReplicaCensus census = ReplicaCensus.take(
                onlyA, Set.of(A, B), List.of(seen(A, null, direct(2)), seen(B, null, direct(4))), STATES);
        assertEquals(Map.of(A, ReplicaState.PENDING, B, ReplicaState.UNKNOWN), census.states());
    }

    @Test
    void perMemberShapesAreOfOneKindAndHaveNoSingleShape() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new ExpectedShapes.PerMember(Map.of(
                        A,
                        new PublicationShape.AbsentTarget(direct(2)),
                        B,
                        new PublicationShape.ExistingTarget(direct(3), direct(4)))));
        PublicationFacts facts =
                new PublicationFacts(EXISTING, AuthorityPhase.PREPARED, Set.of(A, B), List.of(), QueueResult.NO_ENTRY);
        assertThrows(IllegalStateException.class, facts::shape);
    }
}
