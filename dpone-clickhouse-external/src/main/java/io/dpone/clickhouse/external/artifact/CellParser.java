package io.dpone.clickhouse.external.artifact;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.UUID;

/**
 * Turns a cell's text into the typed value of its column, accepting exactly the text forms listed
 * in docs/reference/external-mode.md ("Accepted text forms") and nothing lossy: a value out of
 * range, with more fractional digits than the type keeps, or in another spelling is refused rather
 * than clamped, rounded or guessed. Pure; stateless.
 */
public final class CellParser {
    static final LocalDate DATE_MIN = LocalDate.of(1970, 1, 1);
    static final LocalDate DATE_MAX = LocalDate.of(2149, 6, 6);
    static final LocalDate DATE32_MIN = LocalDate.of(1900, 1, 1);
    static final LocalDate DATE32_MAX = LocalDate.of(2299, 12, 31);
    static final LocalDateTime DATETIME_MIN = LocalDateTime.of(1970, 1, 1, 0, 0, 0);
    static final LocalDateTime DATETIME_MAX = LocalDateTime.of(2106, 2, 7, 6, 28, 15);
    static final LocalDateTime DATETIME64_MIN = LocalDateTime.of(1900, 1, 1, 0, 0, 0);
    static final LocalDateTime DATETIME64_MAX = LocalDateTime.of(2299, 12, 31, 23, 59, 59, 999_999_999);
    static final long[] TICKS_PER_SECOND = {
        1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L
    };
    private static final long[] TEN_POWERS = {
        1L,
        10L,
        100L,
        1_000L,
        10_000L,
        100_000L,
        1_000_000L,
        10_000_000L,
        100_000_000L,
        1_000_000_000L,
        10_000_000_000L,
        100_000_000_000L,
        1_000_000_000_000L,
        10_000_000_000_000L,
        100_000_000_000_000L,
        1_000_000_000_000_000L,
        10_000_000_000_000_000L,
        100_000_000_000_000_000L,
        1_000_000_000_000_000_000L
    };
    private static final BigInteger UINT64_LIMIT = BigInteger.ONE.shiftLeft(64);

    /** A cell that is not a valid text form of its type; carries no text. */
    public static final class InvalidCell extends Exception {
        private static final long serialVersionUID = 1L;

        InvalidCell() {
            super(null, null, false, false);
        }
    }

    private static final InvalidCell INVALID = new InvalidCell();

    private CellParser() {}

    /** The typed value of {@code cell} ({@code null} is SQL NULL, valid only for a Nullable type). */
    public static Object parse(ColumnType type, String cell) throws InvalidCell {
        if (cell == null) {
            if (!type.nullable()) {
                throw INVALID;
            }
            return null;
        }
        ColumnType base = type.base();
        if (base instanceof ColumnType.StringType) {
            return cell;
        }
        if (base instanceof ColumnType.IntegerType integer) {
            return integer(integer, cell);
        }
        if (base instanceof ColumnType.FloatType floating) {
            return floating(floating.bits(), cell);
        }
        if (base instanceof ColumnType.DecimalType decimal) {
            return decimal(decimal, cell);
        }
        if (base instanceof ColumnType.FixedStringType fixed) {
            if (cell.getBytes(StandardCharsets.UTF_8).length > fixed.length()) {
                throw INVALID;
            }
            return cell;
        }
        if (base instanceof ColumnType.DateType date) {
            return date(cell, date.wide() ? DATE32_MIN : DATE_MIN, date.wide() ? DATE32_MAX : DATE_MAX);
        }
        if (base instanceof ColumnType.DateTimeType dateTime) {
            return dateTime(dateTime, cell);
        }
        if (base instanceof ColumnType.UuidType) {
            return uuid(cell);
        }
        if (base instanceof ColumnType.BoolType) {
            return bool(cell);
        }
        throw new IllegalArgumentException("unknown column type");
    }

    private static Object integer(ColumnType.IntegerType type, String cell) throws InvalidCell {
        int start = cell.startsWith("+") || (cell.startsWith("-") && type.signed()) ? 1 : 0;
        if (cell.length() == start || cell.length() - start > 40) {
            throw INVALID;
        }
        for (int i = start; i < cell.length(); i++) {
            char c = cell.charAt(i);
            if (c < '0' || c > '9') {
                throw INVALID;
            }
        }
        if (type.bits() == 64 && !type.signed()) {
            if (cell.length() - start <= 18) {
                return BigInteger.valueOf(Long.parseLong(cell));
            }
            BigInteger value = new BigInteger(cell);
            if (value.compareTo(UINT64_LIMIT) >= 0) {
                throw INVALID;
            }
            return value;
        }
        long value;
        try {
            value = Long.parseLong(cell);
        } catch (NumberFormatException e) {
            throw INVALID;
        }
        long min = type.signed() ? -(1L << (type.bits() - 1)) : 0;
        long max = type.bits() == 64
                ? Long.MAX_VALUE
                : type.signed() ? (1L << (type.bits() - 1)) - 1 : (1L << type.bits()) - 1;
        if (value < min || value > max) {
            throw INVALID;
        }
        return value;
    }

    private static Object floating(int bits, String cell) throws InvalidCell {
        Double special = switch (cell.toLowerCase(java.util.Locale.ROOT)) {
            case "inf", "+inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan", "+nan", "-nan" -> Double.NaN;
            default -> null;
        };
        if (special != null) {
            return bits == 32 ? (Object) Float.valueOf(special.floatValue()) : (Object) special;
        }
        if (!isDecimalNumber(cell, true)) {
            throw INVALID;
        }
        if (bits == 32) {
            float value = Float.parseFloat(cell);
            if (Float.isInfinite(value)) {
                throw INVALID;
            }
            return value;
        }
        double value = Double.parseDouble(cell);
        if (Double.isInfinite(value)) {
            throw INVALID;
        }
        return value;
    }

    private static Object decimal(ColumnType.DecimalType type, String cell) throws InvalidCell {
        if (type.precision() <= 18 && cell.length() <= 19) {
            return smallDecimal(type, cell);
        }
        if (!isDecimalNumber(cell, false)) {
            throw INVALID;
        }
        BigDecimal value = new BigDecimal(cell);
        try {
            value = value.setScale(type.scale());
        } catch (ArithmeticException e) {
            throw INVALID;
        }
        if (value.precision() > type.precision()) {
            throw INVALID;
        }
        return value;
    }

    /** The general path's rules on a long: each step is checked to stay below 10^P <= 10^18 before it is taken. */
    private static BigDecimal smallDecimal(ColumnType.DecimalType type, String cell) throws InvalidCell {
        int i = 0;
        int n = cell.length();
        boolean negative = false;
        if (n > 0 && (cell.charAt(0) == '+' || cell.charAt(0) == '-')) {
            negative = cell.charAt(0) == '-';
            i++;
        }
        long unscaled = 0;
        int digits = 0;
        int fraction = -1;
        for (; i < n; i++) {
            char c = cell.charAt(i);
            if (c == '.' && fraction < 0) {
                fraction = 0;
                continue;
            }
            if (c < '0' || c > '9') {
                throw INVALID;
            }
            digits++;
            if (fraction >= 0) {
                fraction++;
                if (fraction > type.scale()) {
                    if (c != '0') {
                        throw INVALID;
                    }
                    continue;
                }
            }
            if (unscaled > (TEN_POWERS[type.precision()] - 1 - (c - '0')) / 10) {
                throw INVALID;
            }
            unscaled = unscaled * 10 + (c - '0');
            if (unscaled >= TEN_POWERS[type.precision()]) {
                throw INVALID;
            }
        }
        if (digits == 0) {
            throw INVALID;
        }
        for (int kept = Math.max(fraction, 0); kept < type.scale(); kept++) {
            if (unscaled > (TEN_POWERS[type.precision()] - 1) / 10) {
                throw INVALID;
            }
            unscaled *= 10;
            if (unscaled >= TEN_POWERS[type.precision()]) {
                throw INVALID;
            }
        }
        return BigDecimal.valueOf(negative ? -unscaled : unscaled, type.scale());
    }

    /** {@code [+-]?(digits[.digits?]|.digits)} plus, when {@code exponent}, {@code [eE][+-]?digits}. */
    private static boolean isDecimalNumber(String cell, boolean exponent) {
        int i = 0;
        int n = cell.length();
        if (n > 400) {
            return false;
        }
        if (i < n && (cell.charAt(i) == '+' || cell.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && cell.charAt(i) >= '0' && cell.charAt(i) <= '9') {
            i++;
            digits++;
        }
        if (i < n && cell.charAt(i) == '.') {
            i++;
            while (i < n && cell.charAt(i) >= '0' && cell.charAt(i) <= '9') {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (exponent && i < n && (cell.charAt(i) == 'e' || cell.charAt(i) == 'E')) {
            i++;
            if (i < n && (cell.charAt(i) == '+' || cell.charAt(i) == '-')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < n && cell.charAt(i) >= '0' && cell.charAt(i) <= '9') {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return false;
            }
        }
        return i == n;
    }

    private static LocalDate date(String cell, LocalDate min, LocalDate max) throws InvalidCell {
        if (cell.length() != 10 || cell.charAt(4) != '-' || cell.charAt(7) != '-') {
            throw INVALID;
        }
        LocalDate value;
        try {
            value = LocalDate.of(digits(cell, 0, 4), digits(cell, 5, 2), digits(cell, 8, 2));
        } catch (java.time.DateTimeException e) {
            throw INVALID;
        }
        if (value.isBefore(min) || value.isAfter(max)) {
            throw INVALID;
        }
        return value;
    }

    private static LocalDateTime dateTime(ColumnType.DateTimeType type, String cell) throws InvalidCell {
        if (cell.length() < 19 || cell.charAt(10) != ' ' || cell.charAt(13) != ':' || cell.charAt(16) != ':') {
            throw INVALID;
        }
        LocalDate date = date(cell.substring(0, 10), LocalDate.MIN, LocalDate.MAX);
        int nanos = 0;
        if (cell.length() > 19) {
            int fraction = cell.length() - 20;
            if (!type.is64() || cell.charAt(19) != '.' || fraction < 1 || fraction > type.precision()) {
                throw INVALID;
            }
            nanos = digits(cell, 20, fraction);
            for (int i = fraction; i < 9; i++) {
                nanos *= 10;
            }
        }
        LocalDateTime value;
        try {
            value = LocalDateTime.of(
                    date, LocalTime.of(digits(cell, 11, 2), digits(cell, 14, 2), digits(cell, 17, 2), nanos));
        } catch (java.time.DateTimeException e) {
            throw INVALID;
        }
        if (!inRange(type, value)) {
            throw INVALID;
        }
        return value;
    }

    /**
     * Whether {@code value}, read as a clock in UTC, is within the type's range: the wall clock when
     * a cell is parsed, the instant when a placed value is checked ({@link DateTimePlacement}).
     */
    static boolean inRange(ColumnType.DateTimeType type, LocalDateTime value) {
        LocalDateTime min = type.is64() ? DATETIME64_MIN : DATETIME_MIN;
        LocalDateTime max = type.is64() ? DATETIME64_MAX : DATETIME_MAX;
        if (value.isBefore(min) || value.isAfter(max)) {
            return false;
        }
        if (type.is64()) {
            try {
                // DateTime64 stores Int64 ticks: at precision 9 the range ends in 2262.
                Math.multiplyExact(
                        value.toEpochSecond(java.time.ZoneOffset.UTC) + 1, TICKS_PER_SECOND[type.precision()]);
            } catch (ArithmeticException e) {
                return false;
            }
        }
        return true;
    }

    private static int digits(String text, int start, int count) throws InvalidCell {
        int value = 0;
        for (int i = start; i < start + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw INVALID;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static UUID uuid(String cell) throws InvalidCell {
        if (cell.length() != 36) {
            throw INVALID;
        }
        long high = 0;
        long low = 0;
        int nibbles = 0;
        for (int i = 0; i < 36; i++) {
            char c = cell.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') {
                    throw INVALID;
                }
                continue;
            }
            int nibble = Character.digit(c, 16);
            if (nibble < 0 || c > 'f') {
                throw INVALID;
            }
            if (nibbles < 16) {
                high = (high << 4) | nibble;
            } else {
                low = (low << 4) | nibble;
            }
            nibbles++;
        }
        return new UUID(high, low);
    }

    private static Boolean bool(String cell) throws InvalidCell {
        if (cell.equals("1") || cell.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (cell.equals("0") || cell.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        throw INVALID;
    }
}
