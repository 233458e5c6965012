package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The TabSeparated reader's fast path (issue 20): reads the next record in place from the source's
 * buffer when its bytes are already what the loader would write for its cells, so the record is
 * neither copied into a field buffer nor escaped again. That holds for an LF-ended line whose only
 * backslashes are whole-field {@code \N} (NULL) and which has no CR, NUL, backspace or form feed
 * byte (the bytes the loader escapes), with every field within its bound, the line within the row
 * bound, no more cells than allowed and well-formed UTF-8. Anything else is left, unconsumed, to
 * the full tokenizer, which reads it from the same position: cells and refusals are the same
 * either way (DelimitedReaderFuzzTest, TsvRowsEquivalenceTest).
 */
final class VerbatimTsvLine {
    private static final byte PLAIN = 0;
    private static final byte TAB = 1;
    private static final byte LF = 2;
    private static final byte BACKSLASH = 3;
    private static final byte NON_ASCII = 4;
    private static final byte NOT_VERBATIM = 5;
    private static final byte[] CLASSES = new byte[256];

    static {
        CLASSES['\t'] = TAB;
        CLASSES['\n'] = LF;
        CLASSES['\\'] = BACKSLASH;
        CLASSES['\r'] = NOT_VERBATIM;
        CLASSES[0] = NOT_VERBATIM;
        CLASSES['\b'] = NOT_VERBATIM;
        CLASSES['\f'] = NOT_VERBATIM;
        for (int b = 0x80; b < 256; b++) {
            CLASSES[b] = NON_ASCII;
        }
    }

    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;

    /** {@link #scan} results that are not a line end. */
    private static final int NEED_MORE = -1;

    private static final int FALL_BACK = -2;

    private final ByteSource in;
    private final int maxFieldBytes;
    private final Utf8Check utf8 = new Utf8Check();
    // where a scan cut by the buffer's end resumes, relative to the line's start
    private int scanned;
    private int fieldStart;
    private boolean isNull;
    private boolean ascii;

    VerbatimTsvLine(ByteSource in, int maxFieldBytes) {
        this.in = requireNonNull(in, "in is null");
        this.maxFieldBytes = maxFieldBytes;
    }

    /**
     * Reads the next record into {@code cells} as a verbatim line and consumes it; false, with
     * nothing consumed and {@code cells} cleared, when the record needs the full tokenizer. A line
     * cut by the buffer's end is continued where its scan stopped once the source read more, as the
     * full tokenizer would have read more there too.
     */
    boolean read(RowBytes cells, int maxCells) {
        cells.startLine(in.buffer(), in.position());
        scanned = 0;
        fieldStart = 0;
        isNull = false;
        ascii = true;
        while (true) {
            int length = scan(cells, maxCells);
            if (length >= 0) {
                in.skipTo(in.position() + length);
                return true;
            }
            if (length == FALL_BACK || !in.bufferMore()) {
                cells.clear();
                return false;
            }
            cells.moveLine(in.buffer(), in.position());
        }
    }

    /** The line's length with its LF, or {@link #NEED_MORE} or {@link #FALL_BACK}. */
    private int scan(RowBytes cells, int maxCells) {
        byte[] bytes = in.buffer();
        int from = in.position();
        int length = in.limit() - from;
        for (int i = scanned; i < length; i++) {
            if (i + Long.BYTES <= length) {
                int plain = plainBytes(bytes, from + i);
                if (plain == Long.BYTES) {
                    i += Long.BYTES - 1;
                    continue;
                }
                i += plain;
            }
            switch (CLASSES[bytes[from + i] & 0xFF]) {
                case PLAIN -> {}
                case NON_ASCII -> ascii = false;
                case TAB, LF -> {
                    if (i - fieldStart > maxFieldBytes || cells.size() == maxCells) {
                        return FALL_BACK;
                    }
                    cells.addSpan(fieldStart, isNull ? fieldStart : i, isNull);
                    if (bytes[from + i] == '\n') {
                        boolean wellFormed = ascii || utf8.isWellFormed(bytes, from, from + i);
                        return wellFormed && cells.endLine(i + 1) ? i + 1 : FALL_BACK;
                    }
                    fieldStart = i + 1;
                    isNull = false;
                }
                case BACKSLASH -> {
                    if (i + 2 >= length) {
                        scanned = i;
                        return NEED_MORE;
                    }
                    int n = bytes[from + i + 1];
                    int after = bytes[from + i + 2];
                    if (i != fieldStart || n != 'N' || (after != '\t' && after != '\n')) {
                        return FALL_BACK;
                    }
                    isNull = true;
                    i++;
                }
                default -> {
                    return FALL_BACK;
                }
            }
        }
        scanned = length;
        return NEED_MORE;
    }

    /**
     * How many of the eight bytes at {@code at} are ASCII from 0x20 up other than the backslash (all
     * {@link #PLAIN}), before the first that is not: the scan's common case, eight bytes per step.
     * The flag of a byte below 0x20 or equal to a backslash comes from the zero-byte test of "Bit
     * Twiddling Hacks", which may also flag bytes after a true one (a borrow carries upward), never
     * before it, so the lowest flag is exact.
     */
    static int plainBytes(byte[] bytes, int at) {
        long word = (long) WORDS.get(bytes, at);
        long control = (word - 0x20 * ONES) & ~word;
        long backslashes = word ^ ('\\' * ONES);
        long backslash = (backslashes - ONES) & ~backslashes;
        long flags = (control | backslash | word) & HIGH_BITS;
        return flags == 0 ? Long.BYTES : Long.numberOfTrailingZeros(flags) >>> 3;
    }
}
