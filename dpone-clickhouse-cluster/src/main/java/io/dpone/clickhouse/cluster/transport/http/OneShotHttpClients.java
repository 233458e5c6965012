package io.dpone.clickhouse.cluster.transport.http;

import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;

/**
 * Builds the HTTP client of the one-shot path. Every replay mechanism of Apache HttpClient is
 * switched off: automatic method retry, redirect following and connection reuse (a stale pooled
 * connection would turn a never-sent request into an ambiguous one).
 */
final class OneShotHttpClients {
    private OneShotHttpClients() {}

    static CloseableHttpClient create(ClickHouseEndpoint endpoint) {
        ConnectionConfig connection = ConnectionConfig.custom()
                .setConnectTimeout(Timeout.of(endpoint.connectTimeout().toMillis(), TimeUnit.MILLISECONDS))
                .setSocketTimeout(Timeout.of(endpoint.socketTimeout().toMillis(), TimeUnit.MILLISECONDS))
                .build();
        RequestConfig request = RequestConfig.custom()
                .setResponseTimeout(Timeout.of(endpoint.socketTimeout().toMillis(), TimeUnit.MILLISECONDS))
                .setRedirectsEnabled(false)
                .build();
        return HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDefaultConnectionConfig(connection)
                        .setMaxConnTotal(16)
                        .setMaxConnPerRoute(16)
                        .build())
                .setDefaultRequestConfig(request)
                .setConnectionReuseStrategy((req, resp, context) -> false)
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .disableAuthCaching()
                .build();
    }
}
