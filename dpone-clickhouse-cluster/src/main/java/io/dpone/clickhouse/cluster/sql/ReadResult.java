package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Rows of one read with named columns. Cell values are normalised by the adapters to
 * {@code null}, {@link String}, {@link Long}, {@link java.math.BigInteger} (UInt64 above
 * {@code Long.MAX_VALUE}), {@link Double}, {@link Boolean}, {@link List} (arrays) and {@link Map}
 * (maps), so callers see the same shapes over HTTP and native. Immutable.
 */
public record ReadResult(List<String> columns, List<List<Object>> rows) {
    public ReadResult {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        requireNonNull(rows, "rows is null");
        List<List<Object>> copy = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            requireNonNull(row, "row is null");
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("row width differs from column count");
            }
            copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        rows = Collections.unmodifiableList(copy);
        if (columns.stream().distinct().count() != columns.size()) {
            throw new IllegalArgumentException("column names must be unique");
        }
    }

    public int size() {
        return rows.size();
    }

    /** The value of {@code column} in row {@code rowIndex}. */
    public Object value(int rowIndex, String column) {
        int index = columns.indexOf(requireNonNull(column, "column is null"));
        if (index < 0) {
            throw new IllegalArgumentException("no such column in result");
        }
        return rows.get(rowIndex).get(index);
    }
}
