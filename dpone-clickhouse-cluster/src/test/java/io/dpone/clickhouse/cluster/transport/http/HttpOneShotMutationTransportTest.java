package io.dpone.clickhouse.cluster.transport.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.dpone.clickhouse.cluster.contract.error.ErrorClass;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.MutationOutcome.AmbiguityCause;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The one-shot HTTP adapter against a scripted local HTTP server: exactly one request, always. */
class HttpOneShotMutationTransportTest {
    private static final SqlStatement INSERT =
            new SqlStatement(StatementKind.KEEPER_MAP_INSERT, "INSERT INTO t VALUES (1)");

    private record Seen(String method, String query, String body, String user, String key) {}

    private final List<Seen> requests = new CopyOnWriteArrayList<>();
    private HttpServer server;

    private ClickHouseEndpoint serve(Consumer<HttpExchange> answer) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(new Seen(
                    exchange.getRequestMethod(),
                    exchange.getRequestURI().getRawQuery(),
                    body,
                    exchange.getRequestHeaders().getFirst("X-ClickHouse-User"),
                    exchange.getRequestHeaders().getFirst("X-ClickHouse-Key")));
            answer.accept(exchange);
            exchange.close();
        });
        server.start();
        return new ClickHouseEndpoint(
                "127.0.0.1",
                server.getAddress().getPort(),
                "db",
                "writer",
                "s3cret",
                Duration.ofSeconds(2),
                Duration.ofMillis(800));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static void reply(HttpExchange exchange, int status, String body, String code) {
        try {
            if (code != null) {
                exchange.getResponseHeaders().add("X-ClickHouse-Exception-Code", code);
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private MutationOutcome send(ClickHouseEndpoint endpoint) throws IOException {
        try (HttpOneShotMutationTransport transport = new HttpOneShotMutationTransport(endpoint)) {
            return transport.execute(
                    INSERT,
                    QueryContext.keeperMapMutation("auth-7")
                            .with(io.dpone.clickhouse.cluster.port.ServerSetting.LOG_COMMENT, "tok 1"));
        }
    }

    @Test
    void successIsAcknowledgedAndCarriesQueryIdSettingsAndHeaderCredentials() throws IOException {
        MutationOutcome outcome = send(serve(exchange -> reply(exchange, 200, "", null)));
        assertEquals(new MutationOutcome.Acknowledged("auth-7"), outcome);
        assertEquals(1, requests.size());
        Seen seen = requests.get(0);
        assertEquals("POST", seen.method());
        assertEquals("INSERT INTO t VALUES (1)", seen.body());
        assertTrue(seen.query().contains("query_id=auth-7"), seen.query());
        assertTrue(seen.query().contains("keeper_map_strict_mode=1"), seen.query());
        assertTrue(seen.query().contains("insert_keeper_max_retries=0"), seen.query());
        assertTrue(seen.query().contains("wait_end_of_query=1"), seen.query());
        assertTrue(seen.query().contains("log_comment=tok"), seen.query());
        assertFalse(seen.query().contains("s3cret"), "credentials must not be URL parameters");
        assertEquals("writer", seen.user());
        assertEquals("s3cret", seen.key());
    }

    @Test
    void definitiveServerErrorIsRejectedWithItsCode() throws IOException {
        MutationOutcome outcome = send(serve(exchange -> reply(
                exchange,
                500,
                "Code: 999. DB::Exception: Coordination::Exception: Transaction failed (Node exists): Op #0, path: /x/k. (KEEPER_EXCEPTION)",
                "999")));
        MutationOutcome.Rejected rejected = assertInstanceOf(MutationOutcome.Rejected.class, outcome);
        assertEquals(999, rejected.error().code());
        assertEquals(ErrorClass.CONFLICT, rejected.error().classification().errorClass());
        assertFalse(rejected.error().summary().contains("/x/k"));
        assertEquals(1, requests.size());
    }

    @Test
    void ambiguousServerErrorIsAmbiguous() throws IOException {
        MutationOutcome outcome = send(serve(exchange -> reply(
                exchange,
                500,
                "Code: 159. DB::Exception: Distributed DDL task is not finished on 1 of 2 hosts. (TIMEOUT_EXCEEDED)",
                "159")));
        MutationOutcome.Ambiguous ambiguous = assertInstanceOf(MutationOutcome.Ambiguous.class, outcome);
        assertEquals(AmbiguityCause.SERVER_ERROR_AMBIGUOUS, ambiguous.cause());
        assertEquals(159, ambiguous.serverError().orElseThrow().code());
    }

    @Test
    void exceptionAfterStreamingBeganIsClassifiedNotAcknowledged() throws IOException {
        MutationOutcome outcome = send(serve(exchange -> reply(
                exchange,
                200,
                "1\n__exception__\nCode: 394. DB::Exception: Query was cancelled. (QUERY_WAS_CANCELLED)",
                null)));
        assertInstanceOf(MutationOutcome.Ambiguous.class, outcome);
    }

    @Test
    void redirectIsNeverFollowed() throws IOException {
        MutationOutcome outcome = send(serve(exchange -> {
            exchange.getResponseHeaders().add("Location", "/elsewhere");
            reply(exchange, 307, "", null);
        }));
        assertInstanceOf(MutationOutcome.Ambiguous.class, outcome);
        assertEquals(1, requests.size(), "a 307 must not replay the POST");
    }

    @Test
    void lateAnswerIsAmbiguousTimeoutAndNotRetried() throws IOException {
        MutationOutcome outcome = send(serve(exchange -> {
            try {
                Thread.sleep(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            reply(exchange, 200, "", null);
        }));
        MutationOutcome.Ambiguous ambiguous = assertInstanceOf(MutationOutcome.Ambiguous.class, outcome);
        assertEquals(AmbiguityCause.TIMEOUT, ambiguous.cause());
        assertEquals(1, requests.size());
    }

    @Test
    void deadPortIsNotSent() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        MutationOutcome outcome = send(new ClickHouseEndpoint(
                "127.0.0.1", port, "db", "writer", "s3cret", Duration.ofSeconds(1), Duration.ofSeconds(1)));
        MutationOutcome.NotSent notSent = assertInstanceOf(MutationOutcome.NotSent.class, outcome);
        assertFalse(notSent.summary().contains("127.0.0.1"), notSent.summary());
        assertFalse(notSent.summary().contains(Integer.toString(port)), notSent.summary());
    }
}
