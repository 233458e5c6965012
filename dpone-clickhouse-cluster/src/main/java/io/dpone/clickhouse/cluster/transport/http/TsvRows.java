package io.dpone.clickhouse.cluster.transport.http;

import io.dpone.clickhouse.cluster.source.RowBytes;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes rows in ClickHouse's TabSeparated input form into a stream, through its own buffer:
 * {@code \N} for NULL, and the backslash escapes ClickHouse reads back exactly
 * ({@code \\ \t \n \r \0 \b \f}), so any text, including a literal {@code \N}, round-trips. It
 * escapes UTF-8 bytes, not characters: every byte it escapes is ASCII, and UTF-8 never uses an
 * ASCII byte inside a multi-byte sequence, so runs of bytes that need no escape are copied as they
 * are. One thread; {@link #flush} before the stream ends.
 */
final class TsvRows {
    private static final byte[][] ESCAPES = new byte[256][];

    static {
        ESCAPES['\\'] = new byte[] {'\\', '\\'};
        ESCAPES['\t'] = new byte[] {'\\', 't'};
        ESCAPES['\n'] = new byte[] {'\\', 'n'};
        ESCAPES['\r'] = new byte[] {'\\', 'r'};
        ESCAPES[0] = new byte[] {'\\', '0'};
        ESCAPES['\b'] = new byte[] {'\\', 'b'};
        ESCAPES['\f'] = new byte[] {'\\', 'f'};
    }

    private static final byte[] NULL = {'\\', 'N'};

    private final OutputStream out;
    private final byte[] buffer = new byte[1 << 16];
    private int used;

    TsvRows(OutputStream out) {
        this.out = out;
    }

    /** One row of text cells ({@code null} is NULL). */
    void write(List<String> cells) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                put((byte) '\t');
            }
            String cell = cells.get(i);
            if (cell == null) {
                put(NULL, 0, NULL.length);
            } else {
                byte[] utf8 = cell.getBytes(StandardCharsets.UTF_8);
                escape(utf8, 0, utf8.length);
            }
        }
        put((byte) '\n');
    }

    /** One row of decoded cell bytes; a verbatim record is copied as it is. */
    void write(RowBytes cells) throws IOException {
        byte[] bytes = cells.bytes();
        if (cells.isVerbatim()) {
            put(bytes, cells.lineFrom(), cells.lineTo() - cells.lineFrom());
            return;
        }
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                put((byte) '\t');
            }
            if (cells.isNull(i)) {
                put(NULL, 0, NULL.length);
            } else {
                escape(bytes, cells.start(i), cells.end(i));
            }
        }
        put((byte) '\n');
    }

    void flush() throws IOException {
        out.write(buffer, 0, used);
        used = 0;
        out.flush();
    }

    private void escape(byte[] bytes, int from, int to) throws IOException {
        int run = from;
        for (int i = from; i < to; i++) {
            byte[] escape = ESCAPES[bytes[i] & 0xFF];
            if (escape != null) {
                put(bytes, run, i - run);
                put(escape, 0, escape.length);
                run = i + 1;
            }
        }
        put(bytes, run, to - run);
    }

    private void put(byte b) throws IOException {
        if (used == buffer.length) {
            drain();
        }
        buffer[used++] = b;
    }

    private void put(byte[] bytes, int from, int count) throws IOException {
        if (count > buffer.length - used) {
            drain();
            if (count > buffer.length) {
                out.write(bytes, from, count);
                return;
            }
        }
        System.arraycopy(bytes, from, buffer, used, count);
        used += count;
    }

    private void drain() throws IOException {
        out.write(buffer, 0, used);
        used = 0;
    }
}
