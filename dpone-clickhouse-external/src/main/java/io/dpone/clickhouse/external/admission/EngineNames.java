package io.dpone.clickhouse.external.admission;

import java.util.Optional;

/**
 * The engine name an observed {@code engine_full} starts with: identifier characters up to the
 * end, an opening parenthesis or a space (the server renders {@code Name(args) ORDER BY ...}).
 * Empty for anything else, so {@code MergeTreeX(} or a leading space never passes. Pure.
 */
final class EngineNames {
    private EngineNames() {}

    static Optional<String> leading(String engineFull) {
        int end = 0;
        while (end < engineFull.length() && isIdentifierChar(engineFull.charAt(end))) {
            end++;
        }
        if (end == 0 || (end < engineFull.length() && engineFull.charAt(end) != '(' && engineFull.charAt(end) != ' ')) {
            return Optional.empty();
        }
        return Optional.of(engineFull.substring(0, end));
    }

    private static boolean isIdentifierChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }
}
