package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tiny harness client for one member over ClickHouse's HTTP interface (JDK HTTP client only;
 * no JDBC driver). Results are TabSeparated text. Every call is one HTTP request with no retry;
 * errors become {@link QueryFailedException} or {@link QueryTransportException}.
 *
 * <p>Immutable and thread-safe; {@link #withTimeout} and {@link #as} return new clients.
 */
public final class MemberClient {

    private static final Pattern CODE = Pattern.compile("Code: (\\d+)");
    private static final Pattern NAME = Pattern.compile("\\(([A-Z][A-Z0-9_]+)\\) \\(version");
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1)
            .build();

    private final String memberLabel;
    private final MemberEndpoint endpoint;
    private final Credentials credentials;
    private final Duration timeout;

    public MemberClient(String memberLabel, MemberEndpoint endpoint, Credentials credentials, Duration timeout) {
        this.memberLabel = requireNonNull(memberLabel, "memberLabel is null");
        this.endpoint = requireNonNull(endpoint, "endpoint is null");
        this.credentials = requireNonNull(credentials, "credentials is null");
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    /** The same member with another principal. */
    public MemberClient as(Credentials other) {
        return new MemberClient(memberLabel, endpoint, other, timeout);
    }

    /** The same member with another per-request deadline. */
    public MemberClient withTimeout(Duration other) {
        return new MemberClient(memberLabel, endpoint, credentials, other);
    }

    public Credentials credentials() {
        return credentials;
    }

    /** Runs a statement and returns its TabSeparated output with the trailing newline removed. */
    public String query(String sql) {
        return query(sql, Map.of());
    }

    /**
     * Runs a statement with server settings (e.g. {@code keeper_map_strict_mode=1}, {@code database}).
     * The server buffers the whole result ({@code wait_end_of_query=1}) so a late error is an
     * error status, never a truncated 200 response.
     */
    public String query(String sql, Map<String, String> settings) {
        requireNonNull(sql, "sql is null");
        Map<String, String> params = new LinkedHashMap<>();
        params.put("wait_end_of_query", "1");
        params.putAll(requireNonNull(settings, "settings is null"));
        HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint.httpUrl() + "/?" + encode(params)))
                .timeout(timeout)
                .header("X-ClickHouse-User", credentials.user())
                .header("X-ClickHouse-Key", credentials.password())
                .POST(HttpRequest.BodyPublishers.ofString(sql, StandardCharsets.UTF_8))
                .build();
        HttpResponse<String> response = send(request);
        if (response.statusCode() != 200) {
            throw failure(response.body());
        }
        String body = response.body();
        return body.endsWith("\n") ? body.substring(0, body.length() - 1) : body;
    }

    /** Runs a statement whose output is not needed. */
    public void execute(String sql) {
        query(sql, Map.of());
    }

    public void execute(String sql, Map<String, String> settings) {
        query(sql, settings);
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpTimeoutException e) {
            throw new QueryTransportException(memberLabel, true, e);
        } catch (IOException e) {
            throw new QueryTransportException(memberLabel, false, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryTransportException(memberLabel, false, e);
        }
    }

    private QueryFailedException failure(String body) {
        Matcher code = CODE.matcher(body);
        Matcher name = NAME.matcher(body);
        int number = code.find() ? Integer.parseInt(code.group(1)) : -1;
        String codeName = name.find() ? name.group(1) : "UNKNOWN";
        return new QueryFailedException(memberLabel, number, codeName, body.strip());
    }

    private static String encode(Map<String, String> params) {
        StringBuilder query = new StringBuilder();
        params.forEach((key, value) -> {
            if (query.length() > 0) {
                query.append('&');
            }
            query.append(URLEncoder.encode(key, StandardCharsets.UTF_8))
                    .append('=')
                    .append(URLEncoder.encode(value, StandardCharsets.UTF_8));
        });
        return query.toString();
    }
}
