package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.io.IOException;
import java.io.InputStream;

/**
 * An unsynchronised byte buffer over a stream for the format tokenizers, which read byte by byte:
 * every delimiter dpone reads is ASCII, and UTF-8 never uses an ASCII byte inside a multi-byte
 * sequence, so fields can be cut on bytes and decoded afterwards. Counts the bytes handed out, the
 * figure limits and progress use. An I/O failure becomes {@code SOURCE_UNREADABLE} without the
 * underlying message, which may name a path. One thread; closing closes the stream.
 */
public final class ByteSource implements AutoCloseable {
    public static final int EOF = -1;
    private static final int BUFFER_BYTES = 1 << 16;

    private final InputStream in;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int position;
    private int limit;
    private long consumedBefore;

    public ByteSource(InputStream in) {
        this.in = requireNonNull(in, "in is null");
    }

    /** The next byte (0-255) without consuming it, or {@link #EOF}. */
    public int peek() {
        if (position == limit && !fill()) {
            return EOF;
        }
        return buffer[position] & 0xFF;
    }

    /** Consumes and returns the next byte (0-255), or {@link #EOF}. */
    public int read() {
        if (position == limit && !fill()) {
            return EOF;
        }
        return buffer[position++] & 0xFF;
    }

    /** A stop table for {@link #copyUntil}: true for each of {@code bytes}. */
    public static boolean[] stops(int... bytes) {
        boolean[] table = new boolean[256];
        for (int b : bytes) {
            table[b] = true;
        }
        return table;
    }

    /**
     * Consumes bytes into {@code field} up to, not including, the first byte marked in {@code stops}
     * or the end of the input: the tokenizers' hot loop, scanning the buffer without a call per byte.
     */
    public void copyUntil(FieldBuffer field, boolean[] stops) {
        while (position < limit || fill()) {
            byte[] bytes = buffer;
            int start = position;
            int end = limit;
            int p = start;
            while (p < end && !stops[bytes[p] & 0xFF]) {
                p++;
            }
            field.append(bytes, start, p - start);
            position = p;
            if (p < end) {
                return;
            }
        }
    }

    /** The buffer a tokenizer scans in place from {@link #position} to {@link #limit}; valid until the next read. */
    byte[] buffer() {
        return buffer;
    }

    int position() {
        return position;
    }

    int limit() {
        return limit;
    }

    /** Consumes the buffered bytes before {@code next}, a position between {@link #position} and {@link #limit}. */
    void skipTo(int next) {
        if (next < position || next > limit) {
            throw new IllegalArgumentException("outside the buffered bytes");
        }
        position = next;
    }

    /**
     * Moves the unconsumed bytes to the buffer's start (offsets change) and reads once more after
     * them, as {@link #read} would once the buffer is used up; false at the end of the input or when
     * the unconsumed bytes fill the buffer.
     */
    boolean bufferMore() {
        return limit - position < buffer.length && fillMore();
    }

    /** Bytes consumed so far. */
    public long consumed() {
        return consumedBefore + position;
    }

    /** Consumes a UTF-8 byte-order mark if the stream starts with one (ClickHouse skips it too). */
    public void skipByteOrderMark() {
        if (consumed() != 0 || peek() != 0xEF) {
            return;
        }
        while (limit - position < 3) {
            if (!fillMore()) {
                return;
            }
        }
        if ((buffer[position + 1] & 0xFF) == 0xBB && (buffer[position + 2] & 0xFF) == 0xBF) {
            position += 3;
        }
    }

    private boolean fill() {
        consumedBefore += limit;
        position = 0;
        limit = 0;
        return fillMore();
    }

    /** Appends bytes after {@code limit}, compacting first; false at end of stream. */
    private boolean fillMore() {
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, limit - position);
            consumedBefore += position;
            limit -= position;
            position = 0;
        }
        try {
            int n;
            do {
                n = in.read(buffer, limit, buffer.length - limit);
            } while (n == 0);
            if (n < 0) {
                return false;
            }
            limit += n;
            return true;
        } catch (IOException e) {
            throw new DponeException(
                    DponeErrorCode.SOURCE_UNREADABLE,
                    "reading the source failed after " + consumed() + " bytes ("
                            + e.getClass().getSimpleName() + ")");
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new DponeException(
                    DponeErrorCode.SOURCE_UNREADABLE,
                    "closing the source failed (" + e.getClass().getSimpleName() + ")");
        }
    }
}
