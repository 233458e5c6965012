package io.dpone.clickhouse.cluster.sql;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;

/**
 * Admits a declared ClickHouse column type text (from a {@code *WithNamesAndTypes} header) for
 * rendering into a {@code CREATE TABLE}: a type name, optionally with balanced parenthesised
 * arguments made of names, numbers, single-quoted strings, commas, spaces and {@code =}. No
 * comment, statement separator, back-quote or unbalanced bracket can pass, so the text cannot end
 * the column list. The server still decides whether the type exists. Pure and thread-safe.
 */
public final class ColumnTypes {
    public static final int MAX_TYPE_LENGTH = 1024;

    private ColumnTypes() {}

    /** Returns {@code type} unchanged when admissible; otherwise throws without repeating it. */
    public static String requireWellFormed(String type) {
        if (type == null || type.isBlank() || type.length() > MAX_TYPE_LENGTH || !Character.isLetter(type.charAt(0))) {
            throw invalid("a column type starts with a letter and is at most " + MAX_TYPE_LENGTH + " chars");
        }
        int depth = 0;
        boolean inString = false;
        for (int i = 0; i < type.length(); i++) {
            char c = type.charAt(i);
            if (inString) {
                if (c == '\\' && i + 1 < type.length()) {
                    i++;
                } else if (c == '\'') {
                    inString = false;
                } else if (Character.isISOControl(c)) {
                    throw invalid("a column type contains a control character");
                }
                continue;
            }
            if (c == '\'') {
                inString = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (--depth < 0) {
                    throw invalid("a column type has unbalanced parentheses");
                }
            } else if (!(Character.isLetterOrDigit(c)
                    || c == '_'
                    || c == ','
                    || c == ' '
                    || c == '='
                    || c == '-'
                    || c == '.')) {
                throw invalid("a column type contains a character outside its grammar");
            }
        }
        if (inString || depth != 0) {
            throw invalid("a column type has an unterminated string or parenthesis");
        }
        if (type.contains("--")) {
            throw invalid("a column type contains a comment marker");
        }
        return type;
    }

    private static DponeException invalid(String rule) {
        return new DponeException(DponeErrorCode.CLICKHOUSE_CLUSTER_SQL_IDENTIFIER_INVALID, rule);
    }
}
