package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import java.util.Optional;

/**
 * The result of exactly one transport invocation of a mutation. Callers must switch over all
 * variants; only {@link Acknowledged} says the statement succeeded, only {@link Rejected} and
 * {@link NotSent} say it did not, and {@link Ambiguous} says nothing either way.
 */
public sealed interface MutationOutcome {
    /** The client query id of the one request. */
    String queryId();

    /** The server answered success for the one request. */
    record Acknowledged(String queryId) implements MutationOutcome {
        public Acknowledged {
            requireNonNull(queryId, "queryId is null");
        }
    }

    /**
     * The server answered with an exception whose class is definitive (retryable, conflict or
     * fatal) for a single-host statement: the statement did not take effect. Never produced for
     * an {@code ON CLUSTER} statement, whose every server error is {@link Ambiguous}: the
     * initiator may re-raise a host's code after enqueueing.
     */
    record Rejected(String queryId, ServerError error) implements MutationOutcome {
        public Rejected {
            requireNonNull(queryId, "queryId is null");
            requireNonNull(error, "error is null");
            if (error.classification().errorClass() == ErrorClass.AMBIGUOUS) {
                throw new IllegalArgumentException("an ambiguous server error is not a rejection");
            }
        }
    }

    /**
     * The request may have been executed and no definitive answer arrived: timeout, connection
     * loss, cancellation after send, an ambiguous server error, or a lost response.
     */
    record Ambiguous(String queryId, AmbiguityCause cause, Optional<ServerError> serverError, String summary)
            implements MutationOutcome {
        public Ambiguous {
            requireNonNull(queryId, "queryId is null");
            requireNonNull(cause, "cause is null");
            requireNonNull(serverError, "serverError is null");
            requireNonNull(summary, "summary is null");
        }
    }

    /**
     * Provably nothing reached the server (connection refused, no route, invalid local setup), so
     * nothing was executed. Safe to act on as "did not happen".
     */
    record NotSent(String queryId, String summary) implements MutationOutcome {
        public NotSent {
            requireNonNull(queryId, "queryId is null");
            requireNonNull(summary, "summary is null");
        }
    }

    /** Why an outcome is ambiguous; stable for evidence. */
    enum AmbiguityCause {
        /**
         * The server reported an error whose class is {@link ErrorClass#AMBIGUOUS} in the
         * statement's execution scope (every error of an {@code ON CLUSTER} statement).
         */
        SERVER_ERROR_AMBIGUOUS,
        /** A socket or response timeout after the request was sent. */
        TIMEOUT,
        /** The connection broke after the request was sent. */
        CONNECTION_LOST,
        /** The call was interrupted or cancelled after the request was sent. */
        CANCELLED,
        /** The response was discarded (fault injection or an unreadable answer). */
        RESPONSE_LOST,
        /** Anything else after send: treated as unknown. */
        UNCLASSIFIED
    }
}
