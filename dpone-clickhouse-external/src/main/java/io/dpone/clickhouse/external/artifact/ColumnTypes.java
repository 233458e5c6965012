package io.dpone.clickhouse.external.artifact;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses ClickHouse type text into a {@link ColumnType}: the exact type names ClickHouse shows
 * (case-sensitive, as ClickHouse's own names are), whitespace around parameters ignored, plus the
 * {@code Decimal32/64/128/256(S)} spellings. Anything else is {@code SOURCE_TYPE_UNSUPPORTED}.
 */
public final class ColumnTypes {
    private final String text;
    private int position;

    private ColumnTypes(String text) {
        this.text = text;
    }

    /** @param column the 1-based column position, for the message */
    public static ColumnType parse(String typeText, int column) {
        ColumnTypes parser = new ColumnTypes(typeText);
        try {
            ColumnType type = parser.type();
            parser.skipSpaces();
            if (parser.position != typeText.length()) {
                throw new IllegalArgumentException("trailing text");
            }
            return type;
        } catch (IllegalArgumentException | DateTimeException e) {
            throw new DponeException(
                    DponeErrorCode.SOURCE_TYPE_UNSUPPORTED,
                    "column " + column
                            + ": the declared type is not one external mode seals (see docs/reference/external-mode.md)");
        }
    }

    private ColumnType type() {
        skipSpaces();
        String name = identifier();
        List<Object> args = arguments();
        return switch (name) {
            case "Int8", "Int16", "Int32", "Int64" ->
                noArgs(args, new ColumnType.IntegerType(Integer.parseInt(name.substring(3)), true));
            case "UInt8", "UInt16", "UInt32", "UInt64" ->
                noArgs(args, new ColumnType.IntegerType(Integer.parseInt(name.substring(4)), false));
            case "Float32", "Float64" -> noArgs(args, new ColumnType.FloatType(Integer.parseInt(name.substring(5))));
            case "Decimal" -> new ColumnType.DecimalType(number(args, 0, 2), args.size() == 2 ? number(args, 1, 2) : 0);
            case "Decimal32" -> new ColumnType.DecimalType(9, number(args, 0, 1));
            case "Decimal64" -> new ColumnType.DecimalType(18, number(args, 0, 1));
            case "Decimal128" -> new ColumnType.DecimalType(38, number(args, 0, 1));
            case "Decimal256" -> new ColumnType.DecimalType(76, number(args, 0, 1));
            case "String" -> noArgs(args, new ColumnType.StringType());
            case "FixedString" -> new ColumnType.FixedStringType(number(args, 0, 1));
            case "Date" -> noArgs(args, new ColumnType.DateType(false));
            case "Date32" -> noArgs(args, new ColumnType.DateType(true));
            case "DateTime" -> new ColumnType.DateTimeType(-1, args.isEmpty() ? null : zone(args, 0, 1));
            case "DateTime64" ->
                new ColumnType.DateTimeType(number(args, 0, 2), args.size() == 2 ? zone(args, 1, 2) : null);
            case "UUID" -> noArgs(args, new ColumnType.UuidType());
            case "Bool" -> noArgs(args, new ColumnType.BoolType());
            case "Nullable" -> new ColumnType.NullableType(nested(args));
            case "LowCardinality" -> new ColumnType.LowCardinalityType(nested(args));
            default -> throw new IllegalArgumentException("unknown type");
        };
    }

    private List<Object> arguments() {
        skipSpaces();
        List<Object> args = new ArrayList<>();
        if (position >= text.length() || text.charAt(position) != '(') {
            return args;
        }
        position++;
        while (true) {
            skipSpaces();
            char c = peek();
            if (c == '\'') {
                args.add(quoted());
            } else if (Character.isDigit(c)) {
                int start = position;
                while (position < text.length() && Character.isDigit(text.charAt(position))) {
                    position++;
                }
                args.add(Integer.valueOf(Integer.parseInt(text.substring(start, position))));
            } else {
                args.add(type());
            }
            skipSpaces();
            char next = peek();
            position++;
            if (next == ')') {
                return args;
            }
            if (next != ',') {
                throw new IllegalArgumentException("expected , or )");
            }
        }
    }

    private String identifier() {
        int start = position;
        while (position < text.length() && Character.isLetterOrDigit(text.charAt(position))) {
            position++;
        }
        if (start == position) {
            throw new IllegalArgumentException("expected a type name");
        }
        return text.substring(start, position);
    }

    private String quoted() {
        position++;
        int end = text.indexOf('\'', position);
        if (end < 0) {
            throw new IllegalArgumentException("unterminated quote");
        }
        String value = text.substring(position, end);
        position = end + 1;
        return value;
    }

    private char peek() {
        if (position >= text.length()) {
            throw new IllegalArgumentException("unexpected end");
        }
        return text.charAt(position);
    }

    private void skipSpaces() {
        while (position < text.length() && text.charAt(position) == ' ') {
            position++;
        }
    }

    private static ColumnType noArgs(List<Object> args, ColumnType type) {
        if (!args.isEmpty()) {
            throw new IllegalArgumentException("takes no parameters");
        }
        return type;
    }

    private static int number(List<Object> args, int index, int maxArgs) {
        if (args.size() > maxArgs || index >= args.size() || !(args.get(index) instanceof Integer value)) {
            throw new IllegalArgumentException("expected a number parameter");
        }
        return value;
    }

    private static String zone(List<Object> args, int index, int maxArgs) {
        if (args.size() > maxArgs || index >= args.size() || !(args.get(index) instanceof String value)) {
            throw new IllegalArgumentException("expected a time zone parameter");
        }
        ZoneId.of(value);
        return value;
    }

    private static ColumnType nested(List<Object> args) {
        if (args.size() != 1 || !(args.get(0) instanceof ColumnType inner)) {
            throw new IllegalArgumentException("expected one type parameter");
        }
        return inner;
    }
}
