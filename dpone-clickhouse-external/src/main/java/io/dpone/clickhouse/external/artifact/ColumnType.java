package io.dpone.clickhouse.external.artifact;

import static java.util.Objects.requireNonNull;

/**
 * A ClickHouse column type external mode can seal. {@link #canonicalName()} is the name ClickHouse
 * itself shows for the type ({@code Decimal32(2)} is {@code Decimal(9, 2)}), which the schema digest
 * hashes. Java value classes per type are listed in docs/reference/external-mode.md.
 */
public sealed interface ColumnType {
    String canonicalName();

    /** The type under any {@code LowCardinality} and {@code Nullable} wrappers. */
    default ColumnType base() {
        return this;
    }

    default boolean nullable() {
        return false;
    }

    /** {@code Int8..Int64} ({@link Long}) and {@code UInt8..UInt32} ({@link Long}), {@code UInt64} ({@link java.math.BigInteger}). */
    record IntegerType(int bits, boolean signed) implements ColumnType {
        public IntegerType {
            if (bits != 8 && bits != 16 && bits != 32 && bits != 64) {
                throw new IllegalArgumentException("bits is 8, 16, 32 or 64");
            }
        }

        @Override
        public String canonicalName() {
            return (signed ? "Int" : "UInt") + bits;
        }
    }

    /** {@code Float32} ({@link Float}) or {@code Float64} ({@link Double}). */
    record FloatType(int bits) implements ColumnType {
        public FloatType {
            if (bits != 32 && bits != 64) {
                throw new IllegalArgumentException("bits is 32 or 64");
            }
        }

        @Override
        public String canonicalName() {
            return "Float" + bits;
        }
    }

    /** {@code Decimal(P, S)}: {@link java.math.BigDecimal} with scale exactly S. */
    record DecimalType(int precision, int scale) implements ColumnType {
        public static final int MAX_PRECISION = 76;

        public DecimalType {
            if (precision < 1 || precision > MAX_PRECISION || scale < 0 || scale > precision) {
                throw new IllegalArgumentException("1 <= precision <= 76 and 0 <= scale <= precision");
            }
        }

        /** Bytes of ClickHouse's storage: Decimal32, 64, 128 or 256. */
        public int storageBytes() {
            return precision <= 9 ? 4 : precision <= 18 ? 8 : precision <= 38 ? 16 : 32;
        }

        @Override
        public String canonicalName() {
            return "Decimal(" + precision + ", " + scale + ")";
        }
    }

    /** {@code String}: {@link String}. */
    record StringType() implements ColumnType {
        @Override
        public String canonicalName() {
            return "String";
        }
    }

    /** {@code FixedString(N)}: {@link String} of at most N UTF-8 bytes, zero-padded to N when encoded. */
    record FixedStringType(int length) implements ColumnType {
        public static final int MAX_LENGTH = 1 << 20;

        public FixedStringType {
            if (length < 1 || length > MAX_LENGTH) {
                throw new IllegalArgumentException("1 <= length <= 1 MiB");
            }
        }

        @Override
        public String canonicalName() {
            return "FixedString(" + length + ")";
        }
    }

    /** {@code Date} (1970-01-01..2149-06-06) or {@code Date32} (1900-01-01..2299-12-31): {@link java.time.LocalDate}. */
    record DateType(boolean wide) implements ColumnType {
        @Override
        public String canonicalName() {
            return wide ? "Date32" : "Date";
        }
    }

    /**
     * {@code DateTime[('tz')]} (precision -1) or {@code DateTime64(p[, 'tz'])}: {@link java.time.LocalDateTime},
     * the wall-clock time in the column's time zone, as ClickHouse reads and writes its text.
     */
    record DateTimeType(int precision, String timeZone) implements ColumnType {
        public DateTimeType {
            if (precision < -1 || precision > 9) {
                throw new IllegalArgumentException("precision is -1 (DateTime) or 0..9 (DateTime64)");
            }
        }

        public boolean is64() {
            return precision >= 0;
        }

        @Override
        public String canonicalName() {
            String zone = timeZone == null ? "" : "'" + timeZone + "'";
            if (!is64()) {
                return timeZone == null ? "DateTime" : "DateTime(" + zone + ")";
            }
            return "DateTime64(" + precision + (timeZone == null ? "" : ", " + zone) + ")";
        }
    }

    /** {@code UUID}: {@link java.util.UUID}. */
    record UuidType() implements ColumnType {
        @Override
        public String canonicalName() {
            return "UUID";
        }
    }

    /** {@code Bool}: {@link Boolean}. */
    record BoolType() implements ColumnType {
        @Override
        public String canonicalName() {
            return "Bool";
        }
    }

    /** {@code Nullable(T)}: T's class, or {@code null}. */
    record NullableType(ColumnType inner) implements ColumnType {
        public NullableType {
            requireNonNull(inner, "inner is null");
            if (inner instanceof NullableType || inner instanceof LowCardinalityType) {
                throw new IllegalArgumentException("Nullable wraps a plain type");
            }
        }

        @Override
        public String canonicalName() {
            return "Nullable(" + inner.canonicalName() + ")";
        }

        @Override
        public ColumnType base() {
            return inner.base();
        }

        @Override
        public boolean nullable() {
            return true;
        }
    }

    /** {@code LowCardinality(T)}: a storage hint; values are T's. */
    record LowCardinalityType(ColumnType inner) implements ColumnType {
        public LowCardinalityType {
            requireNonNull(inner, "inner is null");
            if (inner instanceof LowCardinalityType) {
                throw new IllegalArgumentException("LowCardinality is not nested");
            }
        }

        @Override
        public String canonicalName() {
            return "LowCardinality(" + inner.canonicalName() + ")";
        }

        @Override
        public ColumnType base() {
            return inner.base();
        }

        @Override
        public boolean nullable() {
            return inner.nullable();
        }
    }
}
