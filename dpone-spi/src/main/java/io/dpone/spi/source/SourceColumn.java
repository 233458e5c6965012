package io.dpone.spi.source;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * One source column: its name and, when the source declares it, its ClickHouse type text (for
 * example from a {@code *WithNamesAndTypes} header). The type is never guessed from values.
 */
public record SourceColumn(String name, Optional<String> type) {
    public static final int MAX_NAME_LENGTH = 256;

    public SourceColumn {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        if (name.isBlank() || name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("a column name is non-blank and at most " + MAX_NAME_LENGTH + " chars");
        }
        if (type.isPresent() && type.get().isBlank()) {
            throw new IllegalArgumentException("a declared column type is non-blank");
        }
    }

    public static SourceColumn untyped(String name) {
        return new SourceColumn(name, Optional.empty());
    }

    public static SourceColumn typed(String name, String type) {
        return new SourceColumn(name, Optional.of(type));
    }
}
