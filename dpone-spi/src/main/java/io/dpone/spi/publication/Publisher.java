package io.dpone.spi.publication;

import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationReceipt;

/**
 * Runs one publication. The host calls {@link #publish()} exactly once, from one thread. Failure is
 * a {@link DponeException} with a stable code whose message is safe to print; the host renders it
 * as one typed document on stderr. A publisher never switches mode or falls back to local
 * publication on failure.
 */
public interface Publisher {
    /** Publishes or fails; never returns a partial receipt. */
    PublicationReceipt publish();
}
