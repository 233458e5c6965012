package io.dpone.spi.source;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The rows a host hands a publisher, described rather than opened: the publisher decides whether
 * it can use the kind at all (external mode refuses streams, compressed files and unknown codecs
 * before any mutation) and opens it as often as its protocol needs, so a same-operation restart
 * can re-read a replayable source. A path is held in memory only; it never reaches evidence.
 */
public sealed interface PublicationSource {
    /** Bytes known before reading (file size or encoded in-memory size), if any. */
    OptionalLong declaredBytes();

    /** True when the source can be read again from the start. */
    boolean replayable();

    /** Rows held in memory by the host; replayable. A null cell is SQL NULL. */
    record Rows(List<SourceColumn> columns, List<List<String>> rows) implements PublicationSource {
        public Rows {
            columns = List.copyOf(requireNonNull(columns, "columns is null"));
            List<List<String>> copy = new ArrayList<>();
            for (List<String> row : requireNonNull(rows, "rows is null")) {
                if (row.size() != columns.size()) {
                    throw new IllegalArgumentException("every row has one cell per column");
                }
                copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
            }
            rows = Collections.unmodifiableList(copy);
        }

        @Override
        public OptionalLong declaredBytes() {
            long bytes = 0;
            for (List<String> row : rows) {
                for (String cell : row) {
                    bytes += cell == null ? 2 : cell.length() + 1;
                }
            }
            return OptionalLong.of(bytes);
        }

        @Override
        public boolean replayable() {
            return true;
        }
    }

    /** A delimited text file with a header, read by the publisher; replayable while the file is unchanged. */
    record DelimitedFile(Path file, DelimitedFormat format, Compression compression, OptionalLong declaredBytes)
            implements PublicationSource {
        public DelimitedFile {
            requireNonNull(file, "file is null");
            requireNonNull(format, "format is null");
            requireNonNull(compression, "compression is null");
            requireNonNull(declaredBytes, "declaredBytes is null");
        }

        @Override
        public boolean replayable() {
            return true;
        }

        @Override
        public String toString() {
            return "DelimitedFile[format=" + format.wireName() + ", compression=" + compression + "]";
        }
    }

    /**
     * A file in a named, versioned codec (for example {@code dpone.clickhouse.tab-separated}),
     * whose columns the host declares because the file has no header.
     */
    record CodecFile(Path file, String codec, List<SourceColumn> columns, OptionalLong declaredBytes)
            implements PublicationSource {
        public CodecFile {
            requireNonNull(file, "file is null");
            requireNonNull(codec, "codec is null");
            columns = List.copyOf(requireNonNull(columns, "columns is null"));
            requireNonNull(declaredBytes, "declaredBytes is null");
        }

        @Override
        public boolean replayable() {
            return true;
        }

        @Override
        public String toString() {
            return "CodecFile[codec=" + codec + "]";
        }
    }

    /** A one-pass stream (for example standard input); it cannot be re-read. */
    record Stream(List<SourceColumn> columns, Supplier<RowCursor> cursor) implements PublicationSource {
        public Stream {
            columns = List.copyOf(requireNonNull(columns, "columns is null"));
            requireNonNull(cursor, "cursor is null");
        }

        @Override
        public OptionalLong declaredBytes() {
            return OptionalLong.empty();
        }

        @Override
        public boolean replayable() {
            return false;
        }
    }
}
