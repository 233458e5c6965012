package io.dpone.clickhouse.cluster.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.FENCE;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.OLD;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.OPERATION;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.TARGET_KEY;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.payload;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.record;
import static io.dpone.clickhouse.cluster.contract.ContractFixtures.seeded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotWrite.ConflictReason;
import io.dpone.clickhouse.cluster.authority.SlotWrite.UnknownReason;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.MutationOutcome.AmbiguityCause;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Every outcome branch of the two mutations, with the mutation transport called exactly once (or never). */
class KeeperMapAuthorityWriteTest {
    private static final AuthorityRecord PREPARED = record(AuthorityPhase.PREPARED);
    private static final AuthorityRecord DISPATCHING = record(AuthorityPhase.DISPATCHING);
    private static final VersionedRow PREPARED_AT_4 = new VersionedRow(AuthorityCodecV1.INSTANCE.encode(PREPARED), 4);
    private static final VersionedRow DISPATCHING_AT_5 =
            new VersionedRow(AuthorityCodecV1.INSTANCE.encode(DISPATCHING), 5);

    private final FakeControlTable table = new FakeControlTable();

    private KeeperMapAuthority<AuthorityRecord> authority() {
        return authority(MutationPrevalidation.SERVER_DEFAULT);
    }

    private KeeperMapAuthority<AuthorityRecord> authority(MutationPrevalidation casPrevalidation) {
        AtomicInteger ids = new AtomicInteger();
        return SqlControlStore.authority(
                new TableRef("dpone_c_x", "publication_authority"),
                table,
                table,
                purpose -> purpose + "-" + ids.incrementAndGet(),
                casPrevalidation);
    }

    private SlotWrite<AuthorityRecord> dispatch() {
        return authority().compareAndSwap(new SlotVersion<AuthorityRecord>(PREPARED, 4), DISPATCHING);
    }

    private static MutationOutcome rejected(String queryId, int code, String message) {
        return new MutationOutcome.Rejected(queryId, ServerError.fromRaw(code, message));
    }

    @Test
    void acknowledgedCreateVerifiedAtVersionZeroCarriesNoPermit() {
        table.answering(
                MutationOutcome.Acknowledged::new, new VersionedRow(AuthorityCodecV1.INSTANCE.encode(PREPARED), 0));
        SlotWrite.Verified<AuthorityRecord> created =
                assertInstanceOf(SlotWrite.Verified.class, authority().createIfAbsent(PREPARED));
        assertEquals(0, created.newKeeperVersion());
        assertEquals(
                new SlotVersion<AuthorityRecord>(PREPARED, 0),
                created.verified(),
                "the post-read proved the written record");
        assertTrue(created.dispatchPermit().isEmpty(), "a create opens no dispatch epoch");
        assertEquals(1, table.mutations());
        assertEquals(
                StatementKind.KEEPER_MAP_INSERT, table.mutationStatements.get(0).kind());
        assertEquals(
                Map.of(ServerSetting.KEEPER_MAP_STRICT_MODE, "1", ServerSetting.INSERT_KEEPER_MAX_RETRIES, "0"),
                table.mutationContexts.get(0).settings());
        assertEquals(1, table.reads, "exactly one post-read");
    }

    @Test
    void acknowledgedDispatchCasVerifiedAtTheNextVersionCarriesTheOnlyPermit() {
        table.storing(PREPARED_AT_4).answering(MutationOutcome.Acknowledged::new, DISPATCHING_AT_5);
        SlotWrite.Verified<AuthorityRecord> verified = assertInstanceOf(SlotWrite.Verified.class, dispatch());
        DispatchPermit permit = verified.dispatchPermit().orElseThrow();
        assertTrue(permit.matchesWrite(FENCE, 5));
        assertEquals(new SlotVersion<AuthorityRecord>(DISPATCHING, 5), verified.verified());
        assertTrue(permit.authorizes(
                TARGET_KEY, DISPATCHING.payload().publication().token()));
        assertEquals(1, table.mutations());
        assertEquals(
                StatementKind.KEEPER_MAP_CAS, table.mutationStatements.get(0).kind());
        String sql = table.mutationStatements.get(0).sql();
        assertTrue(
                sql.contains("`_version` = 4")
                        && sql.contains("`phase` = 'PREPARED'")
                        && sql.contains("`fence_token` = '" + FENCE.hex() + "'"),
                "the full spec predicate");
        assertEquals(
                Map.of(ServerSetting.KEEPER_MAP_STRICT_MODE, "1", ServerSetting.INSERT_KEEPER_MAX_RETRIES, "0"),
                table.mutationContexts.get(0).settings(),
                "the server's default prevalidation unless told otherwise");
    }

    @Test
    void skippedPrevalidationTravelsWithTheCasOnlyAndChangesNoVerdict() {
        table.storing(PREPARED_AT_4).answering(MutationOutcome.Acknowledged::new, DISPATCHING_AT_5);
        KeeperMapAuthority<AuthorityRecord> skipping = authority(MutationPrevalidation.SKIPPED);
        SlotWrite.Verified<AuthorityRecord> verified = assertInstanceOf(
                SlotWrite.Verified.class,
                skipping.compareAndSwap(new SlotVersion<AuthorityRecord>(PREPARED, 4), DISPATCHING));
        assertTrue(verified.dispatchPermit().isPresent());
        assertEquals(
                Map.of(
                        ServerSetting.KEEPER_MAP_STRICT_MODE,
                        "1",
                        ServerSetting.INSERT_KEEPER_MAX_RETRIES,
                        "0",
                        ServerSetting.VALIDATE_MUTATION_QUERY,
                        "0"),
                table.mutationContexts.get(0).settings());

        FakeControlTable fresh = new FakeControlTable();
        fresh.answering(
                MutationOutcome.Acknowledged::new, new VersionedRow(AuthorityCodecV1.INSTANCE.encode(PREPARED), 0));
        SqlControlStore.authority(new TableRef("dpone_c_x", "a"), fresh, fresh, p -> p, MutationPrevalidation.SKIPPED)
                .createIfAbsent(PREPARED);
        assertEquals(
                Map.of(ServerSetting.KEEPER_MAP_STRICT_MODE, "1", ServerSetting.INSERT_KEEPER_MAX_RETRIES, "0"),
                fresh.mutationContexts.get(0).settings(),
                "an INSERT is not a mutation: nothing to skip");
    }

    @Test
    void acknowledgedNoOpIsAZeroRowConflict() {
        table.storing(PREPARED_AT_4).answering(MutationOutcome.Acknowledged::new, null);
        assertEquals(new SlotWrite.Conflict<>(ConflictReason.ZERO_ROW_NO_OP), dispatch());
        assertEquals(1, table.mutations());
    }

    @Test
    void acknowledgedButForeignOrJumpedPostReadIsAConflict() {
        AuthorityRow written = DISPATCHING_AT_5.row();
        AuthorityRow foreign = new AuthorityRow(
                written.targetKey(),
                written.operationId(),
                "e".repeat(32),
                written.phase(),
                written.dispatchEpoch(),
                written.payload(),
                written.payloadSha256());
        table.storing(PREPARED_AT_4).answering(MutationOutcome.Acknowledged::new, new VersionedRow(foreign, 5));
        assertEquals(new SlotWrite.Conflict<>(ConflictReason.FOREIGN_RECORD), dispatch());
        table.answering(MutationOutcome.Acknowledged::new, new VersionedRow(written, 6));
        assertEquals(new SlotWrite.Conflict<>(ConflictReason.UNEXPECTED_VERSION_JUMP), dispatch());
        assertEquals(2, table.mutations(), "one per call");
    }

    @Test
    void acknowledgedButMismatchedOrMissingPostReadIsUnknown() {
        AuthorityRow written = DISPATCHING_AT_5.row();
        AuthorityRow changed = new AuthorityRow(
                written.targetKey(),
                written.operationId(),
                written.fenceToken(),
                written.phase(),
                BigInteger.TEN,
                written.payload(),
                written.payloadSha256());
        table.storing(PREPARED_AT_4).answering(MutationOutcome.Acknowledged::new, new VersionedRow(changed, 5));
        assertEquals(new SlotWrite.Unknown<>(UnknownReason.POST_READ_MISMATCH), dispatch());
        assertEquals(1, table.mutations());

        FakeControlTable unreadable = new FakeControlTable()
                .readsAnswer(new ReadOutcome.Failed(new ReadOutcome.ReadFailure(
                        ReadOutcome.ReadFailure.Kind.NO_RESPONSE, Optional.empty(), "timeout")));
        KeeperMapAuthority<AuthorityRecord> blind = SqlControlStore.authority(
                new TableRef("dpone_c_x", "a"), unreadable, unreadable, purpose -> purpose + "-1");
        assertEquals(
                new SlotWrite.Unknown<>(UnknownReason.POST_READ_FAILED),
                blind.compareAndSwap(new SlotVersion<AuthorityRecord>(PREPARED, 4), DISPATCHING));
        assertEquals(1, unreadable.mutations());
        FakeControlTable empty = new FakeControlTable();
        assertEquals(
                new SlotWrite.Unknown<>(UnknownReason.POST_READ_FAILED),
                SqlControlStore.authority(new TableRef("dpone_c_x", "a"), empty, empty, p -> p)
                        .createIfAbsent(PREPARED),
                "an acknowledged create whose row cannot be read back");
        assertEquals(1, empty.mutations());
    }

    @Test
    void aDuplicateWorkersWinningRowAtTheNextVersionMeansThisUpdateMatchedNothing() {
        io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken otherToken =
                io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken.issue(
                        OPERATION, io.dpone.clickhouse.cluster.contract.ddl.DdlAction.EXCHANGE, 1, seeded(999));
        AuthorityRecord winner = new AuthorityRecord(
                TARGET_KEY,
                OPERATION,
                FENCE,
                AuthorityPhase.DISPATCHING,
                1,
                payload(OLD, io.dpone.clickhouse.cluster.contract.authority.DdlBinding.dispatched(otherToken), null));
        table.storing(PREPARED_AT_4)
                .answering(
                        MutationOutcome.Acknowledged::new,
                        new VersionedRow(AuthorityCodecV1.INSTANCE.encode(winner), 5));
        assertEquals(new SlotWrite.Conflict<>(ConflictReason.ZERO_ROW_NO_OP), dispatch());
        assertEquals(1, table.mutations());
    }

    @Test
    void strictConflictsAreKeyExistsForCreateAndVersionConflictForCas() {
        table.answering(id -> rejected(id, 999, "Coordination::Exception: Node exists (KEEPER_EXCEPTION)"), null);
        SlotWrite.Conflict<AuthorityRecord> exists =
                assertInstanceOf(SlotWrite.Conflict.class, authority().createIfAbsent(PREPARED));
        assertEquals(ConflictReason.KEY_EXISTS, exists.reason());
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT, exists.code());
        table.answering(id -> rejected(id, 999, "Coordination::Exception: Bad version (KEEPER_EXCEPTION)"), null);
        assertEquals(new SlotWrite.Conflict<>(ConflictReason.VERSION_CONFLICT), dispatch());
        assertEquals(2, table.mutations());
        assertEquals(0, table.reads, "a refusal needs no post-read");
    }

    @Test
    void fatalRefusalIsAConflictWithoutPermit() {
        table.answering(id -> rejected(id, 497, "Not enough privileges"), null);
        assertEquals(new SlotWrite.Conflict<>(ConflictReason.REFUSED), dispatch());
        assertEquals(
                new SlotWrite.Conflict<>(ConflictReason.REFUSED), authority().createIfAbsent(PREPARED));
        assertEquals(2, table.mutations());
    }

    @Test
    void ambiguousAnswersAreUnknownEvenWhenTheRowIsVisibleAndAreNeverRepeated() {
        table.storing(PREPARED_AT_4)
                .answering(
                        id -> new MutationOutcome.Ambiguous(id, AmbiguityCause.RESPONSE_LOST, Optional.empty(), "lost"),
                        DISPATCHING_AT_5);
        SlotWrite.Unknown<AuthorityRecord> lost = assertInstanceOf(SlotWrite.Unknown.class, dispatch());
        assertEquals(UnknownReason.RESPONSE_LOST, lost.reason());
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN, lost.code());
        assertEquals(1, table.mutations());
        assertEquals(0, table.reads, "no post-read can turn a lost response into a permit");

        ServerError sessionKilled = ServerError.fromRaw(999, "Coordination::Exception: Session was killed");
        table.answering(
                id -> new MutationOutcome.Ambiguous(
                        id, AmbiguityCause.SERVER_ERROR_AMBIGUOUS, Optional.of(sessionKilled), "killed"),
                null);
        assertEquals(
                new SlotWrite.Unknown<>(UnknownReason.AMBIGUOUS_SERVER_ERROR),
                authority().createIfAbsent(PREPARED));
        for (AmbiguityCause cause : AmbiguityCause.values()) {
            table.answering(id -> new MutationOutcome.Ambiguous(id, cause, Optional.empty(), "x"), null);
            assertInstanceOf(SlotWrite.Unknown.class, dispatch(), cause.name());
        }
        assertEquals(2 + AmbiguityCause.values().length, table.mutations());
    }

    @Test
    void notSentIsAConflictFreeTransportFailure() {
        table.answering(id -> new MutationOutcome.NotSent(id, "refused"), null);
        SlotWrite.Conflict<AuthorityRecord> notSent = assertInstanceOf(SlotWrite.Conflict.class, dispatch());
        assertEquals(ConflictReason.NOT_SENT, notSent.reason());
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED, notSent.code());
        assertEquals(1, table.mutations());
    }

    @Test
    void refusedTransitionsSendNothing() {
        AuthorityRecord committed = record(AuthorityPhase.COMMITTED);
        assertEquals(
                new SlotWrite.Conflict<>(ConflictReason.WRITE_NOT_ALLOWED),
                authority().compareAndSwap(new SlotVersion<AuthorityRecord>(PREPARED, 4), committed),
                "PREPARED cannot skip to COMMITTED");
        assertEquals(
                new SlotWrite.Conflict<>(ConflictReason.WRITE_NOT_ALLOWED),
                authority().createIfAbsent(DISPATCHING),
                "create only writes PREPARED at epoch 0");
        assertEquals(0, table.mutations());
        assertEquals(0, table.reads);
    }

    @Test
    void everyMutationGetsAFreshQueryId() {
        table.storing(PREPARED_AT_4).answering(MutationOutcome.Acknowledged::new, null);
        KeeperMapAuthority<AuthorityRecord> authority = authority();
        authority.compareAndSwap(new SlotVersion<AuthorityRecord>(PREPARED, 4), DISPATCHING);
        authority.compareAndSwap(new SlotVersion<AuthorityRecord>(PREPARED, 4), DISPATCHING);
        assertEquals(
                2,
                table.mutationContexts.stream().map(c -> c.queryId()).distinct().count());
    }
}
