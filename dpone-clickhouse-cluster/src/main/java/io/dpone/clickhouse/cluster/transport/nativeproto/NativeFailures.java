package io.dpone.clickhouse.cluster.transport.nativeproto;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Maps clickhouse-native-jdbc failures. The driver raises a server exception as an
 * {@link SQLException} whose {@link SQLException#getErrorCode()} is the server code and whose
 * message starts with {@code Code: N.}; anything else (I/O, protocol) is a client-side failure.
 */
final class NativeFailures {
    private NativeFailures() {}

    static MutationOutcome mutation(String queryId, StatementKind kind, SQLException failure) {
        return serverError(failure)
                .map(error -> FailureMapping.fromServerError(queryId, error, kind))
                .orElseGet(() -> FailureMapping.fromThrowable(queryId, failure, false));
    }

    static ReadFailure read(SQLException failure) {
        return serverError(failure)
                .map(ReadFailure::server)
                .orElseGet(() -> FailureMapping.readFailure(failure, false));
    }

    /**
     * A server exception is the driver's {@code ClickHouseSQLException} built from the protocol's
     * exception packet. The driver also wraps its own client-side failures (which reuse server
     * code numbers) into that type, with its {@code ClickHouseException} or an I/O error as cause;
     * those are never taken for a server answer, so they stay "not sent" or ambiguous.
     */
    private static Optional<ServerError> serverError(SQLException failure) {
        // the driver wraps the packet's exception (code > 0) in another one (code -2)
        for (Throwable t = failure; t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof SQLException sql
                    && sql.getErrorCode() > 0
                    && t.getClass().getName().equals(SQL_EXCEPTION)
                    && !hasClientSideCause(t)) {
                return Optional.of(ServerError.fromRaw(sql.getErrorCode(), sql.getMessage()));
            }
        }
        return Optional.empty();
    }

    private static boolean hasClientSideCause(Throwable failure) {
        for (Throwable t = failure.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof java.io.IOException || isDriverClientException(t.getClass())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isDriverClientException(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().equals(CLIENT_EXCEPTION)) {
                return true;
            }
        }
        return false;
    }

    private static final String SQL_EXCEPTION = "com.github.housepower.exception.ClickHouseSQLException";
    private static final String CLIENT_EXCEPTION = "com.github.housepower.exception.ClickHouseException";
}
