package io.dpone.clickhouse.cluster.transport.nativeproto;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import io.dpone.clickhouse.cluster.transport.RowCollector;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Reads over the native protocol, one fresh connection per read. Thread-safe. */
public final class NativeReadTransport implements ReadTransport {
    private final ClickHouseEndpoint endpoint;
    private final NativeDriver driver;

    public NativeReadTransport(ClickHouseEndpoint endpoint) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.driver = NativeDriver.load();
    }

    @Override
    public ReadOutcome read(SqlStatement statement, QueryContext context) {
        requireNonNull(statement, "statement is null");
        requireNonNull(context, "context is null");
        Connection connection;
        try {
            connection = driver.connect(endpoint, context);
        } catch (SQLException | RuntimeException notConnected) {
            return new ReadOutcome.Failed(FailureMapping.readFailure(notConnected, true));
        }
        try (connection;
                Statement jdbc = connection.createStatement();
                ResultSet resultSet = jdbc.executeQuery(statement.sql())) {
            return new ReadOutcome.Rows(collect(resultSet));
        } catch (SQLException failure) {
            return new ReadOutcome.Failed(NativeFailures.read(failure));
        } catch (RuntimeException failure) {
            return new ReadOutcome.Failed(FailureMapping.readFailure(failure, false));
        }
    }

    private static io.dpone.clickhouse.cluster.sql.ReadResult collect(ResultSet resultSet) throws SQLException {
        ResultSetMetaData meta = resultSet.getMetaData();
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            columns.add(meta.getColumnLabel(i));
        }
        RowCollector rows = new RowCollector(columns);
        while (resultSet.next()) {
            List<Object> row = new ArrayList<>(columns.size());
            for (int i = 1; i <= columns.size(); i++) {
                row.add(resultSet.getObject(i));
            }
            rows.add(row);
        }
        return rows.result();
    }
}
