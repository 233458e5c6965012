package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.error.ConnectionFault;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.util.Optional;

/** The rows of a read, or why it failed. */
public sealed interface ReadOutcome {
    record Rows(ReadResult result) implements ReadOutcome {
        public Rows {
            requireNonNull(result, "result is null");
        }
    }

    record Failed(ReadFailure failure) implements ReadOutcome {
        public Failed {
            requireNonNull(failure, "failure is null");
        }
    }

    /**
     * The rows, or a {@link DponeException} with {@link DponeErrorCode#CLICKHOUSE_CLUSTER_TRANSPORT_FAILED}
     * carrying only the redacted failure summary.
     */
    default ReadResult rowsOrThrow() {
        if (this instanceof Rows rows) {
            return rows.result();
        }
        ReadFailure failure = ((Failed) this).failure();
        throw new DponeException(DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED, failure.describe());
    }

    /**
     * Why a read failed; never holds SQL, hosts or credentials.
     *
     * @param clientFault what the client saw of the connection itself (refused, unknown host, TLS), when it failed there
     */
    record ReadFailure(
            Kind kind, Optional<ServerError> serverError, String summary, Optional<ConnectionFault> clientFault) {
        public enum Kind {
            NOT_SENT,
            SERVER_ERROR,
            NO_RESPONSE
        }

        public ReadFailure {
            requireNonNull(kind, "kind is null");
            requireNonNull(serverError, "serverError is null");
            requireNonNull(summary, "summary is null");
            requireNonNull(clientFault, "clientFault is null");
            if ((kind == Kind.SERVER_ERROR) != serverError.isPresent()) {
                throw new IllegalArgumentException("a server error is present exactly for SERVER_ERROR");
            }
            if (kind == Kind.SERVER_ERROR && clientFault.isPresent()) {
                throw new IllegalArgumentException("a server answered: the client saw no connection fault");
            }
        }

        /** A failure without a connection fault. */
        public ReadFailure(Kind kind, Optional<ServerError> serverError, String summary) {
            this(kind, serverError, summary, Optional.empty());
        }

        public static ReadFailure server(ServerError error) {
            return new ReadFailure(Kind.SERVER_ERROR, Optional.of(error), error.summary());
        }

        /**
         * The connection could not be used at all: the client's own fault, or a server answer that
         * proves one (authentication refused, or an HTTP error that is not ClickHouse's).
         */
        public Optional<ConnectionFault> connectionFault() {
            return clientFault.or(() -> serverError.flatMap(error -> ConnectionFault.ofServerCode(error.code())));
        }

        /** Reads have no effects: anything but a definitive refusal may be attempted again. */
        public boolean retryable() {
            return serverError
                    .map(error -> error.classification().readRetryable())
                    .orElse(true);
        }

        public String describe() {
            return "read failed: " + kind
                    + serverError
                            .map(e -> " code " + e.code() + " "
                                    + e.classification().name())
                            .orElse("")
                    + (summary.isEmpty() ? "" : ": " + summary);
        }
    }
}
