package io.dpone.clickhouse.cluster.transport.nativeproto;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Maps clickhouse-native-jdbc failures. The driver raises a server exception as an
 * {@link SQLException} whose {@link SQLException#getErrorCode()} is the server code and whose
 * message starts with {@code Code: N.}; anything else (I/O, protocol) is a client-side failure.
 */
final class NativeFailures {
    private NativeFailures() {
    }

    static MutationOutcome mutation(String queryId, SQLException failure) {
        return serverError(failure)
                .map(error -> FailureMapping.fromServerError(queryId, error))
                .orElseGet(() -> FailureMapping.fromThrowable(queryId, failure, false));
    }

    static ReadFailure read(SQLException failure) {
        return serverError(failure).map(ReadFailure::server)
                .orElseGet(() -> FailureMapping.readFailure(failure, false));
    }

    private static Optional<ServerError> serverError(SQLException failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getErrorCode() > 0
                    && t.getClass().getName().startsWith("com.github.housepower")) {
                return Optional.of(ServerError.fromRaw(sql.getErrorCode(), sql.getMessage()));
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return Optional.empty();
    }
}
