package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * What one distributed-DDL dispatch did. Only {@link PermitRefused} and {@link NotSent} say that
 * no entry can exist; {@link Sent} never says that, whatever the initiator answered, because the
 * initiator enqueues before it waits and may re-raise a host's own error afterwards. A caller that
 * received {@link Sent} resolves the outcome only through the queue entry bound by the token
 * (spec section 4: "Missing queue state is never interpreted as proof that the command was not
 * enqueued"). Callers must switch over every variant.
 */
public sealed interface DdlDispatch {
    /** The permit was spent already, expired or authorizes another statement; nothing was sent. */
    record PermitRefused(Refusal reason) implements DdlDispatch {
        public PermitRefused {
            requireNonNull(reason, "reason is null");
        }
    }

    /** The transport proved that no byte of the request reached the server. */
    record NotSent(String queryId, String summary) implements DdlDispatch {
        public NotSent {
            requireNonNull(queryId, "queryId is null");
            requireNonNull(summary, "summary is null");
        }
    }

    /**
     * Exactly one request was sent. {@code answer} is diagnostic evidence only.
     */
    record Sent(String queryId, InitiatorAnswer answer) implements DdlDispatch {
        public Sent {
            requireNonNull(queryId, "queryId is null");
            requireNonNull(answer, "answer is null");
        }
    }

    /** Why a permit was refused. */
    enum Refusal {
        /** {@link io.dpone.clickhouse.cluster.authority.DispatchPermit#spend()} returned false. */
        ALREADY_SPENT,
        /** The permit's token is for another action than the statement. */
        ACTION_MISMATCH,
        /**
         * The permit outlived its bounded age on its holder's monotonic clock
         * ({@link io.dpone.clickhouse.cluster.authority.PermitLifetime}): its holder stalled
         * between the write that issued it and the send. The record stays as that write left it.
         */
        EXPIRED,
        /** A setup statement was given a token of another action. */
        TOKEN_ACTION_MISMATCH
    }

    /** What the initiator answered; never evidence of enqueue or execution by itself. */
    sealed interface InitiatorAnswer {
        /** Every host finished without error within the task timeout (throw mode). */
        record Acknowledged() implements InitiatorAnswer {}

        /** The initiator raised a server error; under throw mode it may be a host's own error after enqueue. */
        record ServerErrorAnswer(ServerError error) implements InitiatorAnswer {
            public ServerErrorAnswer {
                requireNonNull(error, "error is null");
            }
        }

        /** No answer arrived after sending (timeout, connection loss, cancellation, lost response). */
        record NoAnswer(MutationOutcome.AmbiguityCause cause, Optional<ServerError> error) implements InitiatorAnswer {
            public NoAnswer {
                requireNonNull(cause, "cause is null");
                requireNonNull(error, "error is null");
            }
        }
    }

    /** The dispatch view of one one-shot mutation outcome; only {@code NotSent} stays "not sent". */
    static DdlDispatch of(MutationOutcome outcome) {
        if (outcome instanceof MutationOutcome.NotSent notSent) {
            return new NotSent(notSent.queryId(), notSent.summary());
        }
        if (outcome instanceof MutationOutcome.Acknowledged ack) {
            return new Sent(ack.queryId(), new InitiatorAnswer.Acknowledged());
        }
        if (outcome instanceof MutationOutcome.Rejected rejected) {
            return new Sent(rejected.queryId(), new InitiatorAnswer.ServerErrorAnswer(rejected.error()));
        }
        MutationOutcome.Ambiguous ambiguous = (MutationOutcome.Ambiguous) outcome;
        if (ambiguous.cause() == MutationOutcome.AmbiguityCause.SERVER_ERROR_AMBIGUOUS
                && ambiguous.serverError().isPresent()) {
            return new Sent(
                    ambiguous.queryId(),
                    new InitiatorAnswer.ServerErrorAnswer(
                            ambiguous.serverError().get()));
        }
        return new Sent(ambiguous.queryId(), new InitiatorAnswer.NoAnswer(ambiguous.cause(), ambiguous.serverError()));
    }
}
