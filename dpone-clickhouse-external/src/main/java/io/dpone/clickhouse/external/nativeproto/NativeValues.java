package io.dpone.clickhouse.external.nativeproto;

import io.dpone.clickhouse.external.artifact.ColumnType;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * Turns a value as members store it into the object clickhouse-native-jdbc 2.7.1 serializes for the
 * column: a date-time arrives as its instant's UTC clock ({@code DateTimePlacement.storedRows}), and
 * the driver writes the instant of the {@code ZonedDateTime} it is given (epoch seconds and nanos,
 * whatever the column's or the member's zone), so every member stores one instant; {@code Bool}
 * goes as its one-byte 0/1 (the driver knows Bool as UInt8, {@code NativeTypeAliases}). Every other
 * canonical class is what the driver takes as is. Wrong conversions cannot publish: every member's
 * rows are read back and digested before STAGED.
 */
final class NativeValues {
    /**
     * The driver computes a DateTime64 as {@code epoch_second * 10^9 + nano} in a 64-bit long
     * before scaling it to the column's precision, so it overflows after 2262-04-11 23:47:16.854775807
     * UTC whatever the precision. A stored value (the instant's UTC clock) up to this bound is below it.
     */
    static final LocalDateTime LAST_CARRIABLE_DATETIME64 = LocalDateTime.of(2262, 4, 10, 23, 59, 59, 999_999_999);

    private NativeValues() {}

    /** Why the driver cannot carry {@code value}, or empty. */
    static Optional<String> refusal(ColumnType type, Object value) {
        if (value != null
                && type.base() instanceof ColumnType.DateTimeType dateTime
                && dateTime.is64()
                && ((LocalDateTime) value).isAfter(LAST_CARRIABLE_DATETIME64)) {
            return Optional.of("a DateTime64 value after " + LAST_CARRIABLE_DATETIME64.toLocalDate()
                    + " cannot be carried by the native staging driver (clickhouse-native-jdbc 2.7.1)");
        }
        return Optional.empty();
    }

    /** @param value as members store it: a date-time is its instant's UTC clock */
    static Object toDriver(ColumnType type, Object value) {
        if (value == null) {
            return null;
        }
        ColumnType base = type.base();
        if (base instanceof ColumnType.DateTimeType) {
            return ((LocalDateTime) value).atZone(ZoneOffset.UTC);
        }
        if (base instanceof ColumnType.BoolType) {
            return (short) (((Boolean) value) ? 1 : 0);
        }
        return value;
    }
}
