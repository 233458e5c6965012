package io.dpone.clickhouse.external.authority;

import static io.dpone.clickhouse.external.authority.Records.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.FenceToken;
import io.dpone.clickhouse.cluster.contract.authority.TransitionRefusal;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.spi.error.DponeErrorCode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every transition of the external state machine, allowed and refused, before any CAS is attempted. */
class ExternalTransitionsTest {
    private static Optional<TransitionRefusal> check(ExternalRecord current, ExternalRecord next) {
        return ExternalSlotSchema.INSTANCE.check(current, next);
    }

    private static void allowed(ExternalRecord current, ExternalRecord next) {
        assertEquals(Optional.empty(), check(current, next), current.phase() + " -> " + next.phase());
    }

    private static void refused(TransitionRefusal refusal, ExternalRecord current, ExternalRecord next) {
        assertEquals(Optional.of(refusal), check(current, next), current.phase() + " -> " + next.phase());
    }

    @Test
    void onlyALockedRecordAtEpochZeroIsCreated() {
        assertEquals(Optional.empty(), ExternalSlotSchema.INSTANCE.checkCreate(locked(0)));
        assertEquals(
                Optional.of(TransitionRefusal.CREATE_NOT_PREPARED), ExternalSlotSchema.INSTANCE.checkCreate(locked(3)));
        assertEquals(
                Optional.of(TransitionRefusal.CREATE_NOT_PREPARED),
                ExternalSlotSchema.INSTANCE.checkCreate(staging(true, pending(true), 1)));
    }

    @Test
    void theHappyPathOfBothShapesIsAllowedStepByStep() {
        for (boolean existing : List.of(true, false)) {
            ExternalRecord locked = locked(0);
            ExternalRecord staging = staging(existing, pending(existing), 1);
            allowed(locked, staging);
            List<MemberRecord> loading = pending(existing).stream()
                    .map(m -> m.loading(uuid(10 + (int) m.replicaNumber())))
                    .toList();
            ExternalRecord progressed = staging(existing, loading, 2);
            allowed(staging, progressed);
            ExternalRecord ready = staging(existing, ready(existing), 3);
            allowed(progressed, ready);
            ExternalRecord staged = staged(existing);
            allowed(ready, staged);
            DdlBinding publication = token(existing ? DdlAction.EXCHANGE : DdlAction.RENAME, 1);
            ExternalRecord dispatching = dispatching(existing, publication);
            allowed(staged, dispatching);
            ExternalRecord bound = dispatching(existing, bound(publication, null));
            allowed(dispatching, bound);
            ExternalRecord committed = committed(existing, publication);
            allowed(bound, committed);
        }
    }

    @Test
    void aNewOperationStartsLockedOnlyOverAFinishedRecordWithANewFenceAndTheCarriedEpoch() {
        ExternalRecord aborted = record(
                ExternalPhase.ABORTED,
                4,
                payload(null, null, null, List.of(), null, null, DponeErrorCode.SOURCE_MALFORMED, T0.plusSeconds(5)));
        ExternalRecord next = new ExternalRecord(
                TARGET_KEY,
                digest("other"),
                FenceToken.issue(RANDOM),
                ExternalPhase.LOCKED,
                4,
                payload(null, null, null, List.of(), null, null, null, T0.plusSeconds(1_000)));
        allowed(aborted, next);
        refused(
                TransitionRefusal.EPOCH_CHANGED,
                aborted,
                new ExternalRecord(
                        TARGET_KEY,
                        digest("other"),
                        FenceToken.issue(RANDOM),
                        ExternalPhase.LOCKED,
                        0,
                        next.payload()));
        refused(
                TransitionRefusal.FENCE_NOT_RENEWED,
                aborted,
                new ExternalRecord(TARGET_KEY, digest("other"), FENCE, ExternalPhase.LOCKED, 4, next.payload()));
        refused(TransitionRefusal.SLOT_NOT_COMPLETED, staged(true), next);
        refused(
                TransitionRefusal.NEW_OPERATION_NOT_LOCKED,
                aborted,
                new ExternalRecord(
                        TARGET_KEY,
                        digest("other"),
                        FenceToken.issue(RANDOM),
                        ExternalPhase.ABORTED,
                        4,
                        payload(
                                null,
                                null,
                                null,
                                List.of(),
                                null,
                                null,
                                DponeErrorCode.SOURCE_MALFORMED,
                                T0.plusSeconds(1_000))));
    }

    @Test
    void phasesMoveOnlyForwardAndEpochsOnlyByOneIntoADispatchingPhase() {
        refused(TransitionRefusal.PHASE_NOT_ALLOWED, locked(0), staged(true));
        refused(
                TransitionRefusal.PHASE_NOT_ALLOWED,
                dispatching(true, token(DdlAction.EXCHANGE, 1)),
                staging(true, ready(true), 99));
        DdlBinding publication = token(DdlAction.EXCHANGE, 2);
        refused(TransitionRefusal.EPOCH_NOT_ADVANCED_BY_ONE, staged(true), dispatching(true, publication));
        ExternalRecord changedEpoch =
                record(ExternalPhase.STAGING, 1, staging(true, pending(true), 2).payload());
        refused(TransitionRefusal.EPOCH_CHANGED, staging(true, pending(true), 1), changedEpoch);
        refused(
                TransitionRefusal.TIME_WENT_BACKWARDS,
                staging(true, pending(true), 5),
                staging(true, pending(true), 1));
    }

    @Test
    void boundFactsAndTheMemberMapNeverChangeOnceBound() {
        ExternalRecord staging = staging(true, pending(true), 1);
        ExternalRecord otherArtifact = record(
                ExternalPhase.STAGING,
                0,
                new ExternalPayload(
                        digest("plan"),
                        digest("inventory"),
                        "t__dpone_ext_0123456789abcdef",
                        ArtifactBinding.of(OPERATION, digest("sha2"), 100, 3, digest("schema"), digest("content")),
                        TARGET,
                        null,
                        pending(true),
                        null,
                        null,
                        digest("inventory"),
                        null,
                        T0,
                        T0.plusSeconds(120)));
        refused(TransitionRefusal.BOUND_FACT_CHANGED, staging, otherArtifact);
        List<MemberRecord> otherTarget =
                List.of(MemberRecord.pending(1, 1, uuid(9)), MemberRecord.pending(1, 2, uuid(2)));
        refused(TransitionRefusal.MEMBER_FACT_CHANGED, staging, staging(true, otherTarget, 2));
        ExternalRecord staged = staged(true);
        DdlBinding publication = token(DdlAction.EXCHANGE, 1);
        List<MemberRecord> reloaded = ready(true).stream()
                .map(m -> m.loading(uuid(50)).ready(ARTIFACT.contentDigest()))
                .toList();
        assertThrows(
                IllegalArgumentException.class,
                () -> record(
                        ExternalPhase.PUBLICATION_DISPATCHING,
                        1,
                        payload(ARTIFACT, TARGET, CANDIDATE, reloaded, publication, null, null, T0.plusSeconds(700))),
                "member candidates are distinct");
        List<MemberRecord> swapped = List.of(
                ready(true).get(0).loading(uuid(40)).ready(ARTIFACT.contentDigest()),
                ready(true).get(1));
        refused(
                TransitionRefusal.MEMBER_FACT_CHANGED,
                staged,
                record(
                        ExternalPhase.PUBLICATION_DISPATCHING,
                        1,
                        payload(ARTIFACT, TARGET, CANDIDATE, swapped, publication, null, null, T0.plusSeconds(700))));
    }

    @Test
    void ddlBindingsAreOnlyExtendedAndABoundCleanupIsRedispatchedOnlyAfterItsReceipt() {
        DdlBinding publication = token(DdlAction.EXCHANGE, 1);
        ExternalRecord dispatching = dispatching(true, bound(publication, null));
        refused(TransitionRefusal.DDL_BINDING_REWRITTEN, dispatching, dispatching(true, publication));
        ExternalRecord committed = committed(true, publication);
        DdlBinding drop = token(DdlAction.DROP, 2);
        ExternalRecord cleaning = cleanup(committed, drop, 2);
        allowed(committed, cleaning);
        ExternalRecord dropBound = cleanup(committed, bound(drop, null), 2);
        allowed(cleaning, dropBound);
        DdlBinding again = token(DdlAction.DROP, 3);
        refused(TransitionRefusal.DDL_BINDING_REWRITTEN, dropBound, cleanup(committed, again, 3));
        ExternalRecord withReceipt = cleanup(committed, bound(drop, QueueStatus.TERMINAL_SUCCESS), 2);
        allowed(dropBound, withReceipt);
        allowed(withReceipt, cleanup(committed, again, 3));
    }

    /**
     * A drop the record marks lost has no entry and so no receipt to lose: a new epoch and token may
     * replace it, never at the same epoch. An unbound drop not marked lost may still be in flight
     * and is never replaced (the one lost-drop rule, issue 24; red on main c884450, which let any
     * unbound drop be replaced, so only the service's code kept an in-flight drop from a redispatch).
     */
    @Test
    void anUnboundCleanupDropIsReplacedOnlyOnceMarkedLostAndOnlyUnderTheNextEpoch() {
        DdlBinding publication = token(DdlAction.EXCHANGE, 1);
        ExternalRecord committed = committed(true, publication);
        DdlBinding drop = token(DdlAction.DROP, 2);
        ExternalRecord unbound = cleanup(committed, drop, 2);
        refused(TransitionRefusal.DDL_BINDING_REWRITTEN, unbound, cleanup(committed, token(DdlAction.DROP, 3), 3));
        ExternalRecord lost = lost(unbound, 0);
        allowed(unbound, lost);
        allowed(lost, cleanup(committed, token(DdlAction.DROP, 3), 3));
        refused(TransitionRefusal.DDL_BINDING_REWRITTEN, lost, cleanup(committed, token(DdlAction.DROP, 2), 2));
        refused(TransitionRefusal.EPOCH_CHANGED, lost, cleanup(committed, token(DdlAction.DROP, 4), 4));
        refused(TransitionRefusal.DDL_BINDING_REWRITTEN, lost, cleanup(committed, drop, 2));
        refused(TransitionRefusal.DDL_BINDING_REWRITTEN, lost, cleanup(committed, bound(drop, null), 2));
        assertThrows(
                IllegalArgumentException.class,
                () -> lost(cleanup(committed, bound(drop, null), 2), 0),
                "only an unbound drop can be lost");
    }

    /** {@code record} with its cleanup drop marked lost, {@code seconds} later. */
    static ExternalRecord lost(ExternalRecord record, long seconds) {
        ExternalPayload p = record.payload();
        return record(
                record.phase(),
                record.dispatchEpoch(),
                new ExternalPayload(
                        p.planDigest(),
                        p.inventoryDigest(),
                        p.candidateTable(),
                        p.artifact(),
                        p.targetDefinition(),
                        p.candidateDefinition(),
                        p.members(),
                        p.publication(),
                        p.cleanup(),
                        p.capabilityInventoryDigest(),
                        p.abortCode(),
                        p.createdAt(),
                        p.updatedAt().plusSeconds(seconds),
                        p.phases(),
                        true));
    }

    @Test
    void theEndingsAreReachedOnlyFromTheirPhases() {
        DponeErrorCode code = DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED;
        allowed(
                locked(0),
                record(ExternalPhase.ABORTED, 0, payload(null, null, null, List.of(), null, null, code, T0)));
        // every recorded candidate stays recorded (DISCARDED keeps its UUID): forgetting one is MEMBER_FACT_CHANGED
        List<MemberRecord> discarded =
                List.of(ready(true).get(0).discarded(), ready(true).get(1).discarded());
        refused(
                TransitionRefusal.MEMBER_FACT_CHANGED,
                staging(true, ready(true), 1),
                record(
                        ExternalPhase.ABORTED,
                        0,
                        payload(
                                ARTIFACT,
                                TARGET,
                                null,
                                List.of(
                                        ready(true).get(0).discarded(),
                                        pending(true).get(1)),
                                null,
                                null,
                                code,
                                T0.plusSeconds(120))));
        allowed(
                staging(true, ready(true), 1),
                record(
                        ExternalPhase.ABORTED,
                        0,
                        payload(ARTIFACT, TARGET, null, discarded, null, null, code, T0.plusSeconds(120))));
        refused(
                TransitionRefusal.PHASE_NOT_ALLOWED,
                staged(true),
                record(
                        ExternalPhase.ABORTED,
                        0,
                        payload(ARTIFACT, TARGET, null, discarded, null, null, code, T0.plusSeconds(1_200))));
        DdlBinding rename = token(DdlAction.RENAME, 1);
        ExternalRecord committed = committed(false, rename);
        ExternalPayload p = committed.payload();
        allowed(
                committed,
                record(
                        ExternalPhase.COMPLETED,
                        1,
                        payload(
                                p.artifact(),
                                null,
                                p.candidateDefinition(),
                                p.members().stream().map(MemberRecord::cleaned).toList(),
                                p.publication(),
                                null,
                                null,
                                T0.plusSeconds(900))));
        DdlBinding exchange = token(DdlAction.EXCHANGE, 1);
        ExternalRecord existing = committed(true, exchange);
        DdlBinding drop = bound(token(DdlAction.DROP, 2), QueueStatus.TERMINAL_SUCCESS);
        ExternalRecord cleaning = cleanup(existing, drop, 2);
        ExternalPayload q = cleaning.payload();
        allowed(
                cleaning,
                record(
                        ExternalPhase.COMPLETED,
                        2,
                        payload(
                                q.artifact(),
                                q.targetDefinition(),
                                q.candidateDefinition(),
                                q.members().stream().map(MemberRecord::cleaned).toList(),
                                q.publication(),
                                drop,
                                null,
                                T0.plusSeconds(1_000))));
        refused(
                TransitionRefusal.PHASE_NOT_ALLOWED,
                existing,
                record(
                        ExternalPhase.STAGED,
                        1,
                        payload(ARTIFACT, TARGET, CANDIDATE, ready(true), null, null, null, T0.plusSeconds(2_000))));
    }

    /**
     * The fenced abort (audit gap 7): LOCKED ends in ABORTED directly (nothing was created); STAGED
     * first withdraws to STAGING with every member fact kept and only the proven definition cleared,
     * then the owned cleanup ends in ABORTED; STAGED never goes to ABORTED directly, and the
     * withdrawal may not rewrite a proven member or skip the dispatch CAS by another route.
     */
    @Test
    void aFencedOperationLeavesItsPhaseOnlyThroughTheSafeAbort() {
        DponeErrorCode drift = DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE;
        allowed(
                locked(0),
                record(
                        ExternalPhase.ABORTED,
                        0,
                        payload(null, null, null, List.of(), null, null, drift, T0.plusSeconds(1))));
        for (boolean existing : List.of(true, false)) {
            ExternalRecord staged = staged(existing);
            ExternalRecord withdrawn = record(
                    ExternalPhase.STAGING,
                    0,
                    payload(
                            ARTIFACT,
                            existing ? TARGET : null,
                            null,
                            ready(existing),
                            null,
                            null,
                            null,
                            T0.plusSeconds(700)));
            allowed(staged, withdrawn);
            List<MemberRecord> discarded =
                    ready(existing).stream().map(MemberRecord::discarded).toList();
            allowed(
                    withdrawn,
                    record(
                            ExternalPhase.ABORTED,
                            0,
                            payload(
                                    ARTIFACT,
                                    existing ? TARGET : null,
                                    null,
                                    discarded,
                                    null,
                                    null,
                                    drift,
                                    T0.plusSeconds(800))));
            refused(
                    TransitionRefusal.PHASE_NOT_ALLOWED,
                    staged,
                    record(
                            ExternalPhase.ABORTED,
                            0,
                            payload(
                                    ARTIFACT,
                                    existing ? TARGET : null,
                                    null,
                                    discarded,
                                    null,
                                    null,
                                    drift,
                                    T0.plusSeconds(800))));
            List<MemberRecord> rewritten =
                    List.of(ready(existing).get(0), ready(existing).get(1).loading(uuid(99)));
            refused(
                    TransitionRefusal.MEMBER_FACT_CHANGED,
                    staged,
                    record(
                            ExternalPhase.STAGING,
                            0,
                            payload(
                                    ARTIFACT,
                                    existing ? TARGET : null,
                                    null,
                                    rewritten,
                                    null,
                                    null,
                                    null,
                                    T0.plusSeconds(700))));
            if (existing) {
                refused(
                        TransitionRefusal.BOUND_FACT_CHANGED,
                        staged,
                        record(
                                ExternalPhase.STAGING,
                                0,
                                payload(
                                        ARTIFACT,
                                        CANDIDATE,
                                        null,
                                        ready(true),
                                        null,
                                        null,
                                        null,
                                        T0.plusSeconds(700))));
            }
        }
        assertEquals(
                java.util.Set.of(ExternalPhase.PUBLICATION_DISPATCHING, ExternalPhase.STAGING),
                ExternalPhase.STAGED.successors());
    }

    @Test
    void aCompletedInternalRecordIsMigratedAndAnUnresolvedOneIsNot() {
        AuthorityRecord internal = internal(AuthorityPhase.COMPLETED);
        ExternalRecord next = new ExternalRecord(
                TARGET_KEY,
                OPERATION,
                FenceToken.issue(RANDOM),
                ExternalPhase.LOCKED,
                1,
                payload(null, null, null, List.of(), null, null, null, T0.plusSeconds(10)));
        assertEquals(Optional.empty(), ExternalSlotSchema.INSTANCE.check(new InternalBaseline(internal), next));
        assertEquals(
                Optional.of(TransitionRefusal.SLOT_NOT_COMPLETED),
                ExternalSlotSchema.INSTANCE.check(new InternalBaseline(internal(AuthorityPhase.PREPARED)), next));
        assertEquals(
                Optional.of(TransitionRefusal.EPOCH_CHANGED),
                ExternalSlotSchema.INSTANCE.check(
                        new InternalBaseline(internal),
                        new ExternalRecord(
                                TARGET_KEY,
                                OPERATION,
                                FenceToken.issue(RANDOM),
                                ExternalPhase.LOCKED,
                                0,
                                next.payload())));
        assertEquals(
                Optional.of(TransitionRefusal.FOREIGN_SCHEMA_WRITE),
                ExternalSlotSchema.INSTANCE.check(next, new InternalBaseline(internal)));
        assertEquals(
                Optional.of(TransitionRefusal.FOREIGN_SCHEMA_WRITE),
                ExternalSlotSchema.INSTANCE.checkCreate(new InternalBaseline(internal)));
    }

    @Test
    void opensDispatchOnlyForAnEpochOpeningWrite() {
        DdlBinding publication = token(DdlAction.EXCHANGE, 1);
        ExternalRecord dispatching = dispatching(true, publication);
        assertEquals(true, ExternalSlotSchema.INSTANCE.opensDispatch(staged(true), dispatching));
        assertEquals(Optional.of(publication.token()), ExternalSlotSchema.INSTANCE.dispatchToken(dispatching));
        assertEquals(
                false,
                ExternalSlotSchema.INSTANCE.opensDispatch(dispatching, dispatching(true, bound(publication, null))));
        assertEquals(false, ExternalSlotSchema.INSTANCE.opensDispatch(null, locked(0)));
        assertEquals(Optional.empty(), ExternalSlotSchema.INSTANCE.dispatchToken(staged(true)));
    }

    private static ExternalRecord cleanup(ExternalRecord committed, DdlBinding cleanup, long epoch) {
        ExternalPayload p = committed.payload();
        return record(
                ExternalPhase.CLEANUP_DISPATCHING,
                epoch,
                payload(
                        p.artifact(),
                        p.targetDefinition(),
                        p.candidateDefinition(),
                        p.members(),
                        p.publication(),
                        cleanup,
                        null,
                        T0.plusSeconds(900 + epoch)));
    }

    private static AuthorityRecord internal(AuthorityPhase phase) {
        GenerationIdentity desired =
                new GenerationIdentity(uuid(3), "ReplicatedMergeTree ORDER BY id", "s", "default", "/p");
        DdlBinding publication = phase == AuthorityPhase.COMPLETED
                ? new DdlBinding(
                        DdlCorrelationToken.issue(digest("internal"), DdlAction.RENAME, 1, RANDOM),
                        "query-1",
                        digest("q"),
                        QueueStatus.TERMINAL_SUCCESS)
                : null;
        return new AuthorityRecord(
                TARGET_KEY,
                digest("internal"),
                FenceToken.issue(RANDOM),
                phase,
                phase == AuthorityPhase.COMPLETED ? 1 : 0,
                new AuthorityPayload(
                        digest("plan"),
                        digest("inventory"),
                        null,
                        desired,
                        "t__dpone_x",
                        3,
                        publication,
                        null,
                        T0,
                        T0,
                        null));
    }
}
