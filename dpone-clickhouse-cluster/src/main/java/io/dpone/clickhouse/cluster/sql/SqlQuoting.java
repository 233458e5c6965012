package io.dpone.clickhouse.cluster.sql;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;

/**
 * The one quoting routine for rendered SQL. Identifiers are always back-quoted and string values
 * always single-quoted, escaping the quote, the backslash and every control character the way
 * ClickHouse's own formatter does, so a rendered statement parses back to the same names.
 * Invalid names fail with {@link DponeErrorCode#CLICKHOUSE_CLUSTER_SQL_IDENTIFIER_INVALID} and a
 * message that never repeats the name. Pure and thread-safe.
 */
public final class SqlQuoting {
    public static final int MAX_IDENTIFIER_LENGTH = 255;
    public static final int MAX_STRING_LENGTH = 1 << 20;

    private SqlQuoting() {}

    /** {@code name} as a back-quoted identifier. */
    public static String identifier(String name) {
        requireValidIdentifier(name);
        return quote(name, '`');
    }

    /** Back-quotes any text without validation; for canonical forms of parsed names only. */
    static String identifierUnchecked(String name) {
        return quote(name, '`');
    }

    /** {@code database.table} with both parts back-quoted. */
    public static String qualified(String database, String table) {
        return identifier(database) + "." + identifier(table);
    }

    /** {@code value} as a single-quoted string literal. */
    public static String string(String value) {
        if (value == null || value.length() > MAX_STRING_LENGTH) {
            throw invalid("string value is null or longer than " + MAX_STRING_LENGTH);
        }
        return quote(value, '\'');
    }

    /** Throws unless {@code name} is 1..255 characters without control characters. */
    public static void requireValidIdentifier(String name) {
        if (name == null || name.isEmpty() || name.length() > MAX_IDENTIFIER_LENGTH) {
            throw invalid("identifier is empty or longer than " + MAX_IDENTIFIER_LENGTH);
        }
        for (int i = 0; i < name.length(); i++) {
            if (Character.isISOControl(name.charAt(i))) {
                throw invalid("identifier contains a control character");
            }
        }
    }

    private static String quote(String text, char quote) {
        StringBuilder out = new StringBuilder(text.length() + 2).append(quote);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                case '\0' -> out.append("\\0");
                default -> {
                    if (c == quote) {
                        out.append('\\').append(c);
                    } else if (Character.isISOControl(c)) {
                        out.append(String.format("\\x%02X", (int) c & 0xFF));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append(quote).toString();
    }

    private static DponeException invalid(String rule) {
        return new DponeException(DponeErrorCode.CLICKHOUSE_CLUSTER_SQL_IDENTIFIER_INVALID, rule);
    }
}
