package io.dpone.clickhouse.cluster.transport.http;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.MutationOutcome.AmbiguityCause;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import java.io.IOException;
import java.util.Optional;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.StringEntity;

/**
 * One-shot mutations over the ClickHouse HTTP interface: one POST per call on a fresh connection,
 * built by {@link OneShotHttpClients} with automatic retries, redirects, cookies and connection
 * reuse disabled. The query id and every setting are URL parameters, the SQL is the body and the
 * credentials are headers. {@code wait_end_of_query=1} makes the server buffer the answer, so the
 * status line reflects the final result of the statement.
 *
 * <p>Thread-safe; {@link #close()} releases the HTTP client.
 */
public final class HttpOneShotMutationTransport implements OneShotMutationTransport, AutoCloseable {
    private final ClickHouseEndpoint endpoint;
    private final CloseableHttpClient client;

    public HttpOneShotMutationTransport(ClickHouseEndpoint endpoint) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.client = OneShotHttpClients.create(endpoint);
    }

    @Override
    public MutationOutcome execute(SqlStatement statement, QueryContext context) {
        requireNonNull(statement, "statement is null");
        requireNonNull(context, "context is null");
        HttpPost post = new HttpPost(HttpRequests.uri(endpoint, context.with(ServerSetting.WAIT_END_OF_QUERY, "1")));
        HttpRequests.authenticate(post, endpoint);
        post.setEntity(new StringEntity(statement.sql(), ContentType.TEXT_PLAIN.withCharset("UTF-8")));
        try {
            return client.execute(post, response -> answer(context.queryId(), statement.kind(), response));
        } catch (IOException | RuntimeException failure) {
            return FailureMapping.fromThrowable(context.queryId(), failure, false);
        }
    }

    private static MutationOutcome answer(String queryId, StatementKind kind, ClassicHttpResponse response)
            throws IOException {
        Optional<HttpAnswer.Failure> failure = HttpAnswer.failureOf(response);
        if (failure.isEmpty()) {
            return new MutationOutcome.Acknowledged(queryId);
        }
        return failure.get()
                .serverError()
                .map(error -> FailureMapping.fromServerError(queryId, error, kind))
                .orElseGet(() -> new MutationOutcome.Ambiguous(
                        queryId,
                        AmbiguityCause.UNCLASSIFIED,
                        Optional.empty(),
                        failure.get().summary()));
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}
