package io.dpone.clickhouse.cluster.engine;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.invocation.InvocationEvidence;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.Optional;

/**
 * How one invocation ends once the operation holds the target slot (both modes): the receipt's
 * outcome and, for every outcome but committed, the stable code and a value-free sentence saying
 * what to do.
 */
public record Ending(PublicationOutcome outcome, Optional<DponeErrorCode> code, String message) {
    public Ending {
        requireNonNull(outcome, "outcome is null");
        requireNonNull(code, "code is null");
        requireNonNull(message, "message is null");
    }

    public static Ending committed() {
        return new Ending(PublicationOutcome.COMMITTED, Optional.empty(), "published and cleaned up on every member");
    }

    public static Ending of(PublicationOutcome outcome, DponeErrorCode code, String message) {
        return new Ending(outcome, Optional.of(code), message);
    }

    /** The invocation's receipt: its operation, this ending and {@code evidence}, in the mode's schema. */
    public PublicationReceipt receipt(String operationId, InvocationEvidence<?> evidence) {
        return evidence.receipt(operationId, outcome, code, message);
    }
}
