package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

/**
 * ClickHouse's TabSeparated input: fields separated by TAB, records by LF, each field unescaped as
 * ClickHouse's {@code readEscapedString} does: {@code \t \n \r \0 \b \f \a \v \e} are control
 * characters, {@code \\ \' \" \` \/ \=} the character itself, {@code \xHH} one byte, a backslash
 * before a raw TAB, line feed or other control byte that byte; before any other character the
 * backslash is kept (ClickHouse reads {@code \%} as {@code \%}). A field that is exactly
 * {@code \N} is NULL.
 *
 * <p>Stricter than ClickHouse where it would silently store surprising data: a raw carriage return
 * is refused (ClickHouse refuses it only in the first rows and otherwise keeps it in the text, so a
 * file with CRLF line ends would end every last cell in CR), {@code \N} inside a longer field is
 * refused (ClickHouse drops it), and an escape that yields bytes that are not UTF-8 is refused.
 */
final class TsvTokenizer implements RecordTokenizer {
    private static final boolean[] SPECIAL = ByteSource.stops('\t', '\n', '\r', '\\');

    private final ByteSource in;
    private final FieldBuffer field;
    private final VerbatimTsvLine verbatim;
    private final int headerRows;
    private long record = -1;

    /** {@code verbatimLines} false reads every record the full way (the fast path's reference in tests). */
    TsvTokenizer(ByteSource in, int headerRows, int maxFieldBytes, boolean verbatimLines) {
        this.in = requireNonNull(in, "in is null");
        this.headerRows = headerRows;
        this.field = new FieldBuffer(maxFieldBytes, this::currentRow);
        this.verbatim = verbatimLines ? new VerbatimTsvLine(in, maxFieldBytes) : null;
    }

    @Override
    public boolean next(RowBytes cells, int maxCells) {
        cells.clear();
        if (in.peek() == ByteSource.EOF) {
            return false;
        }
        record++;
        if (verbatim != null && verbatim.read(cells, maxCells)) {
            return true;
        }
        while (true) {
            field(cells);
            RecordTokenizer.requireWithin(cells, maxCells, this);
            int end = in.read();
            if (end == '\n' || end == ByteSource.EOF) {
                return true;
            }
        }
    }

    /** Reads one field up to (not including) its TAB, LF or the end of the input. */
    private void field(RowBytes cells) {
        field.clear();
        boolean nullMarker = false;
        while (true) {
            if (!nullMarker) {
                in.copyUntil(field, SPECIAL);
            }
            int b = in.peek();
            if (b == '\t' || b == '\n' || b == ByteSource.EOF) {
                break;
            }
            in.read();
            if (nullMarker) {
                throw Malformed.at(currentRow(), "\\N inside a longer field");
            }
            if (b == '\r') {
                throw Malformed.at(currentRow(), "a raw carriage return (write \\r, and end lines with LF only)");
            }
            if (b != '\\') {
                field.append(b);
                continue;
            }
            int escaped = in.read();
            if (escaped == 'N') {
                if (!field.isEmpty()) {
                    throw Malformed.at(currentRow(), "\\N inside a longer field");
                }
                nullMarker = true;
            } else {
                unescape(escaped);
            }
        }
        if (nullMarker) {
            cells.addNull();
        } else if (!field.isWellFormed()) {
            throw Malformed.at(currentRow(), "bytes that are not valid UTF-8");
        } else {
            cells.add(field);
        }
    }

    private void unescape(int escaped) {
        switch (escaped) {
            case ByteSource.EOF -> throw Malformed.at(currentRow(), "a backslash at the end of the input");
            case 't' -> field.append('\t');
            case 'n' -> field.append('\n');
            case 'r' -> field.append('\r');
            case '0' -> field.append(0);
            case 'b' -> field.append('\b');
            case 'f' -> field.append('\f');
            case 'a' -> field.append(0x07);
            case 'v' -> field.append(0x0B);
            case 'e' -> field.append(0x1B);
            case 'x' -> field.append(hexByte());
            case '\\', '\'', '"', '`', '/', '=' -> field.append(escaped);
            default -> {
                if (escaped > 0x1F) {
                    field.append('\\');
                }
                field.append(escaped);
            }
        }
    }

    private int hexByte() {
        int high = Character.digit(in.read(), 16);
        int low = Character.digit(in.read(), 16);
        if (high < 0 || low < 0) {
            throw Malformed.at(currentRow(), "a \\x escape without two hexadecimal digits");
        }
        return high * 16 + low;
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
