package io.dpone.spi.publication;

/**
 * What a publisher reports while it works, for a host's progress display. Texts are fixed step
 * names and counts: no identifier, host, value or path. Called from the publishing thread; every
 * method has a no-op default so hosts implement only what they show.
 */
public interface ProgressListener {
    ProgressListener NONE = new ProgressListener() {};

    /** A protocol step began, e.g. {@code admission}, {@code load}, {@code dispatch}, {@code cleanup}. */
    default void step(String name) {}

    /** Rows and source bytes loaded so far; {@code totalBytes} is -1 when unknown. */
    default void loaded(long rows, long bytes, long totalBytes) {}

    /** A bounded wait is polling {@code what} (e.g. {@code replication}, {@code queue}) for the given attempt. */
    default void waiting(String what, int attempt, int maxAttempts) {}
}
