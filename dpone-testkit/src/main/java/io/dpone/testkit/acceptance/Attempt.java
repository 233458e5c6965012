package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What one service invocation ended in: a receipt, or a refusal with a stable code before the slot was held. */
public sealed interface Attempt {
    record Receipt(PublicationReceipt receipt) implements Attempt {
        public Receipt {
            requireNonNull(receipt, "receipt is null");
        }
    }

    record Refused(DponeException error) implements Attempt {
        public Refused {
            requireNonNull(error, "error is null");
        }
    }

    /** The receipt, failing the scenario if the invocation was refused instead. */
    default PublicationReceipt receipt() {
        if (this instanceof Refused refused) {
            throw new ScenarioFailure("expected a receipt but the invocation was refused with "
                    + refused.error().code() + ": " + refused.error().getMessage());
        }
        return ((Receipt) this).receipt();
    }

    /** The outcome, or empty when refused. */
    default Optional<PublicationOutcome> outcome() {
        return this instanceof Receipt receipt ? Optional.of(receipt.receipt().outcome()) : Optional.empty();
    }

    /** The stable code: the receipt's for a non-committed outcome, the refusal's otherwise. */
    default Optional<DponeErrorCode> code() {
        return this instanceof Refused refused
                ? Optional.of(refused.error().code())
                : receipt().errorCode();
    }

    /** The receipt's per-member states, as {@code replica -> state}. */
    @SuppressWarnings("unchecked")
    default Map<Long, String> memberStates() {
        java.util.Map<Long, String> states = new java.util.TreeMap<>();
        for (Object member : (List<Object>) receipt().detail().get("members")) {
            Map<String, Object> fields = (Map<String, Object>) member;
            states.put(((Number) fields.get("replica")).longValue(), (String) fields.get("state"));
        }
        return states;
    }

    /** A one-line, value-free summary for narration. */
    default String summary() {
        if (this instanceof Refused refused) {
            return "refused " + refused.error().code() + ": " + refused.error().getMessage();
        }
        PublicationReceipt receipt = receipt();
        return receipt.outcome().wireName()
                + receipt.errorCode().map(code -> " (" + code + ")").orElse("") + ": "
                + receipt.detail().get("message");
    }
}
