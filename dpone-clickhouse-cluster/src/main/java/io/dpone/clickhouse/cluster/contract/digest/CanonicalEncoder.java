package io.dpone.clickhouse.cluster.contract.digest;

import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The canonical byte encoding every protocol digest hashes (see docs/reference/protocol-contracts.md).
 * A sequence of fields, each a 4-byte big-endian length followed by that many bytes; a null field
 * is the length {@code 0xFFFFFFFF} with no bytes. The first field is always a domain tag, so two
 * digest kinds never share an input and {@code ("a","bc")} never encodes like {@code ("ab","c")}.
 * Not thread-safe; one instance encodes one value.
 */
public final class CanonicalEncoder {
    private static final int NULL_LENGTH = 0xFFFFFFFF;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private CanonicalEncoder() {}

    /** Starts an encoding whose first field is {@code domainTag}. */
    public static CanonicalEncoder forDomain(String domainTag) {
        return new CanonicalEncoder().text(requireNonNull(domainTag, "domainTag is null"));
    }

    /** Starts an encoding without a tag, for members that a tagged encoding embeds. */
    public static CanonicalEncoder member() {
        return new CanonicalEncoder();
    }

    /**
     * Appends UTF-8 text, or the null marker. Text with an unpaired surrogate is rejected rather
     * than replaced, so two different strings can never encode alike.
     */
    public CanonicalEncoder text(String value) {
        return value == null ? nullField() : bytes(strictUtf8(value));
    }

    /** Appends a number as its shortest decimal text. */
    public CanonicalEncoder number(long value) {
        return text(Long.toString(value));
    }

    /** Appends a boolean as the text {@code 1} or {@code 0}. */
    public CanonicalEncoder flag(boolean value) {
        return text(value ? "1" : "0");
    }

    /** Appends raw bytes as one length-prefixed field. */
    public CanonicalEncoder bytes(byte[] value) {
        requireNonNull(value, "value is null");
        writeLength(value.length);
        out.writeBytes(value);
        return this;
    }

    /**
     * Appends a multiset of member encodings independent of their order: the count, then every
     * member as one field, sorted by unsigned byte order.
     */
    public CanonicalEncoder unordered(List<byte[]> members) {
        List<byte[]> sorted = new ArrayList<>(requireNonNull(members, "members is null"));
        sorted.sort(Arrays::compareUnsigned);
        number(sorted.size());
        sorted.forEach(this::bytes);
        return this;
    }

    public byte[] toBytes() {
        return out.toByteArray();
    }

    public Digest sha256() {
        return sha256(toBytes());
    }

    /** SHA-256 of arbitrary bytes as a {@link Digest}. */
    public static Digest sha256(byte[] input) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(input);
            return new Digest(HexFormat.of().formatHex(hash));
        } catch (NoSuchAlgorithmException e) {
            // Every Java SE runtime must provide SHA-256.
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    /** The UTF-8 bytes of well-formed UTF-16 text; IllegalArgumentException for an unpaired surrogate. */
    public static byte[] strictUtf8(String value) {
        try {
            ByteBuffer buffer = StandardCharsets.UTF_8
                    .newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(value));
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            return bytes;
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("text is not well-formed UTF-16");
        }
    }

    private CanonicalEncoder nullField() {
        writeLength(NULL_LENGTH);
        return this;
    }

    private void writeLength(int length) {
        out.write(length >>> 24);
        out.write(length >>> 16);
        out.write(length >>> 8);
        out.write(length);
    }
}
