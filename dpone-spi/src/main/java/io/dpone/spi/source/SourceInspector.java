package io.dpone.spi.source;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * Reads a source file offline exactly as publication's readers do (header, every row, strict
 * UTF-8, compression), so a host can check it before it connects anywhere ({@code dpone check
 * --source}). Provided by the cluster module, whose readers both modes use, and found with
 * {@link java.util.ServiceLoader}; a host never links against that module. Stateless and
 * thread-safe.
 */
public interface SourceInspector {
    /**
     * Reads every row of {@code source}, keeping nothing but its shape.
     *
     * @throws io.dpone.spi.error.DponeException with the code publication would refuse the source
     *     with: {@code SOURCE_MALFORMED}, {@code SOURCE_UNREADABLE}, {@code SOURCE_COMPRESSION_UNSUPPORTED},
     *     {@code SOURCE_FORMAT_UNSUPPORTED}; messages name rows and columns by position, never values
     */
    SourceShape inspect(PublicationSource source);

    /** What a read of the whole source saw: its columns (from the header) and how many data rows follow. */
    record SourceShape(List<SourceColumn> columns, long rows) {
        public SourceShape {
            columns = List.copyOf(requireNonNull(columns, "columns is null"));
            if (rows < 0) {
                throw new IllegalArgumentException("rows is not negative");
            }
        }
    }
}
