package io.dpone.clickhouse.cluster.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Splits a formatted statement into {@link SqlToken}s. Handles back-quoted and double-quoted
 * identifiers and single-quoted strings with ClickHouse escapes (backslash escapes and doubled
 * quotes). Returns empty for unterminated quotes, bad escapes or unknown characters; never throws.
 */
final class SqlTokenizer {
    /** Keywords of the statements this module renders; any other bare word is an identifier. */
    static final Set<String> KEYWORDS = Set.of(
            "EXCHANGE",
            "TABLES",
            "TABLE",
            "AND",
            "ON",
            "CLUSTER",
            "RENAME",
            "TO",
            "DROP",
            "IF",
            "EXISTS",
            "CREATE",
            "ENGINE",
            "PRIMARY",
            "KEY",
            "SYNC",
            "SETTINGS",
            "NOT");

    private final String text;
    private int at;

    private SqlTokenizer(String text) {
        this.text = text;
    }

    static Optional<List<SqlToken>> tokenize(String text) {
        return new SqlTokenizer(text).run();
    }

    private Optional<List<SqlToken>> run() {
        List<SqlToken> tokens = new ArrayList<>();
        while (at < text.length()) {
            char c = text.charAt(at);
            if (Character.isWhitespace(c)) {
                at++;
            } else if (c == '`' || c == '"' || c == '\'') {
                Optional<String> quoted = quoted(c);
                if (quoted.isEmpty()) {
                    return Optional.empty();
                }
                tokens.add(
                        new SqlToken(c == '\'' ? SqlToken.Type.STRING : SqlToken.Type.QUOTED_IDENTIFIER, quoted.get()));
            } else if (Character.isLetter(c) || c == '_') {
                tokens.add(new SqlToken(SqlToken.Type.WORD, span(true)));
            } else if (Character.isDigit(c)) {
                tokens.add(new SqlToken(SqlToken.Type.NUMBER, span(false)));
            } else if ("().,=;".indexOf(c) >= 0) {
                tokens.add(new SqlToken(SqlToken.Type.SYMBOL, String.valueOf(c)));
                at++;
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(tokens);
    }

    private String span(boolean word) {
        int start = at;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (!(Character.isLetterOrDigit(c) || c == '_' || (!word && c == '.'))) {
                break;
            }
            at++;
        }
        return text.substring(start, at);
    }

    private Optional<String> quoted(char quote) {
        StringBuilder out = new StringBuilder();
        at++;
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == quote) {
                if (at < text.length() && text.charAt(at) == quote) {
                    out.append(quote);
                    at++;
                    continue;
                }
                return Optional.of(out.toString());
            }
            if (c != '\\') {
                out.append(c);
            } else if (!escape(out)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private boolean escape(StringBuilder out) {
        if (at >= text.length()) {
            return false;
        }
        char e = text.charAt(at++);
        switch (e) {
            case 'n' -> out.append('\n');
            case 't' -> out.append('\t');
            case 'r' -> out.append('\r');
            case '0' -> out.append('\0');
            case 'b' -> out.append('\b');
            case 'f' -> out.append('\f');
            case 'x' -> {
                if (at + 2 > text.length()
                        || Character.digit(text.charAt(at), 16) < 0
                        || Character.digit(text.charAt(at + 1), 16) < 0) {
                    return false;
                }
                out.append((char) Integer.parseInt(text.substring(at, at + 2), 16));
                at += 2;
            }
            default -> out.append(e);
        }
        return true;
    }
}
