package io.dpone.clickhouse.cluster.transport;

import io.dpone.clickhouse.cluster.sql.ReadResult;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Accumulates driver rows into a {@link ReadResult}, normalising every cell. Not thread-safe. */
public final class RowCollector {
    private final List<String> columns;
    private final List<List<Object>> rows = new ArrayList<>();

    public RowCollector(List<String> columns) {
        this.columns = List.copyOf(columns);
    }

    public void add(List<?> driverRow) throws SQLException {
        List<Object> row = new ArrayList<>(driverRow.size());
        for (Object value : driverRow) {
            row.add(CellValues.normalize(value));
        }
        rows.add(row);
    }

    public ReadResult result() {
        return new ReadResult(columns, rows);
    }
}
