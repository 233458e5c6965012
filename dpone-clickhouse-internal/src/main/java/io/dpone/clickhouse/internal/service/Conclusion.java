package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * How one invocation ends once the operation holds authority: the receipt's outcome and, for every
 * outcome but committed, the stable code and a value-free sentence saying what to do.
 */
record Conclusion(PublicationOutcome outcome, Optional<DponeErrorCode> code, String message) {
    Conclusion {
        requireNonNull(outcome, "outcome is null");
        requireNonNull(code, "code is null");
        requireNonNull(message, "message is null");
    }

    static Conclusion committed() {
        return new Conclusion(
                PublicationOutcome.COMMITTED, Optional.empty(), "published and cleaned up on every member");
    }

    static Conclusion of(PublicationOutcome outcome, DponeErrorCode code, String message) {
        return new Conclusion(outcome, Optional.of(code), message);
    }
}
