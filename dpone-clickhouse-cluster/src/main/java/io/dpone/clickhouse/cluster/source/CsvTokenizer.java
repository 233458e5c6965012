package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

/**
 * ClickHouse's CSV input with its default settings, byte for byte: fields separated by commas,
 * records by LF or CRLF (a bare CR is refused, as ClickHouse refuses it); a field may be enclosed
 * in double quotes, inside which {@code ""} is one quote and every other byte, line breaks
 * included, is data; spaces and tabs around a field are not data
 * ({@code input_format_csv_trim_whitespaces = 1}); an unquoted {@code \N} is NULL while a quoted
 * one is the two characters. Text after a closing quote is refused. Backslashes are plain data.
 *
 * <p>Hand-written because no library tokenizer matches this exactly: commons-csv 1.14.1 trims
 * every {@code Character.isWhitespace} code point (vertical tab, form feed, U+001C..U+001F and
 * Unicode spaces too), ends records at a bare CR, and reads {@code  "a"} after a space as a
 * literal unquoted token; jackson-dataformat-csv likewise trims every byte up to the space.
 */
final class CsvTokenizer implements RecordTokenizer {
    private static final boolean[] QUOTE = ByteSource.stops('"');
    private static final boolean[] UNQUOTED_END = ByteSource.stops(',', '\n', '\r');

    private final ByteSource in;
    private final FieldBuffer field;
    private final int maxFieldBytes;
    private final int headerRows;
    private long record = -1;

    CsvTokenizer(ByteSource in, int headerRows, int maxFieldBytes) {
        this.in = requireNonNull(in, "in is null");
        this.headerRows = headerRows;
        this.maxFieldBytes = maxFieldBytes;
        this.field = new FieldBuffer(maxFieldBytes, this::currentRow);
    }

    @Override
    public boolean next(RowBytes cells, int maxCells) {
        cells.clear();
        if (in.peek() == ByteSource.EOF) {
            return false;
        }
        record++;
        while (true) {
            skipSpacesAndTabs();
            if (in.peek() == '"') {
                quoted(cells);
            } else {
                unquoted(cells);
            }
            RecordTokenizer.requireWithin(cells, maxCells, this);
            int end = in.read();
            if (end == ',') {
                continue;
            }
            if (end == '\r') {
                if (in.read() != '\n') {
                    throw Malformed.at(currentRow(), "a carriage return not followed by a line feed");
                }
                return true;
            }
            if (end == '\n' || end == ByteSource.EOF) {
                return true;
            }
            throw Malformed.at(currentRow(), "text after the closing quote of field " + cells.size());
        }
    }

    private void quoted(RowBytes cells) {
        in.read();
        field.clear();
        while (true) {
            in.copyUntil(field, QUOTE);
            if (in.read() == ByteSource.EOF) {
                throw Malformed.at(currentRow(), "a quoted field is not terminated before the end of the input");
            }
            if (in.peek() != '"') {
                break;
            }
            field.append(in.read());
        }
        skipSpacesAndTabs();
        int next = in.peek();
        if (next != ',' && next != '\n' && next != '\r' && next != ByteSource.EOF) {
            in.read();
            throw Malformed.at(currentRow(), "text after a closing quote");
        }
        cells.add(checked());
    }

    private void unquoted(RowBytes cells) {
        field.clear();
        in.copyUntil(field, UNQUOTED_END);
        field.trimTrailingSpacesAndTabs();
        if (field.isNullMarker()) {
            cells.addNull();
        } else {
            cells.add(checked());
        }
    }

    /** Spaces and tabs around a field are not data, but count against the field bound: endless padding stops too. */
    private void skipSpacesAndTabs() {
        int skipped = 0;
        for (int b = in.peek(); b == ' ' || b == '\t'; b = in.peek()) {
            in.read();
            if (++skipped > maxFieldBytes) {
                throw FieldBuffer.tooLong(currentRow(), maxFieldBytes);
            }
        }
    }

    private FieldBuffer checked() {
        if (!field.isWellFormed()) {
            throw Malformed.at(currentRow(), "bytes that are not valid UTF-8");
        }
        return field;
    }

    @Override
    public String currentRow() {
        return Malformed.rowLabel(record, headerRows);
    }

    @Override
    public ByteSource bytes() {
        return in;
    }
}
