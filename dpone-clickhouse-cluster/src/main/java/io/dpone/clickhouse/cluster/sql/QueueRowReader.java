package io.dpone.clickhouse.cluster.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns queue reads into raw rows. Never throws on odd cell shapes: a lookup row with a
 * non-string entry is skipped into {@link Lookup#malformedRows()}, and a host row with an odd
 * cell is kept with {@code wellTyped = false}, because missing evidence must stay visible.
 */
public final class QueueRowReader {
    private QueueRowReader() {}

    /** Lookup rows plus the count of rows that could not be read. */
    public record Lookup(List<QueueLookupRow> rows, int malformedRows) {
        public Lookup {
            rows = List.copyOf(rows);
        }
    }

    public static Lookup lookup(ReadResult result) {
        List<QueueLookupRow> rows = new ArrayList<>();
        int malformed = 0;
        for (int i = 0; i < result.size(); i++) {
            Object entry = result.value(i, QueueStatements.ENTRY);
            Optional<List<String>> queries = strings(result.value(i, QueueStatements.QUERIES));
            Optional<List<String>> comments = strings(result.value(i, QueueStatements.LOG_COMMENTS));
            if (entry instanceof String name && queries.isPresent() && comments.isPresent()) {
                rows.add(new QueueLookupRow(name, queries.get(), comments.get()));
            } else {
                malformed++;
            }
        }
        return new Lookup(rows, malformed);
    }

    public static List<QueueHostRow> hostRows(ReadResult result) {
        List<QueueHostRow> rows = new ArrayList<>();
        for (int i = 0; i < result.size(); i++) {
            Cells cells = new Cells(result, i);
            String entry = cells.requiredText(QueueStatements.ENTRY);
            String query = cells.requiredText(QueueStatements.QUERY);
            rows.add(new QueueHostRow(
                    entry,
                    cells.text(QueueStatements.HOST),
                    cells.integer(QueueStatements.PORT),
                    cells.text(QueueStatements.STATUS),
                    cells.integer(QueueStatements.EXCEPTION_CODE),
                    cells.text(QueueStatements.EXCEPTION_TEXT),
                    query,
                    cells.text(QueueStatements.LOG_COMMENT),
                    cells.wellTyped));
        }
        return rows;
    }

    private static Optional<List<String>> strings(Object value) {
        if (!(value instanceof List<?> list)) {
            return Optional.empty();
        }
        List<String> out = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof String text)) {
                return Optional.empty();
            }
            out.add(text);
        }
        return Optional.of(out);
    }

    /** Typed access to one row that records, instead of throwing, any unexpected shape. */
    private static final class Cells {
        private final ReadResult result;
        private final int row;
        private boolean wellTyped = true;

        Cells(ReadResult result, int row) {
            this.result = result;
            this.row = row;
        }

        Optional<String> text(String column) {
            Object value = result.value(row, column);
            if (value == null || value instanceof String) {
                return Optional.ofNullable((String) value);
            }
            wellTyped = false;
            return Optional.empty();
        }

        String requiredText(String column) {
            Optional<String> value = text(column);
            if (value.isEmpty()) {
                wellTyped = false;
            }
            return value.orElse("");
        }

        Optional<Long> integer(String column) {
            Object value = result.value(row, column);
            if (value == null || value instanceof Long) {
                return Optional.ofNullable((Long) value);
            }
            wellTyped = false;
            return Optional.empty();
        }
    }
}
