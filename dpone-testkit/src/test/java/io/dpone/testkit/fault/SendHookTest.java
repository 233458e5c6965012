package io.dpone.testkit.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.port.CandidateLoadPort;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.RowCursor;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hook and shared counter a real-cluster acceptance backend arms its faults with. */
class SendHookTest {
    private static final SqlStatement CAS =
            new SqlStatement(StatementKind.KEEPER_MAP_CAS, "ALTER TABLE t UPDATE x = 1 WHERE k = 'a'");
    private static final SqlStatement EXCHANGE =
            new SqlStatement(StatementKind.DDL_EXCHANGE, "EXCHANGE TABLES a.b AND a.c ON CLUSTER c");
    private static final SqlStatement READ = SqlStatement.read("SELECT 1");

    private static final RowCursor EMPTY = new RowCursor() {
        @Override
        public List<String> next() {
            return null;
        }

        @Override
        public long bytesRead() {
            return 0;
        }

        @Override
        public void close() {}
    };

    private final List<String> executed = new ArrayList<>();
    private final OneShotMutationTransport mutations = (statement, context) -> {
        executed.add(context.queryId());
        return new MutationOutcome.Acknowledged(context.queryId());
    };
    private final ReadTransport reads = (statement, context) -> {
        executed.add(context.queryId());
        return new ReadOutcome.Rows(new ReadResult(List.of("x"), List.of(List.of(1L))));
    };

    private static final class Recording implements SendHook {
        final List<String> events = new ArrayList<>();
        TransportFault answer = TransportFault.NONE;

        @Override
        public TransportFault beforeSend(SqlStatement statement, QueryContext context) {
            events.add("before " + statement.kind() + " " + context.queryId());
            return answer;
        }

        @Override
        public void afterSend(SqlStatement statement, QueryContext context, MutationOutcome outcome) {
            events.add("after " + context.queryId() + " " + outcome.getClass().getSimpleName());
        }
    }

    private FaultInjectingTransport wrap(CallCounter counter, SendHook hook) {
        return new FaultInjectingTransport(mutations, reads, FaultPlan.none(), duration -> {}, counter, hook);
    }

    @Test
    void theHookSeesEveryMutationBeforeAndAfterItIsSentButNoRead() {
        Recording hook = new Recording();
        FaultInjectingTransport transport = wrap(new CallCounter(), hook);
        transport.execute(CAS, QueryContext.of("cas-1"));
        transport.read(READ, QueryContext.of("r-1"));
        assertEquals(List.of("before KEEPER_MAP_CAS cas-1", "after cas-1 Acknowledged"), hook.events);
    }

    @Test
    void aFaultFromTheHookReplacesThePlanForThatCallAndTheRealAnswerStillReachesTheHook() {
        Recording hook = new Recording();
        hook.answer = TransportFault.LOSE_RESPONSE_AFTER_EXECUTE;
        FaultInjectingTransport transport = wrap(new CallCounter(), hook);
        MutationOutcome outcome = transport.execute(EXCHANGE, QueryContext.of("ddl-1"));
        assertInstanceOf(MutationOutcome.Ambiguous.class, outcome, "the caller never learns the answer");
        assertEquals(List.of("ddl-1"), executed, "sent once");
        assertEquals(List.of("before DDL_EXCHANGE ddl-1", "after ddl-1 Acknowledged"), hook.events);
        assertEquals(
                List.of(new InjectedFault(
                        1, "ddl-1", StatementKind.DDL_EXCHANGE, TransportFault.LOSE_RESPONSE_AFTER_EXECUTE)),
                transport.injected());
    }

    @Test
    void whatTheHookThrowsReachesTheCallerWithNothingSent() {
        CallCounter counter = new CallCounter();
        Error crash = new Error("worker crashed");
        FaultInjectingTransport transport = wrap(counter, new SendHook() {
            @Override
            public TransportFault beforeSend(SqlStatement statement, QueryContext context) {
                throw crash;
            }
        });
        assertSame(crash, assertThrows(Error.class, () -> transport.execute(CAS, QueryContext.of("cas-2"))));
        assertEquals(List.of(), executed);
        assertEquals(1, counter.invocations("cas-2"));
        assertEquals(0, counter.sends("cas-2"));
    }

    @Test
    void wrappersSharingACounterCountSendsPerKindAndTheBusiestMutationOnly() {
        CallCounter counter = new CallCounter();
        FaultInjectingTransport first = wrap(counter, SendHook.NONE);
        FaultInjectingTransport second = wrap(counter, SendHook.NONE);
        first.execute(CAS, QueryContext.of("cas-3"));
        second.execute(EXCHANGE, QueryContext.of("ddl-2"));
        second.read(READ, QueryContext.of("r-2"));
        second.read(READ, QueryContext.of("r-2"));
        assertEquals(1, counter.sends(StatementKind.KEEPER_MAP_CAS));
        assertEquals(1, counter.sends(StatementKind.DDL_EXCHANGE));
        assertEquals(2, counter.sends(StatementKind.READ));
        assertEquals(1, counter.maxSendsPerMutation(), "a read sent twice under one id is no one-shot violation");
        new FaultInjectingTransport(
                        mutations,
                        reads,
                        FaultPlan.builder(1)
                                .always(StatementKind.KEEPER_MAP_CAS, TransportFault.REPEAT_SEND)
                                .build(),
                        duration -> {},
                        counter,
                        SendHook.NONE)
                .execute(CAS, QueryContext.of("cas-4"));
        assertEquals(2, counter.maxSendsPerMutation(), "a mutation sent twice is");
    }

    @Test
    void everyCandidateLoadCountsAsOneSendOfItsOwn() {
        CallCounter counter = new CallCounter();
        CandidateLoadPort loader = new CountingCandidateLoader(
                (candidate, columns, rows, max, cancellation, progress) -> new LoadResult.Loaded(0, 0), counter);
        for (int load = 0; load < 2; load++) {
            loader.load(new TableRef("d", "t"), List.of("id"), EMPTY, 1, Cancellation.NEVER, ProgressListener.NONE);
        }
        assertEquals(2, counter.sends(StatementKind.CANDIDATE_LOAD));
        assertEquals(1, counter.maxSendsPerMutation());
    }
}
