package io.dpone.spi.source;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How a source's column names differ from the names they must be, said with the names: column
 * names are schema, not values, and an operator fixes a header faster when it is named. Pure;
 * bounded to the first {@value #MAX_NAMED} names of each kind.
 */
public final class ColumnMismatch {
    static final int MAX_NAMED = 8;

    private ColumnMismatch() {}

    /**
     * Empty when {@code actual} is exactly {@code expected}, in order; otherwise the columns
     * expected but missing, the columns present but not expected, and, when the sets agree, the
     * first position whose name differs.
     */
    public static Optional<String> describe(List<String> expected, List<String> actual) {
        if (expected.equals(actual)) {
            return Optional.empty();
        }
        Set<String> missing = new LinkedHashSet<>(expected);
        missing.removeAll(actual);
        Set<String> unexpected = new LinkedHashSet<>(actual);
        unexpected.removeAll(expected);
        List<String> parts = new ArrayList<>();
        if (!missing.isEmpty()) {
            parts.add("missing " + names(missing));
        }
        if (!unexpected.isEmpty()) {
            parts.add("unexpected " + names(unexpected));
        }
        if (parts.isEmpty()) {
            int at = firstDifference(expected, actual);
            parts.add(
                    at < Math.min(expected.size(), actual.size())
                            ? "the order differs: column " + (at + 1) + " is " + quoted(actual.get(at)) + ", expected "
                                    + quoted(expected.get(at))
                            : "a column is repeated");
        }
        return Optional.of("the columns differ (" + String.join("; ", parts) + ")");
    }

    private static int firstDifference(List<String> expected, List<String> actual) {
        int at = 0;
        while (at < expected.size() && at < actual.size() && expected.get(at).equals(actual.get(at))) {
            at++;
        }
        return at;
    }

    private static String names(Set<String> names) {
        List<String> shown =
                names.stream().limit(MAX_NAMED).map(ColumnMismatch::quoted).toList();
        return String.join(", ", shown)
                + (names.size() > MAX_NAMED ? " and " + (names.size() - MAX_NAMED) + " more" : "");
    }

    /** In double quotes: a back-quoted name would read as SQL, which evidence never holds. */
    private static String quoted(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
