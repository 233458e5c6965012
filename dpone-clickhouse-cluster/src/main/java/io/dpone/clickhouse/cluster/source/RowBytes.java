package io.dpone.clickhouse.cluster.source;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One record's cells as their decoded bytes (escapes and quotes already resolved, strict UTF-8
 * checked by the tokenizer), laid end to end in one reused array: the loader escapes these bytes
 * for the wire without building a {@code String} per cell. A NULL cell has no bytes. Reused record
 * after record; one thread.
 */
public final class RowBytes {
    private byte[] bytes = new byte[1024];
    private int[] ends = new int[16];
    private boolean[] nulls = new boolean[16];
    private int size;

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
        return check(cell) == 0 ? 0 : ends[cell - 1];
    }

    /** Offset just past the cell's last byte in {@link #bytes()}. */
    public int end(int cell) {
        return ends[check(cell)];
    }

    /** The cell as text ({@code null} for NULL); its bytes are well-formed UTF-8. */
    public String text(int cell) {
        return isNull(cell) ? null : new String(bytes, start(cell), end(cell) - start(cell), StandardCharsets.UTF_8);
    }

    void clear() {
        size = 0;
    }

    void add(FieldBuffer field) {
        int from = size == 0 ? 0 : ends[size - 1];
        int length = field.length();
        if (from + length > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, from + length));
        }
        field.copyTo(bytes, from);
        close(from + length, false);
    }

    void addNull() {
        close(size == 0 ? 0 : ends[size - 1], true);
    }

    private void close(int end, boolean isNull) {
        if (size == ends.length) {
            ends = Arrays.copyOf(ends, size * 2);
            nulls = Arrays.copyOf(nulls, size * 2);
        }
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
