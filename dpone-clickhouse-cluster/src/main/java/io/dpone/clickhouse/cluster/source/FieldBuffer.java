package io.dpone.clickhouse.cluster.source;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The bytes of one field being tokenized, decoded as strict UTF-8 when the field ends: malformed
 * or overlong sequences and surrogates are refused, never replaced, so two different inputs can
 * never read as the same text. Reused field after field; one thread.
 */
public final class FieldBuffer {
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final CharBuffer checked = CharBuffer.allocate(1024);
    private byte[] bytes = new byte[256];
    private int length;
    private boolean ascii = true;

    public void clear() {
        length = 0;
        ascii = true;
    }

    public void append(int b) {
        if (length == bytes.length) {
            bytes = Arrays.copyOf(bytes, bytes.length * 2);
        }
        bytes[length++] = (byte) b;
        if (b >= 0x80) {
            ascii = false;
        }
    }

    /** Appends {@code count} bytes of {@code source} from {@code offset}. */
    public void append(byte[] source, int offset, int count) {
        if (length + count > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + count));
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
        decoder.reset();
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
        while (true) {
            checked.clear();
            CoderResult result = decoder.decode(in, checked, true);
            if (result.isError()) {
                return false;
            }
            if (result.isUnderflow()) {
                checked.clear();
                return !decoder.flush(checked).isError();
            }
        }
    }

    /** The field as text, or null when its bytes are not well-formed UTF-8. */
    public String decodeOrNull() {
        if (ascii) {
            return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
        }
        try {
            CharBuffer chars = decoder.reset().decode(ByteBuffer.wrap(bytes, 0, length));
            return chars.toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
