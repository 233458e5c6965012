package io.dpone.clickhouse.cluster.transport.http;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.CandidateLoadPort;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.RowCursor;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ClassicHttpResponse;

/**
 * The candidate load over the one admitted HTTP connection: one POST per load whose query is
 * {@code INSERT INTO candidate (columns) FORMAT TabSeparated} and whose body is streamed from the
 * cursor as it is read, so memory does not grow with the source. It is sent once, on the one-shot
 * client (no retry, no redirect, no reuse). The source's own limits stop the stream:
 * {@code max_source_bytes}, malformed input or cancellation abort the request, and the caller
 * discards the partly loaded candidate. Thread-safe.
 */
public final class HttpCandidateLoader implements CandidateLoadPort, AutoCloseable {
    private final ClickHouseEndpoint endpoint;
    private final CloseableHttpClient client;
    private final Supplier<String> queryIds;

    public HttpCandidateLoader(ClickHouseEndpoint endpoint, Supplier<String> queryIds) {
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.queryIds = requireNonNull(queryIds, "queryIds is null");
        this.client = OneShotHttpClients.create(endpoint);
    }

    @Override
    public LoadResult load(
            TableRef candidate,
            List<String> columns,
            RowCursor rows,
            long maxSourceBytes,
            Cancellation cancellation,
            ProgressListener progress) {
        requireNonNull(candidate, "candidate is null");
        requireNonNull(rows, "rows is null");
        String queryId = queryIds.get();
        String insert = "INSERT INTO " + candidate.render() + " ("
                + columns.stream().map(SqlQuoting::identifier).collect(Collectors.joining(", "))
                + ") FORMAT TabSeparated";
        QueryContext context = QueryContext.of(queryId).with(ServerSetting.WAIT_END_OF_QUERY, "1");
        HttpPost post = new HttpPost(HttpRequests.uriWithQuery(endpoint, context, insert));
        HttpRequests.authenticate(post, endpoint);
        RowStreamEntity body = new RowStreamEntity(rows, columns.size(), maxSourceBytes, cancellation, progress);
        post.setEntity(body);
        try {
            MutationOutcome outcome = client.execute(post, response -> answer(queryId, response));
            progress.loaded(body.rows(), body.bytes(), -1);
            return outcome instanceof MutationOutcome.Acknowledged
                    ? new LoadResult.Loaded(body.rows(), body.bytes())
                    : new LoadResult.Failed(outcome);
        } catch (IOException | RuntimeException failure) {
            Optional<LoadResult> stopped = body.stop();
            return stopped.orElseGet(
                    () -> new LoadResult.Failed(FailureMapping.fromThrowable(queryId, failure, false)));
        }
    }

    private static MutationOutcome answer(String queryId, ClassicHttpResponse response) throws IOException {
        Optional<HttpAnswer.Failure> failure = HttpAnswer.failureOf(response);
        if (failure.isEmpty()) {
            return new MutationOutcome.Acknowledged(queryId);
        }
        return failure.get()
                .serverError()
                .map(error -> FailureMapping.fromServerError(queryId, error, StatementKind.CANDIDATE_LOAD))
                .orElseGet(() -> new MutationOutcome.Ambiguous(
                        queryId,
                        MutationOutcome.AmbiguityCause.UNCLASSIFIED,
                        Optional.empty(),
                        failure.get().summary()));
    }

    /** Never thrown to callers; records why the body stopped. */
    static DponeException limit(long maxSourceBytes) {
        return new DponeException(
                DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                "the source is larger than max_source_bytes (" + maxSourceBytes + " bytes)");
    }

    @Override
    public void close() throws IOException {
        client.close();
    }
}
