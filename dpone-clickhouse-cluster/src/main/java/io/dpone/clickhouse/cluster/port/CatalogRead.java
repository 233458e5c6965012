package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.error.ConnectionFault;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.util.Optional;

/**
 * One catalog read: the typed facts, or why there are none. An {@link Unreadable} read is never
 * partial evidence; callers must block on it. Callers must switch over both variants.
 */
public sealed interface CatalogRead<T> {
    /** The read completed and every row had the expected shape. */
    record Observed<T>(T facts) implements CatalogRead<T> {
        public Observed {
            requireNonNull(facts, "facts is null");
        }
    }

    /** The read failed, timed out or answered rows of an unexpected shape. */
    record Unreadable<T>(Cause cause, Optional<ReadFailure> failure) implements CatalogRead<T> {
        public Unreadable {
            requireNonNull(cause, "cause is null");
            requireNonNull(failure, "failure is null");
            if ((cause == Cause.READ_FAILED) != failure.isPresent()) {
                throw new IllegalArgumentException("a read failure is present exactly for READ_FAILED");
            }
        }

        public static <T> Unreadable<T> failed(ReadFailure failure) {
            return new Unreadable<>(Cause.READ_FAILED, Optional.of(failure));
        }

        public static <T> Unreadable<T> malformed() {
            return new Unreadable<>(Cause.MALFORMED_ANSWER, Optional.empty());
        }

        /** A stable, redacted description for evidence. */
        public String describe() {
            return failure.map(ReadFailure::describe).orElse("catalog answer had an unexpected shape");
        }

        /** Whether the read failed because the connection itself could not be used ({@link ReadFailure#connectionFault()}). */
        public Optional<ConnectionFault> connectionFault() {
            return failure.flatMap(ReadFailure::connectionFault);
        }

        /**
         * The refusal of a publication or status whose coordinator's inventory read failed: the
         * fault's connection code, else {@code otherwise}; the message keeps the redacted cause.
         */
        public DponeException refusal(DponeErrorCode otherwise, String what) {
            return new DponeException(
                    connectionFault().map(ConnectionFault::code).orElse(otherwise), what + ": " + describe());
        }
    }

    /** Stable names for evidence. */
    enum Cause {
        READ_FAILED,
        MALFORMED_ANSWER
    }
}
