package io.dpone.testkit.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultInjectingTransportTest {
    private static final SqlStatement CAS =
            new SqlStatement(StatementKind.KEEPER_MAP_CAS, "ALTER TABLE t UPDATE x = 1 WHERE k = 'a'");
    private static final SqlStatement EXCHANGE =
            new SqlStatement(StatementKind.DDL_EXCHANGE, "EXCHANGE TABLES a.b AND a.c ON CLUSTER c");
    private static final SqlStatement READ = SqlStatement.read("SELECT 1");

    /** An in-memory server: records every statement it "executes". */
    private static final class RecordingServer implements OneShotMutationTransport, ReadTransport {
        final List<String> executed = new ArrayList<>();

        @Override
        public MutationOutcome execute(SqlStatement statement, QueryContext context) {
            executed.add(context.queryId());
            return new MutationOutcome.Acknowledged(context.queryId());
        }

        @Override
        public ReadOutcome read(SqlStatement statement, QueryContext context) {
            executed.add(context.queryId());
            return new ReadOutcome.Rows(new ReadResult(List.of("x"), List.of(List.of(1L))));
        }
    }

    private final RecordingServer server = new RecordingServer();
    private final List<Duration> sleeps = new ArrayList<>();

    private FaultInjectingTransport wrap(FaultPlan plan) {
        return new FaultInjectingTransport(server, server, plan, sleeps::add);
    }

    @Test
    void lostResponseExecutesOnceAndReportsAmbiguous() {
        FaultInjectingTransport transport = wrap(FaultPlan.builder(1)
                .always(StatementKind.KEEPER_MAP_CAS, TransportFault.LOSE_RESPONSE_AFTER_EXECUTE)
                .build());
        MutationOutcome outcome = transport.execute(CAS, QueryContext.keeperMapMutation("cas-1"));
        assertEquals(
                MutationOutcome.AmbiguityCause.RESPONSE_LOST,
                assertInstanceOf(MutationOutcome.Ambiguous.class, outcome).cause());
        assertEquals(List.of("cas-1"), server.executed);
        assertEquals(1, transport.counter().sends("cas-1"));
        assertEquals(List.of(new MutationOutcome.Acknowledged("cas-1")), transport.hiddenOutcomes());
    }

    @Test
    void failBeforeSendNeverReachesTheServer() {
        FaultInjectingTransport transport = wrap(FaultPlan.builder(1)
                .always(StatementKind.DDL_EXCHANGE, TransportFault.FAIL_BEFORE_SEND)
                .build());
        assertInstanceOf(MutationOutcome.NotSent.class, transport.execute(EXCHANGE, QueryContext.of("ddl-1")));
        assertEquals(List.of(), server.executed);
        assertEquals(1, transport.counter().invocations("ddl-1"));
        assertEquals(0, transport.counter().sends("ddl-1"));
    }

    @Test
    void delayWaitsThroughTheInjectedSleeper() {
        FaultInjectingTransport transport = wrap(FaultPlan.builder(1)
                .always(StatementKind.KEEPER_MAP_CAS, TransportFault.DELAY)
                .delay(Duration.ofSeconds(3))
                .build());
        assertInstanceOf(MutationOutcome.Acknowledged.class, transport.execute(CAS, QueryContext.of("cas-2")));
        assertEquals(List.of(Duration.ofSeconds(3)), sleeps);
        assertEquals(1, transport.counter().sends("cas-2"));
    }

    @Test
    void repeatSendIsVisibleInTheCounter() {
        FaultInjectingTransport transport = wrap(FaultPlan.builder(1)
                .always(StatementKind.KEEPER_MAP_CAS, TransportFault.REPEAT_SEND)
                .build());
        transport.execute(CAS, QueryContext.of("cas-3"));
        assertEquals(List.of("cas-3", "cas-3"), server.executed);
        assertEquals(2, transport.counter().sends("cas-3"));
        assertEquals(1, transport.counter().invocations("cas-3"));
    }

    @Test
    void faultsAreChosenByKind() {
        FaultInjectingTransport transport = wrap(FaultPlan.builder(1)
                .always(StatementKind.DDL_EXCHANGE, TransportFault.FAIL_BEFORE_SEND)
                .build());
        assertInstanceOf(MutationOutcome.Acknowledged.class, transport.execute(CAS, QueryContext.of("cas-4")));
        assertInstanceOf(ReadOutcome.Rows.class, transport.read(READ, QueryContext.of("r-1")));
        assertEquals(List.of(), transport.injected());
    }

    @Test
    void readFaults() {
        FaultInjectingTransport lost = wrap(FaultPlan.builder(1)
                .always(StatementKind.READ, TransportFault.LOSE_RESPONSE_AFTER_EXECUTE)
                .build());
        ReadOutcome.Failed failed = assertInstanceOf(ReadOutcome.Failed.class, lost.read(READ, QueryContext.of("r-2")));
        assertEquals(ReadOutcome.ReadFailure.Kind.NO_RESPONSE, failed.failure().kind());
        assertEquals(1, lost.counter().sends("r-2"));
        FaultInjectingTransport refused = wrap(FaultPlan.builder(1)
                .always(StatementKind.READ, TransportFault.FAIL_BEFORE_SEND)
                .build());
        assertEquals(
                ReadOutcome.ReadFailure.Kind.NOT_SENT,
                assertInstanceOf(ReadOutcome.Failed.class, refused.read(READ, QueryContext.of("r-3")))
                        .failure()
                        .kind());
    }

    @Test
    void sameSeedSameFaultsOtherSeedOtherFaults() {
        assertEquals(sequence(99), sequence(99));
        assertNotEquals(sequence(99), sequence(100));
        long lost = sequence(99).stream()
                .filter(f -> f == TransportFault.LOSE_RESPONSE_AFTER_EXECUTE)
                .count();
        assertEquals(true, lost > 20 && lost < 80, "about half of 100 calls: " + lost);
    }

    @Test
    void rejectsBadProbabilities() {
        assertThrows(
                IllegalArgumentException.class,
                () -> FaultPlan.builder(1).withProbability(StatementKind.READ, TransportFault.DELAY, 0));
        assertThrows(
                IllegalArgumentException.class,
                () -> FaultPlan.builder(1).withProbability(StatementKind.READ, TransportFault.DELAY, 1.5));
    }

    private static List<TransportFault> sequence(long seed) {
        FaultPlan plan = FaultPlan.builder(seed)
                .withProbability(StatementKind.KEEPER_MAP_CAS, TransportFault.LOSE_RESPONSE_AFTER_EXECUTE, 0.5)
                .build();
        List<TransportFault> faults = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            faults.add(plan.next(StatementKind.KEEPER_MAP_CAS));
        }
        return faults;
    }
}
