package io.dpone.clickhouse.cluster.source;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The bytes of one field being tokenized, decoded as strict UTF-8 when the field ends: malformed
 * or overlong sequences and surrogates are refused, never replaced, so two different inputs can
 * never read as the same text. A field holds at most {@code maxBytes} bytes (after unescaping):
 * one more is {@code SOURCE_MALFORMED} naming the row, so a field without an end (an unterminated
 * CSV quote in a multi-gigabyte file) stops the reader instead of growing the buffer until the
 * heap or the array size runs out. Reused field after field; one thread.
 */
public final class FieldBuffer {
    /** The default bound of one field: 16 MiB (docs/reference/sources.md, "Bounds"). */
    public static final int MAX_FIELD_BYTES = 16 << 20;

    private final Utf8Check utf8 = new Utf8Check();
    private final int maxBytes;
    private final Supplier<String> row;
    private byte[] bytes;
    private int length;
    private boolean ascii = true;

    /**
     * @param maxBytes the most bytes one field may hold, at least 1
     * @param row the label of the row being read ({@link Malformed#rowLabel}), for the refusal
     */
    public FieldBuffer(int maxBytes, Supplier<String> row) {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes is positive");
        }
        this.maxBytes = maxBytes;
        this.row = requireNonNull(row, "row is null");
        this.bytes = new byte[Math.min(256, maxBytes)];
    }

    public void clear() {
        length = 0;
        ascii = true;
    }

    public void append(int b) {
        if (length == bytes.length) {
            grow(length + 1L);
        }
        bytes[length++] = (byte) b;
        if (b >= 0x80) {
            ascii = false;
        }
    }

    /** Appends {@code count} bytes of {@code source} from {@code offset}. */
    public void append(byte[] source, int offset, int count) {
        if (count > bytes.length - length) {
            grow((long) length + count);
        }
        System.arraycopy(source, offset, bytes, length, count);
        if (ascii) {
            for (int i = offset; i < offset + count; i++) {
                if (source[i] < 0) {
                    ascii = false;
                    break;
                }
            }
        }
        length += count;
    }

    /**
     * Doubles the array up to the bound; a field that needs more is refused before anything is
     * copied. The array never exceeds the bound, so the check on growth is the check on length.
     */
    private void grow(long needed) {
        if (needed > maxBytes) {
            throw tooLong(row.get(), maxBytes);
        }
        bytes = Arrays.copyOf(bytes, (int) Math.min(maxBytes, Math.max(needed, 2L * bytes.length)));
    }

    /** The refusal of a field over {@code maxBytes} in {@code row}. */
    public static DponeException tooLong(String row, int maxBytes) {
        return Malformed.at(row, "a field is longer than " + maxBytes + " bytes (is a quote or a line end missing?)");
    }

    public int length() {
        return length;
    }

    public boolean isEmpty() {
        return length == 0;
    }

    /** The byte at {@code index} (0-255). */
    public int byteAt(int index) {
        return bytes[index] & 0xFF;
    }

    /** Drops trailing bytes that are spaces or tabs. */
    public void trimTrailingSpacesAndTabs() {
        while (length > 0 && (bytes[length - 1] == ' ' || bytes[length - 1] == '\t')) {
            length--;
        }
    }

    /** True when the field is exactly the two bytes {@code \N}. */
    public boolean isNullMarker() {
        return length == 2 && bytes[0] == '\\' && bytes[1] == 'N';
    }

    /** Copies the field's bytes into {@code target} at {@code offset}. */
    void copyTo(byte[] target, int offset) {
        System.arraycopy(bytes, 0, target, offset, length);
    }

    /** True when the field's bytes are well-formed UTF-8; builds no text. */
    public boolean isWellFormed() {
        if (ascii) {
            return true;
        }
        return utf8.isWellFormed(bytes, 0, length);
    }

    /** The field as text, or null when its bytes are not well-formed UTF-8. */
    public String decodeOrNull() {
        if (ascii) {
            return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
        }
        try {
            CharBuffer chars = utf8.decoder().reset().decode(ByteBuffer.wrap(bytes, 0, length));
            return chars.toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
