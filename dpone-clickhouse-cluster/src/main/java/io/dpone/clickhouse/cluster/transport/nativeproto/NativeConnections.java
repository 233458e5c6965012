package io.dpone.clickhouse.cluster.transport.nativeproto;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Direct native connections to one member, for adapters that need more than one statement or a
 * batched insert on a connection (external mode's member staging). The same driver set-up as the
 * one-shot transports (settings, compression off, the {@code Bool} alias), and the same
 * classification of failures: a failure while connecting is "not sent", a server answer is
 * classified by its code in {@code kind}'s scope, anything else after send is ambiguous. Nothing
 * here retries. Thread-safe.
 */
public final class NativeConnections {
    private final NativeDriver driver;

    private NativeConnections(NativeDriver driver) {
        this.driver = driver;
    }

    /** Loads the driver from the class path; CAPABILITY_MISSING when it is not there. */
    public static NativeConnections load() {
        return new NativeConnections(NativeDriver.load());
    }

    /** A fresh connection whose every query carries {@code context}'s id and settings. */
    public Connection open(ClickHouseEndpoint endpoint, QueryContext context) throws SQLException {
        return driver.connect(requireNonNull(endpoint, "endpoint is null"), requireNonNull(context, "context is null"));
    }

    /** A failure raised while {@link #open} connected: provably nothing was sent. */
    public static MutationOutcome notConnected(String queryId, Throwable failure) {
        return FailureMapping.fromThrowable(queryId, failure, true);
    }

    /** A failure after a statement of {@code kind} was sent on an open connection. */
    public static MutationOutcome afterSend(String queryId, StatementKind kind, Throwable failure) {
        if (failure instanceof SQLException sql) {
            return NativeFailures.mutation(queryId, kind, sql);
        }
        return FailureMapping.fromThrowable(queryId, failure, false);
    }

    /** A read failure: connecting ({@code connectPhase}) or after the query was sent. */
    public static ReadFailure readFailure(Throwable failure, boolean connectPhase) {
        if (!connectPhase && failure instanceof SQLException sql) {
            return NativeFailures.read(sql);
        }
        return FailureMapping.readFailure(failure, connectPhase);
    }
}
