package io.dpone.clickhouse.external.nativeproto;

import io.dpone.clickhouse.external.artifact.ColumnType;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Optional;

/**
 * Turns a canonical typed value into the object clickhouse-native-jdbc 2.7.1 serializes for the
 * column: the driver reads a date-time as an instant, so a wall-clock value is placed in the
 * column's zone (or the member's server zone when the type names none), exactly as ClickHouse
 * places the text of that value; {@code Bool} goes as its one-byte 0/1 (the driver knows Bool as
 * UInt8, {@code NativeTypeAliases}). Every other canonical class is what the driver takes as is.
 * Wrong conversions cannot publish: every member's rows are read back and digested before STAGED.
 */
final class NativeValues {
    /**
     * The driver computes a DateTime64 as {@code epoch_second * 10^9 + nano} in a 64-bit long
     * before scaling it to the column's precision, so it overflows after 2262-04-11 23:47:16.854775807
     * UTC whatever the precision. Wall-clock values up to this bound are below it in every zone
     * (offsets are within 18 hours).
     */
    static final LocalDateTime LAST_CARRIABLE_DATETIME64 = LocalDateTime.of(2262, 4, 10, 23, 59, 59, 999_999_999);

    private NativeValues() {
    }

    /** Why the driver cannot carry {@code value}, or empty. */
    static Optional<String> refusal(ColumnType type, Object value) {
        if (value != null && type.base() instanceof ColumnType.DateTimeType dateTime && dateTime.is64()
                && ((LocalDateTime) value).isAfter(LAST_CARRIABLE_DATETIME64)) {
            return Optional.of("a DateTime64 value after " + LAST_CARRIABLE_DATETIME64.toLocalDate()
                    + " cannot be carried by the native staging driver (clickhouse-native-jdbc 2.7.1)");
        }
        return Optional.empty();
    }

    static Object toDriver(ColumnType type, Object value, ZoneId serverZone) {
        if (value == null) {
            return null;
        }
        ColumnType base = type.base();
        if (base instanceof ColumnType.DateTimeType dateTime) {
            ZoneId zone = dateTime.timeZone() == null ? serverZone : ZoneId.of(dateTime.timeZone());
            return ((LocalDateTime) value).atZone(zone);
        }
        if (base instanceof ColumnType.BoolType) {
            return (short) (((Boolean) value) ? 1 : 0);
        }
        return value;
    }
}
