package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

/** A lexical token of a formatted ClickHouse statement; {@code text} is unescaped. */
record SqlToken(Type type, String text) {
    enum Type {
        WORD,
        QUOTED_IDENTIFIER,
        STRING,
        NUMBER,
        SYMBOL
    }

    SqlToken {
        requireNonNull(type, "type is null");
        requireNonNull(text, "text is null");
    }

    boolean isKeyword(String keyword) {
        return type == Type.WORD && text.equalsIgnoreCase(keyword);
    }

    boolean isIdentifier() {
        return type == Type.QUOTED_IDENTIFIER
                || (type == Type.WORD && !SqlTokenizer.KEYWORDS.contains(text.toUpperCase(java.util.Locale.ROOT)));
    }

    /** Canonical spelling: keywords upper-case, identifiers back-quoted, strings single-quoted. */
    String canonical() {
        return switch (type) {
            case WORD ->
                isIdentifier() ? SqlQuoting.identifierUnchecked(text) : text.toUpperCase(java.util.Locale.ROOT);
            case QUOTED_IDENTIFIER -> SqlQuoting.identifierUnchecked(text);
            case STRING -> SqlQuoting.string(text);
            case NUMBER, SYMBOL -> text;
        };
    }
}
