package io.dpone.spi.publication;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationReceipt;

/**
 * Runs publications for one admitted manifest. The host calls {@link #publish} at most once per
 * process for a request, from one thread.
 *
 * <p>A publication that reached the authority ends in a receipt whatever its outcome: committed,
 * waiting for the original distributed-DDL entry, terminal-partial or unknown, each with its
 * per-member evidence, so the host can say exactly what happened. Everything that stops it
 * earlier (admission, capability, a foreign operation, a source or transport failure before any
 * publication DDL) is a {@link DponeException} with a stable code. A publisher never switches
 * mode, never falls back to local publication and never replays a dispatched statement.
 */
public interface Publisher {
    /** Publishes, or resumes the operation of the same scheduler invocation. */
    PublicationReceipt publish(PublicationRequest request);

    /** Reads the target's authority record and every member; sends no mutation at all. */
    default PublicationReceipt status(StatusRequest request) {
        throw new DponeException(DponeErrorCode.PUBLICATION_STRATEGY_UNSUPPORTED, "status is not provided by this publisher");
    }
}
