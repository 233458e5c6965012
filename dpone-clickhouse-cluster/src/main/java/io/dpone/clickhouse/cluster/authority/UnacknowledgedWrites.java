package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.authority.SlotWrite.ConflictReason;
import io.dpone.clickhouse.cluster.authority.SlotWrite.UnknownReason;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.port.MutationOutcome;

/**
 * The result of a mutation outcome that is not an acknowledgement (spec section 3, steps 7-8):
 * a definitive refusal is a conflict, provable non-delivery is a conflict that names the transport,
 * and everything after send without an answer is unknown. Pure.
 */
final class UnacknowledgedWrites {
    private UnacknowledgedWrites() {}

    /**
     * @param conflict the reason for a server conflict refusal: KEY_EXISTS for a strict insert,
     *                 VERSION_CONFLICT for a versioned update
     */
    static <R extends SlotRecord> SlotWrite<R> judge(MutationOutcome outcome, ConflictReason conflict) {
        if (outcome instanceof MutationOutcome.Rejected rejected) {
            boolean refusedAsConflict = rejected.error().classification().errorClass() == ErrorClass.CONFLICT;
            return new SlotWrite.Conflict<>(refusedAsConflict ? conflict : ConflictReason.REFUSED);
        }
        if (outcome instanceof MutationOutcome.NotSent) {
            return new SlotWrite.Conflict<>(ConflictReason.NOT_SENT);
        }
        if (outcome instanceof MutationOutcome.Ambiguous ambiguous) {
            return new SlotWrite.Unknown<>(reason(ambiguous.cause()));
        }
        throw new IllegalArgumentException("an acknowledged write needs its post-read");
    }

    private static UnknownReason reason(MutationOutcome.AmbiguityCause cause) {
        return switch (cause) {
            case RESPONSE_LOST -> UnknownReason.RESPONSE_LOST;
            case TIMEOUT -> UnknownReason.TIMEOUT;
            case CONNECTION_LOST -> UnknownReason.CONNECTION_LOST;
            case CANCELLED -> UnknownReason.CANCELLED_AFTER_SEND;
            case SERVER_ERROR_AMBIGUOUS -> UnknownReason.AMBIGUOUS_SERVER_ERROR;
            case UNCLASSIFIED -> UnknownReason.UNCLASSIFIED;
        };
    }
}
