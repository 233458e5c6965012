package io.dpone.spi.artifact;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.SourceColumn;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a column declaration such as {@code id UInt64, name Nullable(String), at DateTime64(3, 'UTC')}
 * into typed {@link SourceColumn}s. Purely lexical: a comma inside parentheses or a quoted string
 * belongs to the type; the name is the first whitespace-separated word (back-quoted when it holds
 * spaces or commas, {@code ``} escaping a back quote); the type text is not checked here.
 */
public final class ColumnDeclarations {
    private ColumnDeclarations() {}

    /** @throws DponeException {@code SOURCE_SCHEMA_INVALID} naming the column position, never its text */
    public static List<SourceColumn> parse(String declaration) {
        requireNonNull(declaration, "declaration is null");
        List<SourceColumn> columns = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (String item : splitTopLevel(declaration)) {
            int position = columns.size() + 1;
            String[] nameAndType = nameAndType(item.strip(), position);
            if (!names.add(nameAndType[0])) {
                throw invalid("column " + position + " repeats an earlier column name");
            }
            try {
                columns.add(SourceColumn.typed(nameAndType[0], nameAndType[1]));
            } catch (IllegalArgumentException e) {
                throw invalid("column " + position + " has an invalid name or type");
            }
        }
        if (columns.isEmpty()) {
            throw invalid("no column is declared");
        }
        return List.copyOf(columns);
    }

    private static List<String> splitTopLevel(String text) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\' && quote == '\'') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '`') {
                quote = c;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                items.add(text.substring(start, i));
                start = i + 1;
            }
        }
        if (quote != 0 || depth != 0) {
            throw invalid("unbalanced quotes or parentheses");
        }
        String last = text.substring(start);
        if (!last.isBlank() || !items.isEmpty()) {
            items.add(last);
        }
        return items;
    }

    private static String[] nameAndType(String item, int position) {
        String name;
        String rest;
        if (item.startsWith("`")) {
            StringBuilder quoted = new StringBuilder();
            int i = 1;
            while (true) {
                int close = item.indexOf('`', i);
                if (close < 0) {
                    throw invalid("column " + position + " has an unterminated quoted name");
                }
                quoted.append(item, i, close);
                if (close + 1 < item.length() && item.charAt(close + 1) == '`') {
                    quoted.append('`');
                    i = close + 2;
                } else {
                    rest = item.substring(close + 1);
                    break;
                }
            }
            name = quoted.toString();
        } else {
            int space = firstWhitespace(item);
            if (space < 0) {
                throw invalid("column " + position + " is not a 'name Type' pair");
            }
            name = item.substring(0, space);
            rest = item.substring(space);
        }
        if (rest.isEmpty() || !Character.isWhitespace(rest.charAt(0)) || rest.isBlank() || name.isEmpty()) {
            throw invalid("column " + position + " is not a 'name Type' pair");
        }
        return new String[] {name, rest.strip()};
    }

    private static int firstWhitespace(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isWhitespace(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static DponeException invalid(String rule) {
        return new DponeException(DponeErrorCode.SOURCE_SCHEMA_INVALID, "column declaration: " + rule);
    }
}
