package io.dpone.clickhouse.cluster.transport.http;

import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.net.URIBuilder;

/** ClickHouse HTTP protocol names for the one-shot path: URL parameters and headers. */
final class HttpRequests {
    static final String QUERY_ID_PARAMETER = "query_id";
    static final String DATABASE_PARAMETER = "database";
    static final String QUERY_PARAMETER = "query";
    static final String USER_HEADER = "X-ClickHouse-User";
    static final String KEY_HEADER = "X-ClickHouse-Key";

    private HttpRequests() {}

    static URI uri(ClickHouseEndpoint endpoint, QueryContext context) {
        try {
            URIBuilder builder = new URIBuilder()
                    .setScheme(endpoint.httpScheme())
                    .setHost(endpoint.host())
                    .setPort(endpoint.port())
                    .setPath("/")
                    .addParameter(DATABASE_PARAMETER, endpoint.database())
                    .addParameter(QUERY_ID_PARAMETER, context.queryId());
            for (Map.Entry<String, String> setting : context.settingsByName().entrySet()) {
                builder.addParameter(setting.getKey(), setting.getValue());
            }
            return builder.build();
        } catch (URISyntaxException invalid) {
            throw new IllegalArgumentException("endpoint does not form a valid URI", invalid);
        }
    }

    /** {@link #uri} plus the statement as the {@code query} parameter, for requests whose body is data. */
    static URI uriWithQuery(ClickHouseEndpoint endpoint, QueryContext context, String query) {
        try {
            return new URIBuilder(uri(endpoint, context))
                    .addParameter(QUERY_PARAMETER, query)
                    .build();
        } catch (URISyntaxException invalid) {
            throw new IllegalArgumentException("endpoint does not form a valid URI", invalid);
        }
    }

    static void authenticate(HttpRequest request, ClickHouseEndpoint endpoint) {
        request.setHeader(USER_HEADER, endpoint.user());
        request.setHeader(KEY_HEADER, endpoint.password());
    }
}
