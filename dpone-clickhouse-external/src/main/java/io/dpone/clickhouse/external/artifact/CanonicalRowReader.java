package io.dpone.clickhouse.external.artifact;

import static java.util.Objects.requireNonNull;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * Decodes canonical row encoding v1 back into typed rows (the inverse of {@link CanonicalRows}).
 * The caller verifies the digest; this class only checks the structure and reports a truncated or
 * malformed encoding as an {@link IOException}. One thread.
 */
public final class CanonicalRowReader {
    private final ArtifactSchema schema;
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
    private final Input in;
    private final ColumnType[] bases;
    private final boolean[] nullable;

    public CanonicalRowReader(ArtifactSchema schema, InputStream in) throws IOException {
        this.schema = requireNonNull(schema, "schema is null");
        this.in = new Input(requireNonNull(in, "in is null"));
        bases = new ColumnType[schema.width()];
        nullable = new boolean[schema.width()];
        for (int i = 0; i < bases.length; i++) {
            bases[i] = schema.type(i).base();
            nullable[i] = schema.type(i).nullable();
        }
        byte[] header = new byte[CanonicalRows.HEADER_BYTES.length];
        this.in.readFully(header);
        if (!Arrays.equals(header, CanonicalRows.HEADER_BYTES)) {
            throw new IOException("not canonical row encoding v1");
        }
    }

    public ArtifactSchema schema() {
        return schema;
    }

    /** The next row, or null at the clean end of the encoding. */
    public List<Object> next() throws IOException {
        List<Object> row = new ArrayList<>(bases.length);
        for (int i = 0; i < bases.length; i++) {
            if (nullable[i]) {
                int marker = i == 0 ? in.read() : in.readUnsignedByte();
                if (marker < 0) {
                    return null;
                }
                if (marker == 0) {
                    row.add(null);
                    continue;
                }
                if (marker != 1) {
                    throw new IOException("bad null marker");
                }
                row.add(value(bases[i]));
            } else if (i == 0) {
                int first = in.read();
                if (first < 0) {
                    return null;
                }
                row.add(value(bases[i], first));
            } else {
                row.add(value(bases[i]));
            }
        }
        return row;
    }

    private Object value(ColumnType type) throws IOException {
        return value(type, in.readUnsignedByte());
    }

    /** Decodes one value whose first byte was already read. */
    private Object value(ColumnType type, int first) throws IOException {
        if (type instanceof ColumnType.StringType) {
            int length = (first << 24) | (int) signedBits(in.readUnsignedByte(), 3) & 0xFFFFFF;
            if (length < 0) {
                throw new IOException("bad string length");
            }
            return in.readUtf8(length);
        }
        if (type instanceof ColumnType.IntegerType integer) {
            long bits = signedBits(first, integer.bits() / 8);
            if (integer.signed()) {
                return bits;
            }
            if (integer.bits() == 64) {
                return bits >= 0
                        ? BigInteger.valueOf(bits)
                        : BigInteger.valueOf(bits).add(TWO_TO_64);
            }
            return bits & ((1L << integer.bits()) - 1);
        }
        if (type instanceof ColumnType.FloatType floating) {
            long bits = signedBits(first, floating.bits() / 8);
            return floating.bits() == 32
                    ? (Object) Float.intBitsToFloat((int) bits)
                    : (Object) Double.longBitsToDouble(bits);
        }
        if (type instanceof ColumnType.DecimalType decimal) {
            if (decimal.storageBytes() <= Long.BYTES) {
                // a compact BigDecimal: equal to the BigInteger form, and the driver scales it without inflating
                return BigDecimal.valueOf(signedBits(first, decimal.storageBytes()), decimal.scale());
            }
            byte[] bytes = new byte[decimal.storageBytes()];
            bytes[0] = (byte) first;
            in.readFully(bytes, 1, bytes.length - 1);
            return new BigDecimal(new BigInteger(bytes), decimal.scale());
        }
        if (type instanceof ColumnType.FixedStringType fixed) {
            byte[] bytes = new byte[fixed.length()];
            bytes[0] = (byte) first;
            in.readFully(bytes, 1, bytes.length - 1);
            int end = bytes.length;
            while (end > 0 && bytes[end - 1] == 0) {
                end--;
            }
            return new String(bytes, 0, end, StandardCharsets.UTF_8);
        }
        if (type instanceof ColumnType.DateType date) {
            long days = date.wide() ? signedBits(first, 4) : signedBits(first, 2) & 0xFFFF;
            return LocalDate.ofEpochDay(days);
        }
        if (type instanceof ColumnType.DateTimeType dateTime) {
            if (!dateTime.is64()) {
                return LocalDateTime.ofEpochSecond(signedBits(first, 4) & 0xFFFFFFFFL, 0, ZoneOffset.UTC);
            }
            long ticksPerSecond = CellParser.TICKS_PER_SECOND[dateTime.precision()];
            long ticks = signedBits(first, 8);
            long seconds = Math.floorDiv(ticks, ticksPerSecond);
            long nanos = Math.floorMod(ticks, ticksPerSecond) * (1_000_000_000L / ticksPerSecond);
            return LocalDateTime.ofEpochSecond(seconds, (int) nanos, ZoneOffset.UTC);
        }
        if (type instanceof ColumnType.UuidType) {
            return new UUID(signedBits(first, 8), signedBits(in.readUnsignedByte(), 8));
        }
        if (type instanceof ColumnType.BoolType) {
            if (first > 1) {
                throw new IOException("bad Bool");
            }
            return first == 1;
        }
        throw new IOException("unknown column type");
    }

    /** A big-endian two's-complement value of {@code bytes} bytes whose first byte is {@code first}. */
    private long signedBits(int first, int bytes) throws IOException {
        return in.shiftIn((byte) first, bytes - 1);
    }

    /**
     * The encoding's bytes through a buffer of its own: the reader takes most values byte by byte,
     * and {@code DataInputStream} over a {@code BufferedInputStream} costs a synchronized call per
     * byte (half of a member insert's client time in the issue 20 profile).
     */
    private static final class Input {
        private final InputStream in;
        private final byte[] buffer = new byte[1 << 16];
        private int position;
        private int limit;

        Input(InputStream in) {
            this.in = in;
        }

        /** The next byte (0-255), or -1 at the end. */
        int read() throws IOException {
            if (position == limit && !fill()) {
                return -1;
            }
            return buffer[position++] & 0xFF;
        }

        int readUnsignedByte() throws IOException {
            int b = read();
            if (b < 0) {
                throw new EOFException();
            }
            return b;
        }

        void readFully(byte[] target) throws IOException {
            readFully(target, 0, target.length);
        }

        /** {@code value} followed by the next {@code count} bytes, big-endian; from the buffer in one step when it holds them. */
        long shiftIn(long value, int count) throws IOException {
            if (limit - position >= count) {
                int at = position;
                for (int i = 0; i < count; i++) {
                    value = (value << 8) | (buffer[at + i] & 0xFF);
                }
                position = at + count;
                return value;
            }
            for (int i = 0; i < count; i++) {
                value = (value << 8) | readUnsignedByte();
            }
            return value;
        }

        /** The next {@code length} bytes as UTF-8, decoded straight from the buffer when it holds them. */
        String readUtf8(int length) throws IOException {
            if (limit - position >= length) {
                String text = new String(buffer, position, length, StandardCharsets.UTF_8);
                position += length;
                return text;
            }
            return new String(readLarge(length), StandardCharsets.UTF_8);
        }

        /**
         * The next {@code length} bytes, allocated as they arrive: a corrupt length (up to 2 GiB) ends
         * in an {@link EOFException} at the artifact's end, never in one allocation of that size.
         */
        private byte[] readLarge(int length) throws IOException {
            int buffered = limit - position;
            byte[] rest = in.readNBytes(length - buffered);
            if (rest.length != length - buffered) {
                throw new EOFException();
            }
            byte[] bytes = new byte[length];
            System.arraycopy(buffer, position, bytes, 0, buffered);
            System.arraycopy(rest, 0, bytes, buffered, rest.length);
            position = limit;
            return bytes;
        }

        void readFully(byte[] target, int offset, int length) throws IOException {
            while (length > 0) {
                if (position == limit && !fill()) {
                    throw new EOFException();
                }
                int n = Math.min(length, limit - position);
                System.arraycopy(buffer, position, target, offset, n);
                position += n;
                offset += n;
                length -= n;
            }
        }

        private boolean fill() throws IOException {
            int n;
            do {
                n = in.read(buffer, 0, buffer.length);
            } while (n == 0);
            position = 0;
            limit = Math.max(n, 0);
            return n > 0;
        }
    }
}
