package io.dpone.spi.publication;

/**
 * Polled by a publisher between steps and while it waits. Cancellation stops waiting; it never
 * cancels or replays a statement that may already have been sent. Thread-safe.
 */
@FunctionalInterface
public interface Cancellation {
    Cancellation NEVER = () -> false;

    boolean isCancelled();
}
