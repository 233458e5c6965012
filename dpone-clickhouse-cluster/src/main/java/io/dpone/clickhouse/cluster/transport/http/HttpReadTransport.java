package io.dpone.clickhouse.cluster.transport.http;

import static java.util.Objects.requireNonNull;

import com.clickhouse.client.api.Client;
import com.clickhouse.client.api.ClientFaultCause;
import com.clickhouse.client.api.ServerException;
import com.clickhouse.client.api.data_formats.ClickHouseBinaryFormatReader;
import com.clickhouse.client.api.query.QueryResponse;
import com.clickhouse.client.api.query.QuerySettings;
import com.clickhouse.data.ClickHouseColumn;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import io.dpone.clickhouse.cluster.transport.RowCollector;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Reads over HTTP with the ClickHouse Java client (client-v2, the client under clickhouse-jdbc).
 * The client's own retries are off ({@code setMaxRetries(0)}, no retry causes): retrying reads
 * is the job of {@link io.dpone.clickhouse.cluster.transport.RetryingReadTransport} alone.
 * Thread-safe; {@link #close()} releases the client.
 */
public final class HttpReadTransport implements ReadTransport, AutoCloseable {
    private final ClickHouseEndpoint endpoint;
    private final Client client;

    public HttpReadTransport(ClickHouseEndpoint endpoint) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.client = new Client.Builder()
                .addEndpoint(endpoint.httpScheme() + "://" + endpoint.authority())
                .setUsername(endpoint.user())
                .setPassword(endpoint.password())
                .setDefaultDatabase(endpoint.database())
                .setConnectTimeout(endpoint.connectTimeout().toMillis(), ChronoUnit.MILLIS)
                .setSocketTimeout(endpoint.socketTimeout().toMillis(), ChronoUnit.MILLIS)
                .setMaxRetries(0)
                .retryOnFailures(ClientFaultCause.None)
                .build();
    }

    @Override
    public ReadOutcome read(SqlStatement statement, QueryContext context) {
        requireNonNull(statement, "statement is null");
        requireNonNull(context, "context is null");
        QuerySettings settings = new QuerySettings().setQueryId(context.queryId());
        context.settingsByName().forEach(settings::serverSetting);
        long waitMillis =
                endpoint.socketTimeout().toMillis() + endpoint.connectTimeout().toMillis();
        try (QueryResponse response = client.query(statement.sql(), settings).get(waitMillis, TimeUnit.MILLISECONDS)) {
            ClickHouseBinaryFormatReader reader = client.newBinaryFormatReader(response);
            List<String> columns = reader.getSchema().getColumns().stream()
                    .map(ClickHouseColumn::getColumnName)
                    .toList();
            RowCollector rows = new RowCollector(columns);
            while (reader.hasNext()) {
                Map<String, Object> row = reader.next();
                rows.add(columns.stream().map(row::get).map(HttpCells::unwrap).toList());
            }
            return new ReadOutcome.Rows(rows.result());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return new ReadOutcome.Failed(FailureMapping.readFailure(interrupted, false));
        } catch (ExecutionException failed) {
            return new ReadOutcome.Failed(failureOf(failed.getCause() == null ? failed : failed.getCause()));
        } catch (Exception failed) {
            return new ReadOutcome.Failed(failureOf(failed));
        }
    }

    private static ReadFailure failureOf(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ServerException server) {
                return ReadFailure.server(ServerError.fromRaw(server.getCode(), server.getMessage()));
            }
        }
        return FailureMapping.readFailure(failure, false);
    }

    @Override
    public void close() {
        client.close();
    }
}
