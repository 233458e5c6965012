package io.dpone.clickhouse.cluster.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryingReadTransportTest {
    private static final SqlStatement READ = SqlStatement.read("SELECT 1");
    private static final QueryContext CONTEXT = QueryContext.of("r-1");
    private static final ReadOutcome ROWS = new ReadOutcome.Rows(new ReadResult(List.of("x"), List.of(List.of(1L))));
    private static final ReadOutcome LOST =
            new ReadOutcome.Failed(new ReadFailure(ReadFailure.Kind.NO_RESPONSE, Optional.empty(), "lost"));
    private static final ReadOutcome DENIED =
            new ReadOutcome.Failed(ReadFailure.server(ServerError.fromRaw(497, "denied")));

    private final List<Duration> sleeps = new ArrayList<>();
    private final ReadRetryPolicy policy = new ReadRetryPolicy(3, Duration.ofMillis(200), Duration.ofSeconds(2));

    private static final class Scripted implements io.dpone.clickhouse.cluster.port.ReadTransport {
        final Deque<ReadOutcome> answers;
        int calls;

        Scripted(ReadOutcome... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public ReadOutcome read(SqlStatement statement, QueryContext context) {
            calls++;
            return answers.size() > 1 ? answers.poll() : answers.peek();
        }
    }

    @Test
    void retriesTransientFailuresWithBackoffThroughTheSleeper() {
        Scripted delegate = new Scripted(LOST, LOST, ROWS);
        ReadOutcome outcome = new RetryingReadTransport(delegate, policy, sleeps::add).read(READ, CONTEXT);
        assertEquals(ROWS, outcome);
        assertEquals(3, delegate.calls);
        assertEquals(List.of(Duration.ofMillis(200), Duration.ofMillis(400)), sleeps);
    }

    @Test
    void stopsAtMaxAttempts() {
        Scripted delegate = new Scripted(LOST);
        ReadOutcome outcome = new RetryingReadTransport(delegate, policy, sleeps::add).read(READ, CONTEXT);
        assertInstanceOf(ReadOutcome.Failed.class, outcome);
        assertEquals(3, delegate.calls);
        assertEquals(2, sleeps.size());
    }

    @Test
    void neverRetriesDefinitiveRefusals() {
        Scripted delegate = new Scripted(DENIED);
        assertEquals(DENIED, new RetryingReadTransport(delegate, policy, sleeps::add).read(READ, CONTEXT));
        assertEquals(1, delegate.calls);
        assertEquals(List.of(), sleeps);
    }

    @Test
    void refusesMutations() {
        RetryingReadTransport transport = new RetryingReadTransport(new Scripted(ROWS), policy, sleeps::add);
        assertThrows(
                IllegalArgumentException.class,
                () -> transport.read(new SqlStatement(StatementKind.KEEPER_MAP_CAS, "ALTER TABLE t UPDATE"), CONTEXT));
    }

    @Test
    void interruptionStopsRetrying() {
        Scripted delegate = new Scripted(LOST);
        ReadOutcome outcome = new RetryingReadTransport(delegate, policy, d -> {
                    throw new InterruptedException();
                })
                .read(READ, CONTEXT);
        assertInstanceOf(ReadOutcome.Failed.class, outcome);
        assertEquals(1, delegate.calls);
        assertEquals(true, Thread.interrupted());
    }
}
