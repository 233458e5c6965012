package io.dpone.clickhouse.cluster.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.Permits;
import io.dpone.clickhouse.cluster.contract.ContractFixtures;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.QueueLookup.Reason;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.DdlQueryParser;
import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.QueueStatements;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Dispatch and queue binding against fake transports: every binding rule, offline. */
class DdlDispatchAdapterTest {
    static final String CLUSTER = "c1";
    static final String TOKEN = "dpone-ch-v1." + "a".repeat(64) + ".exchange.1." + "b".repeat(32);
    static final TableRef TARGET = new TableRef("pub", "events");
    static final TableRef CANDIDATE = new TableRef("pub", "events__cand");
    static final String EXCHANGE =
            DdlStatements.exchange(CLUSTER, TARGET, CANDIDATE).sql();
    static final ExpectedDdl EXPECTED = new ExpectedDdl(
            DdlStatementType.EXCHANGE_TABLES,
            CLUSTER,
            "pub",
            Optional.of("events"),
            Optional.of("events__cand"),
            TOKEN);

    private final List<SqlStatement> reads = new ArrayList<>();
    private final List<QueryContext> sent = new ArrayList<>();

    private DdlDispatchAdapter adapter(ReadOutcome answer) {
        return new DdlDispatchAdapter(
                (statement, context) -> {
                    reads.add(statement);
                    return answer;
                },
                (statement, context) -> {
                    sent.add(context);
                    return new MutationOutcome.Rejected(context.queryId(), ServerError.fromRaw(392, "disabled"));
                },
                Sha256ProtocolDigests.INSTANCE,
                () -> "read-1",
                60);
    }

    static ReadOutcome lookupRows(List<List<Object>> rows) {
        return new ReadOutcome.Rows(new ReadResult(
                List.of(QueueStatements.ENTRY, QueueStatements.QUERIES, QueueStatements.LOG_COMMENTS), rows));
    }

    static List<Object> entry(String name, String... queries) {
        return List.of(name, List.of(queries), List.of(TOKEN));
    }

    @Test
    void exactlyOneMatchingEntryIsBoundWithItsDigests() {
        QueueLookup lookup = adapter(lookupRows(List.of(entry("query-0000000007", EXCHANGE))))
                .lookup(EXPECTED);
        QueueLookup.Bound bound = assertInstanceOf(QueueLookup.Bound.class, lookup);
        assertEquals("query-0000000007", bound.entry().entry());
        assertEquals(CLUSTER, bound.entry().cluster());
        assertEquals(TOKEN, bound.entry().correlationToken());
        assertEquals(
                Sha256ProtocolDigests.INSTANCE.ddlQuery(EXCHANGE), bound.entry().queryDigest());
        assertEquals(DdlQueryParser.normalizedDigest(EXCHANGE).orElseThrow(), bound.normalizedQueryDigest());
        assertEquals(QueueStatements.lookupByToken(CLUSTER, TOKEN), reads.get(0), "lookup by exact cluster and token");
    }

    @Test
    void twoEntriesWithTheTokenAreUnknownAndTheNewestIsNeverSelected() {
        QueueLookup lookup = adapter(
                        lookupRows(List.of(entry("query-0000000007", EXCHANGE), entry("query-0000000008", EXCHANGE))))
                .lookup(EXPECTED);
        assertEquals(new QueueLookup.Unknown(Reason.MULTIPLE_ENTRIES), lookup);
    }

    @Test
    void noEntryIsUnknownNotNotEnqueued() {
        assertEquals(
                new QueueLookup.Unknown(Reason.NO_ENTRY),
                adapter(lookupRows(List.of())).lookup(EXPECTED));
    }

    @Test
    void anEntryWithTwoQueryTextsIsInconsistent() {
        String rename = DdlStatements.rename(CLUSTER, CANDIDATE, TARGET).sql();
        assertEquals(
                new QueueLookup.Unknown(Reason.INCONSISTENT_QUERY),
                adapter(lookupRows(List.of(entry("query-0000000007", EXCHANGE, rename))))
                        .lookup(EXPECTED));
    }

    @Test
    void aQueryForAnotherStatementTableDatabaseOrClusterIsAMismatch() {
        List<String> others = List.of(
                DdlStatements.rename(CLUSTER, CANDIDATE, TARGET).sql(),
                DdlStatements.exchange(CLUSTER, new TableRef("pub", "other"), CANDIDATE)
                        .sql(),
                DdlStatements.exchange(CLUSTER, TARGET, new TableRef("pub", "other"))
                        .sql(),
                DdlStatements.exchange(CLUSTER, new TableRef("pub2", "events"), new TableRef("pub2", "events__cand"))
                        .sql(),
                DdlStatements.exchange("c2", TARGET, CANDIDATE).sql(),
                DdlStatements.dropIfExists(CLUSTER, CANDIDATE).sql());
        for (String other : others) {
            assertEquals(
                    new QueueLookup.Unknown(Reason.QUERY_MISMATCH),
                    adapter(lookupRows(List.<List<Object>>of(entry("query-0000000007", other))))
                            .lookup(EXPECTED),
                    other);
        }
    }

    @Test
    void anUnparseableQueryIsUnknown() {
        assertEquals(
                new QueueLookup.Unknown(Reason.QUERY_UNPARSEABLE),
                adapter(lookupRows(List.of(entry("query-0000000007", "SELECT 1"))))
                        .lookup(EXPECTED));
    }

    @Test
    void anUnreadableOrMalformedQueueIsUnknown() {
        ReadOutcome failed = new ReadOutcome.Failed(
                ReadOutcome.ReadFailure.server(ServerError.fromRaw(49, "DDL background thread is not initialized")));
        assertEquals(
                new QueueLookup.Unknown(Reason.QUEUE_UNREADABLE),
                adapter(failed).lookup(EXPECTED));
        List<Object> malformed = new ArrayList<>(entry("query-0000000007", EXCHANGE));
        malformed.set(1, "not an array");
        assertEquals(
                new QueueLookup.Unknown(Reason.MALFORMED_ROWS),
                adapter(lookupRows(List.of(malformed))).lookup(EXPECTED));
        assertEquals(
                new QueueLookup.Unknown(Reason.MALFORMED_ROWS),
                adapter(lookupRows(List.of(entry("query-0000000007", EXCHANGE), entry("query-0000000007"))))
                        .lookup(EXPECTED),
                "a repeated entry name or an entry without a query is not a grouped lookup");
    }

    private static final Digest OP = new Digest("a".repeat(64));

    private static DispatchPermit permit(DdlAction action) {
        return Permits.issue(ContractFixtures.TARGET_KEY, OP, ContractFixtures.FENCE, 1, 8, action);
    }

    private DdlDispatchAdapter answering(MutationOutcome answer) {
        return new DdlDispatchAdapter(
                (statement, context) -> lookupRows(List.of()),
                (statement, context) -> {
                    sent.add(context);
                    sentStatements.add(statement);
                    return answer;
                },
                Sha256ProtocolDigests.INSTANCE,
                () -> "ddl-1",
                60);
    }

    private final List<SqlStatement> sentStatements = new ArrayList<>();

    static List<FencedDdl> fencedStatements() {
        return List.of(
                new FencedDdl.Exchange(CLUSTER, TARGET, CANDIDATE),
                new FencedDdl.Rename(CLUSTER, CANDIDATE, TARGET),
                new FencedDdl.DropCandidate(CLUSTER, CANDIDATE));
    }

    @Test
    void aPermittedDispatchIsOneCallWithTheRecordsTokenAndExactlyTheFourSettings() {
        DispatchPermit permit = permit(DdlAction.EXCHANGE);
        DdlDispatch dispatch = answering(new MutationOutcome.Acknowledged("ddl-1"))
                .dispatch(new FencedDdl.Exchange(CLUSTER, TARGET, CANDIDATE), permit);
        assertInstanceOf(DdlDispatch.Sent.class, dispatch);
        assertEquals(1, sent.size());
        assertEquals(
                Map.of(
                        ServerSetting.SKIP_UNAVAILABLE_SHARDS,
                        "0",
                        ServerSetting.DISTRIBUTED_DDL_OUTPUT_MODE,
                        "throw",
                        ServerSetting.DISTRIBUTED_DDL_TASK_TIMEOUT,
                        "60",
                        ServerSetting.LOG_COMMENT,
                        permit.token().value()),
                sent.get(0).settings());
        assertEquals(DdlStatements.exchange(CLUSTER, TARGET, CANDIDATE), sentStatements.get(0));
        assertTrue(permit.spent());
    }

    @Test
    void aSpentPermitIsRefusedWithoutSendingAnything() {
        DispatchPermit permit = permit(DdlAction.EXCHANGE);
        DdlDispatchAdapter adapter = answering(new MutationOutcome.Acknowledged("ddl-1"));
        adapter.dispatch(new FencedDdl.Exchange(CLUSTER, TARGET, CANDIDATE), permit);
        assertEquals(
                new DdlDispatch.PermitRefused(DdlDispatch.Refusal.ALREADY_SPENT),
                adapter.dispatch(new FencedDdl.Exchange(CLUSTER, TARGET, CANDIDATE), permit));
        assertEquals(1, sent.size(), "the second use sent nothing");
    }

    /** Issue 18, finding 2: the age is checked immediately before the send. */
    @Test
    void anExpiredPermitIsRefusedWithoutSendingOrSpending() {
        DispatchPermit stale =
                Permits.expired(ContractFixtures.TARGET_KEY, OP, ContractFixtures.FENCE, 1, 8, DdlAction.EXCHANGE);
        assertEquals(
                new DdlDispatch.PermitRefused(DdlDispatch.Refusal.EXPIRED),
                answering(new MutationOutcome.Acknowledged("ddl-1"))
                        .dispatch(new FencedDdl.Exchange(CLUSTER, TARGET, CANDIDATE), stale));
        assertTrue(sent.isEmpty());
        assertFalse(stale.spent());
    }

    @Test
    void aPermitForAnotherActionIsRefusedWithoutSendingOrSpending() {
        DispatchPermit cleanup = permit(DdlAction.DROP);
        assertEquals(
                new DdlDispatch.PermitRefused(DdlDispatch.Refusal.ACTION_MISMATCH),
                answering(new MutationOutcome.Acknowledged("ddl-1"))
                        .dispatch(new FencedDdl.Exchange(CLUSTER, TARGET, CANDIDATE), cleanup));
        assertTrue(sent.isEmpty());
        assertFalse(cleanup.spent());
    }

    /** Issue 13.1: 57, 60, 497 and a timeout on EXCHANGE, RENAME and DROP are resolved through the queue. */
    @Test
    void noSentOutcomeOfAnyFencedStatementIsNotEnqueued() {
        for (FencedDdl ddl : fencedStatements()) {
            for (int code : new int[] {57, 60, 497}) {
                ServerError answered =
                        ServerError.fromRaw(code, "Code: " + code + ". There was an error on [host:9000]");
                MutationOutcome transport = FailureMapping.fromServerError(
                        "ddl-1", answered, ddl.render().kind());
                assertInstanceOf(MutationOutcome.Ambiguous.class, transport, ddl.action() + " " + code);
                DdlDispatch.Sent sentOutcome = assertInstanceOf(
                        DdlDispatch.Sent.class,
                        answering(transport).dispatch(ddl, permit(ddl.action())),
                        ddl.action() + " " + code);
                DdlDispatch.InitiatorAnswer.ServerErrorAnswer error =
                        assertInstanceOf(DdlDispatch.InitiatorAnswer.ServerErrorAnswer.class, sentOutcome.answer());
                assertEquals(code, error.error().code());
                // Even a double that still answers a definitive rejection cannot make it "not enqueued".
                assertInstanceOf(
                        DdlDispatch.Sent.class,
                        answering(new MutationOutcome.Rejected("ddl-1", ServerError.fromRaw(code, "x")))
                                .dispatch(ddl, permit(ddl.action())));
            }
            MutationOutcome timeout = new MutationOutcome.Ambiguous(
                    "ddl-1", MutationOutcome.AmbiguityCause.TIMEOUT, Optional.empty(), "read timed out");
            DdlDispatch.Sent timedOut =
                    assertInstanceOf(DdlDispatch.Sent.class, answering(timeout).dispatch(ddl, permit(ddl.action())));
            assertInstanceOf(DdlDispatch.InitiatorAnswer.NoAnswer.class, timedOut.answer());
        }
    }

    @Test
    void onlyAProvenUnsentRequestIsNotSent() {
        assertInstanceOf(
                DdlDispatch.NotSent.class,
                answering(new MutationOutcome.NotSent("ddl-1", "connection refused"))
                        .dispatch(new FencedDdl.Rename(CLUSTER, CANDIDATE, TARGET), permit(DdlAction.RENAME)));
    }

    @Test
    void setupStatementsNeedATokenOfTheirOwnActionAndNeverAPermitAction() {
        DdlCorrelationToken stage = new DdlCorrelationToken(OP, DdlAction.STAGE, 0, "0123456789abcdef0123456789abcdef");
        SetupDdl create = new SetupDdl.CandidateCreate(CLUSTER, CANDIDATE, new CandidateDefinition.LikeTarget(TARGET));
        DdlDispatchAdapter adapter = answering(new MutationOutcome.Acknowledged("ddl-1"));
        assertInstanceOf(DdlDispatch.Sent.class, adapter.dispatchSetup(create, stage));
        assertEquals(stage.value(), sent.get(0).logComment().orElseThrow());
        DdlCorrelationToken exchange =
                new DdlCorrelationToken(OP, DdlAction.EXCHANGE, 0, "0123456789abcdef0123456789abcdef");
        assertEquals(
                new DdlDispatch.PermitRefused(DdlDispatch.Refusal.TOKEN_ACTION_MISMATCH),
                adapter.dispatchSetup(create, exchange));
        assertEquals(1, sent.size());
    }
}
