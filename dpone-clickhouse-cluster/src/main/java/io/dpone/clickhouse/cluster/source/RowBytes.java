package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * One record's cells as their decoded bytes (escapes and quotes already resolved, strict UTF-8
 * checked by the tokenizer), laid end to end in one reused array: the loader escapes these bytes
 * for the wire without building a {@code String} per cell. A NULL cell has no bytes. A record the
 * tokenizer found already in its TabSeparated wire form is instead a view of the source's buffer:
 * its cells are spans of that line and {@link #isVerbatim} lets the loader copy the line whole.
 * Reused record after record; one thread. A record's cells hold at most {@link #MAX_ROW_FACTOR} field bounds of
 * bytes together: many long fields in one row are {@code SOURCE_MALFORMED} before the shared array
 * outgrows the heap or the int range.
 */
public final class RowBytes {
    /** A row's bound in field bounds: 16 x 16 MiB = 256 MiB by default (docs/reference/sources.md, "Bounds"). */
    public static final int MAX_ROW_FACTOR = 16;

    private final int maxBytes;
    private final Supplier<String> row;
    private byte[] own = new byte[1024];
    private byte[] bytes = own;
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private boolean[] nulls = new boolean[16];
    private int size;
    private int base;
    private boolean verbatim;
    private int lineTo;

    /**
     * @param maxFieldBytes the field bound; the row holds at most {@link #MAX_ROW_FACTOR} of it
     * @param row the label of the record being read, for the refusal
     */
    RowBytes(int maxFieldBytes, Supplier<String> row) {
        this.maxBytes = maxBytes(maxFieldBytes);
        this.row = requireNonNull(row, "row is null");
    }

    /** The most bytes a row's cells may hold together under the field bound {@code maxFieldBytes}. */
    public static int maxBytes(int maxFieldBytes) {
        return (int) Math.min(Integer.MAX_VALUE - 8, (long) MAX_ROW_FACTOR * maxFieldBytes);
    }

    /** The refusal of a row whose cells hold more than {@code maxBytes} together. */
    public static DponeException tooLong(String row, int maxBytes) {
        return Malformed.at(row, "its cells hold more than " + maxBytes + " bytes together");
    }

    /** Cells in the record. */
    public int size() {
        return size;
    }

    public boolean isNull(int cell) {
        return nulls[check(cell)];
    }

    /** The array holding every cell's bytes; valid until the next record. */
    public byte[] bytes() {
        return bytes;
    }

    /** Offset of the cell's first byte in {@link #bytes()}. */
    public int start(int cell) {
        return base + starts[check(cell)];
    }

    /**
     * True when {@link #bytes()} from {@link #lineFrom} to {@link #lineTo} is the record exactly as
     * {@code TsvRows} writes it: TAB-separated cells that need no escape, {@code \N} for NULL, one
     * LF at the end.
     */
    public boolean isVerbatim() {
        return verbatim;
    }

    /** Offset of a verbatim record's first byte. */
    public int lineFrom() {
        return base;
    }

    /** Offset just past a verbatim record's LF. */
    public int lineTo() {
        return base + lineTo;
    }

    /** Offset just past the cell's last byte in {@link #bytes()}. */
    public int end(int cell) {
        return base + ends[check(cell)];
    }

    /** The cell as text ({@code null} for NULL); its bytes are well-formed UTF-8. */
    public String text(int cell) {
        return isNull(cell) ? null : new String(bytes, start(cell), end(cell) - start(cell), StandardCharsets.UTF_8);
    }

    void clear() {
        size = 0;
        bytes = own;
        base = 0;
        verbatim = false;
    }

    void add(FieldBuffer field) {
        int from = size == 0 ? 0 : ends[size - 1];
        int length = field.length();
        long needed = (long) from + length;
        if (needed > maxBytes) {
            throw tooLong(row.get(), maxBytes);
        }
        if (needed > own.length) {
            own = Arrays.copyOf(own, (int) Math.min(maxBytes, Math.max(2L * own.length, needed)));
            bytes = own;
        }
        field.copyTo(own, from);
        close(from, from + length, false);
    }

    void addNull() {
        int at = size == 0 ? 0 : ends[size - 1];
        close(at, at, true);
    }

    /** Starts a verbatim record at {@code from} in {@code source}; {@link #clear} ends the view. */
    void startLine(byte[] source, int from) {
        size = 0;
        bytes = source;
        base = from;
        verbatim = true;
    }

    /** The verbatim record's bytes moved to {@code from} in {@code source} (the source's buffer was compacted). */
    void moveLine(byte[] source, int from) {
        bytes = source;
        base = from;
    }

    /** A cell of the verbatim record, its offsets relative to the line's start; the tokenizer checked the field bound. */
    void addSpan(int start, int end, boolean isNull) {
        close(start, end, isNull);
    }

    /** Ends the verbatim record {@code length} bytes (LF included) after its start; false if that breaks the row bound. */
    boolean endLine(int length) {
        lineTo = length;
        return length <= maxBytes;
    }

    private void close(int start, int end, boolean isNull) {
        if (size == ends.length) {
            starts = Arrays.copyOf(starts, size * 2);
            ends = Arrays.copyOf(ends, size * 2);
            nulls = Arrays.copyOf(nulls, size * 2);
        }
        starts[size] = start;
        ends[size] = end;
        nulls[size] = isNull;
        size++;
    }

    private int check(int cell) {
        if (cell < 0 || cell >= size) {
            throw new IndexOutOfBoundsException(cell);
        }
        return cell;
    }
}
