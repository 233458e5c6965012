package io.dpone.spi.artifact;

import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.nio.file.Path;
import java.util.List;

/**
 * Seals a source into a content-addressed artifact exactly as external-mode publication does, so a
 * host can check an artifact before publishing ({@code dpone seal}). Provided by the external mode
 * module and found with {@link java.util.ServiceLoader}; a host never links against that module.
 * Implementations are stateless and thread-safe.
 */
public interface ArtifactSealer {
    /** The reference's default {@code external_content_row_budget}. */
    long DEFAULT_ROW_BUDGET = 100_000;

    /**
     * Reads {@code source} once, validates every cell against its declared type, and writes the
     * canonical typed rows to {@code store} (an absolute directory, created if missing) under
     * their SHA-256. Sealing streams: memory does not grow with the source.
     *
     * @param columns every source column in order, each with its declared ClickHouse type
     * @param rowBudget the most rows accepted; one more is refused before the artifact is kept
     * @throws io.dpone.spi.error.DponeException with a stable code for an unsupported source kind,
     *     malformed input, an invalid value, a budget overrun or a store failure; nothing is kept
     */
    SealedArtifact seal(PublicationSource source, List<SourceColumn> columns, Path store, long rowBudget);
}
