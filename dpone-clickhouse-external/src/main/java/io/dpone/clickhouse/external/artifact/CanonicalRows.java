package io.dpone.clickhouse.external.artifact;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;

/**
 * Canonical row encoding v1 (docs/reference/external-mode.md, "Canonical encoding v1"): the ASCII
 * header {@value #HEADER}, then every row's values in column order, each in the fixed binary form
 * of its type. The SHA-256 of the whole encoding is the artifact's content digest; the same writer
 * digests rows re-observed from a member, so "member content == artifact" is one digest comparison.
 * Values are the Java classes {@link ColumnType} documents; anything else is a programming error.
 */
public final class CanonicalRows {
    public static final String HEADER = "dpone.clickhouse.canonical-rows.v1\n";
    static final byte[] HEADER_BYTES = HEADER.getBytes(StandardCharsets.US_ASCII);

    private final ArtifactSchema schema;
    private final CanonicalSink sink;
    private final ColumnType[] bases;
    private final boolean[] nullable;
    private long rows;

    private CanonicalRows(ArtifactSchema schema, CanonicalSink sink, boolean header) {
        this.schema = requireNonNull(schema, "schema is null");
        this.sink = requireNonNull(sink, "sink is null");
        bases = new ColumnType[schema.width()];
        nullable = new boolean[schema.width()];
        for (int i = 0; i < bases.length; i++) {
            bases[i] = schema.type(i).base();
            nullable[i] = schema.type(i).nullable();
        }
        if (header) {
            sink.writeBytes(HEADER_BYTES, 0, HEADER_BYTES.length);
        }
    }

    /** Starts an encoding into {@code sink}, writing the header. */
    public static CanonicalRows writer(ArtifactSchema schema, CanonicalSink sink) {
        return new CanonicalRows(schema, sink, true);
    }

    /**
     * A writer of bare row encodings (no header), e.g. to digest each row on its own: write a row,
     * then {@link CanonicalSink#finish()} gives that row's SHA-256 and readies the sink for the next.
     */
    public static CanonicalRows rowWriter(ArtifactSchema schema, CanonicalSink sink) {
        return new CanonicalRows(schema, sink, false);
    }

    /** The content digest of {@code rows}, e.g. rows re-observed from a member, in the order given. */
    public static Digest digest(ArtifactSchema schema, Iterator<? extends List<?>> rows) {
        CanonicalRows writer = writer(schema, new CanonicalSink(null));
        while (rows.hasNext()) {
            writer.write(rows.next());
        }
        return writer.sink.finish();
    }

    public ArtifactSchema schema() {
        return schema;
    }

    public long rows() {
        return rows;
    }

    /** Appends one row: one value per column, of the column's documented class or null if Nullable. */
    public void write(List<?> row) {
        if (row.size() != bases.length) {
            throw new IllegalArgumentException("a row has one value per column");
        }
        for (int i = 0; i < bases.length; i++) {
            Object value = row.get(i);
            if (nullable[i]) {
                sink.writeByte(value == null ? 0 : 1);
                if (value == null) {
                    continue;
                }
            } else if (value == null) {
                throw new IllegalArgumentException("NULL in a column that is not Nullable");
            }
            value(bases[i], value);
        }
        rows++;
    }

    private void value(ColumnType type, Object value) {
        if (type instanceof ColumnType.StringType) {
            byte[] bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
            sink.writeInt(bytes.length);
            sink.writeBytes(bytes, 0, bytes.length);
        } else if (type instanceof ColumnType.IntegerType integer) {
            long bits = value instanceof BigInteger big ? big.longValue() : (Long) value;
            switch (integer.bits()) {
                case 8 -> sink.writeByte((int) bits);
                case 16 -> sink.writeShort((int) bits);
                case 32 -> sink.writeInt((int) bits);
                default -> sink.writeLong(bits);
            }
        } else if (type instanceof ColumnType.FloatType floating) {
            if (floating.bits() == 32) {
                sink.writeInt(Float.floatToIntBits((Float) value));
            } else {
                sink.writeLong(Double.doubleToLongBits((Double) value));
            }
        } else if (type instanceof ColumnType.DecimalType decimal) {
            decimal(decimal, (BigDecimal) value);
        } else if (type instanceof ColumnType.FixedStringType fixed) {
            byte[] bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
            if (bytes.length > fixed.length()) {
                throw new IllegalArgumentException("FixedString value longer than its type");
            }
            sink.writeBytes(bytes, 0, bytes.length);
            sink.writeZeros(fixed.length() - bytes.length);
        } else if (type instanceof ColumnType.DateType date) {
            long days = ((LocalDate) value).toEpochDay();
            if (date.wide()) {
                sink.writeInt((int) days);
            } else {
                sink.writeShort((int) days);
            }
        } else if (type instanceof ColumnType.DateTimeType dateTime) {
            dateTime(dateTime, (LocalDateTime) value);
        } else if (type instanceof ColumnType.UuidType) {
            UUID uuid = (UUID) value;
            sink.writeLong(uuid.getMostSignificantBits());
            sink.writeLong(uuid.getLeastSignificantBits());
        } else if (type instanceof ColumnType.BoolType) {
            sink.writeByte((Boolean) value ? 1 : 0);
        } else {
            throw new IllegalArgumentException("unknown column type");
        }
    }

    private void decimal(ColumnType.DecimalType type, BigDecimal value) {
        if (value.scale() != type.scale()) {
            throw new IllegalArgumentException("a Decimal value has exactly its column's scale");
        }
        BigInteger unscaled = value.unscaledValue();
        int width = type.storageBytes();
        if (width == 4) {
            sink.writeInt(unscaled.intValueExact());
        } else if (width == 8) {
            sink.writeLong(unscaled.longValueExact());
        } else {
            byte[] minimal = unscaled.toByteArray();
            int pad = unscaled.signum() < 0 ? 0xFF : 0;
            for (int i = minimal.length; i < width; i++) {
                sink.writeByte(pad);
            }
            sink.writeBytes(minimal, 0, minimal.length);
        }
    }

    private void dateTime(ColumnType.DateTimeType type, LocalDateTime value) {
        long seconds = value.toEpochSecond(ZoneOffset.UTC);
        if (!type.is64()) {
            sink.writeInt((int) seconds);
            return;
        }
        long ticksPerSecond = CellParser.TICKS_PER_SECOND[type.precision()];
        long tickNanos = 1_000_000_000L / ticksPerSecond;
        if (value.getNano() % tickNanos != 0) {
            throw new IllegalArgumentException("a DateTime64 value has at most its column's precision");
        }
        sink.writeLong(Math.addExact(Math.multiplyExact(seconds, ticksPerSecond), value.getNano() / tickNanos));
    }

    /** Finishes the encoding: the content digest and byte size. */
    public Sealed finish() {
        Digest digest = sink.finish();
        return new Sealed(digest, sink.size(), rows);
    }

    /** The identity of a finished encoding. */
    public record Sealed(Digest sha256, long byteSize, long rowCount) {
        public Sealed {
            requireNonNull(sha256, "sha256 is null");
        }
    }
}
