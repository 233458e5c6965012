package io.dpone.clickhouse.cluster.transport.nativeproto;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One-shot mutations over the native protocol with clickhouse-native-jdbc: a fresh connection per
 * call (with a single host the driver neither fails over nor reconnects), then exactly one
 * {@link Statement#execute(String)} whose answer is read to its end, then close. A failure while connecting is "not sent"; a
 * failure after the execute began is classified by server code or is ambiguous.
 * Thread-safe: calls share nothing but the driver.
 */
public final class NativeOneShotMutationTransport implements OneShotMutationTransport {
    private final ClickHouseEndpoint endpoint;
    private final NativeDriver driver;

    public NativeOneShotMutationTransport(ClickHouseEndpoint endpoint) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.driver = NativeDriver.load();
    }

    /**
     * The driver returns from {@code execute} at the first result block, before the server's
     * end-of-stream (a distributed DDL in throw mode streams host rows, then may still raise
     * TIMEOUT_EXCEEDED). Only a fully read answer is an acknowledgement, so every row is consumed;
     * an exception that arrives mid-stream surfaces here and is classified.
     */
    private static void drain(ResultSet rows) throws SQLException {
        try (rows) {
            while (rows.next()) {
                // consume to end-of-stream
            }
        }
    }

    @Override
    public MutationOutcome execute(SqlStatement statement, QueryContext context) {
        requireNonNull(statement, "statement is null");
        requireNonNull(context, "context is null");
        Connection connection;
        try {
            connection = driver.connect(endpoint, context);
        } catch (SQLException | RuntimeException notConnected) {
            return FailureMapping.fromThrowable(context.queryId(), notConnected, true);
        }
        try (connection;
                Statement jdbc = connection.createStatement()) {
            if (jdbc.execute(statement.sql())) {
                drain(jdbc.getResultSet());
            }
            return new MutationOutcome.Acknowledged(context.queryId());
        } catch (SQLException failure) {
            return NativeFailures.mutation(context.queryId(), statement.kind(), failure);
        } catch (RuntimeException failure) {
            return FailureMapping.fromThrowable(context.queryId(), failure, false);
        }
    }
}
