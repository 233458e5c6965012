package io.dpone.spi.publication;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationReceipt;

/**
 * Runs publications for one admitted manifest. The host calls {@link #publish} at most once per
 * process for a request, from one thread.
 *
 * <p>A publication that reached the authority (from its own write that takes the slot on, even
 * when that write's answer was lost) ends in a receipt whatever its outcome, as
 * {@link io.dpone.spi.receipt.PublicationOutcome} defines them: committed, waiting for the original
 * distributed-DDL entry, terminal-partial, failed (the entry failed everywhere and no member
 * changed), unknown, prepared (bound, but no publication statement may have been sent yet) or, in
 * external mode, aborted (ended before publication after exact owned cleanup; not success), each
 * with its per-member evidence, so the host can say exactly what happened. Everything that stops
 * it earlier (admission, capability, a foreign operation, a source or transport failure before
 * that write) is a {@link DponeException} with a stable code. A publisher never switches
 * mode, never falls back to local publication and never replays a dispatched statement.
 */
public interface Publisher {
    /** Publishes, or resumes the operation of the same scheduler invocation. */
    PublicationReceipt publish(PublicationRequest request);

    /** Reads the target's authority record and every member; sends no mutation at all. */
    default PublicationReceipt status(StatusRequest request) {
        throw new DponeException(
                DponeErrorCode.PUBLICATION_STRATEGY_UNSUPPORTED, "status is not provided by this publisher");
    }

    /**
     * {@code dpone plan --live}: what {@link #publish} with the request's invocation id (a new
     * invocation when absent) would do now, read without any mutation: no DDL, no Keeper write, no
     * probe, no bootstrap.
     */
    default LivePlan preview(StatusRequest request) {
        throw new DponeException(
                DponeErrorCode.PUBLICATION_STRATEGY_UNSUPPORTED, "plan --live is not provided by this publisher");
    }
}
