package io.dpone.clickhouse.external.codec;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.source.ByteSource;
import io.dpone.clickhouse.cluster.source.FieldBuffer;
import io.dpone.clickhouse.cluster.source.Malformed;
import io.dpone.clickhouse.cluster.source.OpenedSource;
import io.dpone.clickhouse.cluster.source.RowBytes;
import io.dpone.spi.source.RowCursor;
import io.dpone.spi.source.SourceColumn;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code dpone.clickhouse.tab-separated} codec, version 1: a headerless tab-separated file as
 * MSSQL {@code bcp -c} or {@code sqlcmd} writes it after dpone's versioned escaping was applied in
 * the exporting query. Specified in docs/reference/external-mode.md ("Codec
 * dpone.clickhouse.tab-separated v1"); in short:
 * <ul>
 *   <li>strict UTF-8 (a leading byte-order mark is skipped); fields separated by TAB; every row,
 *       the last included, ends with LF or CRLF;
 *   <li>a field that is exactly {@code \N} is NULL; an empty field and a field that is exactly one
 *       NUL byte (how {@code bcp} writes an empty string) are the empty string;
 *   <li>escapes {@code \\ \t \n \r \0} and no others; a raw NUL elsewhere, a CR not before LF, an
 *       unknown or truncated escape, or a row with another cell count is refused.
 * </ul>
 */
public final class TabSeparatedCodec {
    public static final String NAME = "dpone.clickhouse.tab-separated";
    public static final int VERSION = 1;

    private TabSeparatedCodec() {}

    /**
     * The version a codec identifier names: {@code dpone.clickhouse.tab-separated} (which means
     * version 1, forever) or {@code dpone.clickhouse.tab-separated;version=N}. Empty for any other name.
     */
    public static Optional<Integer> version(String identifier) {
        requireNonNull(identifier, "identifier is null");
        if (identifier.equals(NAME)) {
            return Optional.of(1);
        }
        String prefix = NAME + ";version=";
        if (identifier.startsWith(prefix)
                && identifier.substring(prefix.length()).matches("[1-9][0-9]{0,8}")) {
            return Optional.of(Integer.parseInt(identifier.substring(prefix.length())));
        }
        return Optional.empty();
    }

    /**
     * Opens a v1 stream whose columns the host declares; the source owns the stream. Each field is
     * bounded by {@link FieldBuffer#MAX_FIELD_BYTES} and each row's cells together by
     * {@link RowBytes#maxBytes}, as the shared readers' are.
     */
    public static OpenedSource open(InputStream in, List<SourceColumn> columns) {
        return open(in, columns, FieldBuffer.MAX_FIELD_BYTES);
    }

    /** {@link #open(InputStream, List)} with another field bound (tests). */
    static OpenedSource open(InputStream in, List<SourceColumn> columns, int maxFieldBytes) {
        ByteSource bytes = new ByteSource(requireNonNull(in, "in is null"));
        bytes.skipByteOrderMark();
        return new OpenedSource(columns, new Cursor(bytes, columns.size(), maxFieldBytes));
    }

    private static final class Cursor implements RowCursor {
        private final ByteSource in;
        private final int width;
        private final FieldBuffer field;
        private final int maxRowBytes;
        private final List<String> cells = new ArrayList<>();
        private long row;
        private boolean closed;

        Cursor(ByteSource in, int width, int maxFieldBytes) {
            this.in = in;
            this.width = width;
            this.field = new FieldBuffer(maxFieldBytes, () -> "row " + row);
            this.maxRowBytes = RowBytes.maxBytes(maxFieldBytes);
        }

        @Override
        public List<String> next() {
            if (closed) {
                throw new IllegalStateException("cursor is closed");
            }
            cells.clear();
            if (in.peek() == ByteSource.EOF) {
                return null;
            }
            row++;
            long rowBytes = 0;
            while (true) {
                String cell = field();
                cells.add(cell);
                rowBytes += cell == null ? 0 : field.length();
                if (rowBytes > maxRowBytes) {
                    throw RowBytes.tooLong("row " + row, maxRowBytes);
                }
                if (cells.size() > width) {
                    // stop at the first cell too many: a row without an end must not grow the list
                    throw malformed("it has more than " + width + " cells, " + width + " columns are declared");
                }
                int end = in.read();
                if (end == '\t') {
                    continue;
                }
                if (end == '\r' && in.read() != '\n') {
                    throw malformed("a carriage return not followed by a line feed");
                }
                if (end == ByteSource.EOF) {
                    throw malformed("the last row has no line end (a truncated file)");
                }
                break;
            }
            if (cells.size() != width) {
                throw malformed("it has " + cells.size() + " cells, " + width + " columns are declared");
            }
            return cells;
        }

        /** One field up to (not including) its TAB, CR, LF or the end of the input. */
        private String field() {
            field.clear();
            int raw = 0;
            boolean nulByte = false;
            for (int b = in.peek(); b != '\t' && b != '\n' && b != '\r' && b != ByteSource.EOF; b = in.peek()) {
                in.read();
                raw++;
                if (nulByte) {
                    // refused as soon as it is known: a run of NUL bytes must not be read to its end
                    throw malformed("a raw NUL byte inside a field (write \\0)");
                }
                if (b == 0) {
                    nulByte = true;
                    if (raw != 1) {
                        throw malformed("a raw NUL byte inside a field (write \\0)");
                    }
                } else if (b == '\\') {
                    raw++;
                    escape(in.read());
                } else {
                    field.append(b);
                }
            }
            if (nulByte) {
                return ""; // exactly one raw NUL: how bcp writes an empty string
            }
            if (raw == 2 && field.length() == 0) {
                return null;
            }
            String text = field.decodeOrNull();
            if (text == null) {
                throw malformed("bytes that are not valid UTF-8");
            }
            return text;
        }

        /** Appends an escaped byte; {@code \N} appends nothing, so the caller sees a two-byte empty field. */
        private void escape(int escaped) {
            switch (escaped) {
                case '\\' -> field.append('\\');
                case 't' -> field.append('\t');
                case 'n' -> field.append('\n');
                case 'r' -> field.append('\r');
                case '0' -> field.append(0);
                case 'N' -> {
                    int next = in.peek();
                    if (field.length() != 0
                            || (next != '\t' && next != '\n' && next != '\r' && next != ByteSource.EOF)) {
                        throw malformed("\\N inside a longer field");
                    }
                }
                case ByteSource.EOF, '\t', '\n', '\r' -> throw malformed("a backslash at the end of a field");
                default -> throw malformed("an escape sequence codec version 1 does not define");
            }
        }

        private io.dpone.spi.error.DponeException malformed(String rule) {
            return Malformed.at("row " + row, rule);
        }

        @Override
        public long bytesRead() {
            return in.consumed();
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                in.close();
            }
        }
    }
}
