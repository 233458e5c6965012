package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.SourceColumn;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Opens a CSV or TSV stream in one of the {@link DelimitedFormat}s: reads and checks the header
 * rows eagerly, then streams data rows one at a time (docs/reference/sources.md).
 */
public final class DelimitedReader {
    private DelimitedReader() {}

    /** The most cells a header row may have: a row without an end is refused before it exhausts the heap. */
    public static final int MAX_COLUMNS = 1 << 16;

    /**
     * Reads the header of {@code in}; the returned source owns the stream. Each field is bounded
     * by {@link FieldBuffer#MAX_FIELD_BYTES}, each row's cells together by
     * {@link RowBytes#MAX_ROW_FACTOR} times that.
     *
     * @throws io.dpone.spi.error.DponeException {@code SOURCE_MALFORMED} for a missing, empty,
     *     NULL or repeated column name, a types row that does not match the names row, more than
     *     {@link #MAX_COLUMNS} header cells, or a field or row longer than its bound
     */
    public static OpenedSource open(InputStream in, DelimitedFormat format) {
        return open(in, format, FieldBuffer.MAX_FIELD_BYTES);
    }

    /** {@link #open(InputStream, DelimitedFormat)} with another field bound (tests). */
    static OpenedSource open(InputStream in, DelimitedFormat format, int maxFieldBytes) {
        return open(in, format, maxFieldBytes, true);
    }

    /**
     * {@link #open(InputStream, DelimitedFormat, int)}, and without the TabSeparated reader's
     * verbatim lines when {@code verbatimLines} is false: the reference the fast path is fuzzed
     * against (tests).
     */
    static OpenedSource open(InputStream in, DelimitedFormat format, int maxFieldBytes, boolean verbatimLines) {
        requireNonNull(format, "format is null");
        ByteSource bytes = new ByteSource(requireNonNull(in, "in is null"));
        try {
            bytes.skipByteOrderMark();
            int headerRows = format.hasTypesRow() ? 2 : 1;
            RecordTokenizer tokenizer = format.isCsv()
                    ? new CsvTokenizer(bytes, headerRows, maxFieldBytes)
                    : new TsvTokenizer(bytes, headerRows, maxFieldBytes, verbatimLines);
            List<String> names = headerRow(tokenizer, "header row", maxFieldBytes);
            List<SourceColumn> columns = new ArrayList<>();
            if (format.hasTypesRow()) {
                List<String> types = headerRow(tokenizer, "types row", maxFieldBytes);
                if (types.size() != names.size()) {
                    throw Malformed.at(
                            "types row", "it has " + types.size() + " cells, the header row has " + names.size());
                }
                for (int i = 0; i < names.size(); i++) {
                    columns.add(column(names.get(i), types.get(i), i + 1));
                }
            } else {
                for (int i = 0; i < names.size(); i++) {
                    columns.add(column(names.get(i), null, i + 1));
                }
            }
            return new OpenedSource(columns, new DelimitedCursor(tokenizer, columns.size(), maxFieldBytes));
        } catch (RuntimeException e) {
            bytes.close();
            throw e;
        }
    }

    private static List<String> headerRow(RecordTokenizer tokenizer, String label, int maxFieldBytes) {
        RowBytes row = new RowBytes(maxFieldBytes, tokenizer::currentRow);
        if (!tokenizer.next(row, MAX_COLUMNS)) {
            throw Malformed.at(label, "missing");
        }
        List<String> cells = new ArrayList<>();
        texts(row, cells);
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            if (cell == null || cell.isBlank()) {
                throw Malformed.at(label, "cell " + (i + 1) + " is empty or \\N");
            }
        }
        if (label.equals("header row")) {
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < cells.size(); i++) {
                if (!seen.add(cells.get(i))) {
                    throw Malformed.at(label, "column " + (i + 1) + " repeats an earlier column name");
                }
            }
        }
        return cells;
    }

    private static SourceColumn column(String name, String type, int position) {
        try {
            return type == null ? SourceColumn.untyped(name) : SourceColumn.typed(name, type);
        } catch (IllegalArgumentException e) {
            throw Malformed.at(
                    "header row",
                    "column " + position + " has a name longer than " + SourceColumn.MAX_NAME_LENGTH + " characters");
        }
    }

    private static void texts(RowBytes row, List<String> cells) {
        cells.clear();
        for (int i = 0; i < row.size(); i++) {
            cells.add(row.text(i));
        }
    }

    /** Streams data rows, as text or as bytes; every row must have one cell per header column. */
    private static final class DelimitedCursor implements ByteRowCursor {
        private final RecordTokenizer tokenizer;
        private final int width;
        private final RowBytes row;
        private final List<String> cells = new ArrayList<>();
        private boolean closed;

        DelimitedCursor(RecordTokenizer tokenizer, int width, int maxFieldBytes) {
            this.tokenizer = tokenizer;
            this.width = width;
            this.row = new RowBytes(maxFieldBytes, tokenizer::currentRow);
        }

        @Override
        public List<String> next() {
            if (nextBytes() == null) {
                return null;
            }
            texts(row, cells);
            return cells;
        }

        @Override
        public RowBytes nextBytes() {
            if (closed) {
                throw new IllegalStateException("cursor is closed");
            }
            // one cell past the header's width is enough to refuse the row
            if (!tokenizer.next(row, width)) {
                return null;
            }
            if (row.size() != width) {
                throw Malformed.at(tokenizer.currentRow(), "it has " + row.size() + " cells, the header has " + width);
            }
            return row;
        }

        @Override
        public long bytesRead() {
            return tokenizer.bytes().consumed();
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                tokenizer.bytes().close();
            }
        }
    }
}
