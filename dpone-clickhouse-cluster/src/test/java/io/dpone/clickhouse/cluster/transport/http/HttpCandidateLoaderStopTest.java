package io.dpone.clickhouse.cluster.transport.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.sun.net.httpserver.HttpServer;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.RowCursor;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The streamed load's stops against a scripted local HTTP server (offline, no ClickHouse): a
 * cancellation that fires during the load is the operator's stop, {@code PUBLICATION_CANCELLED}, not
 * a staging failure; a malformed row stays {@code STAGING_FAILED}. Rows already read are counted.
 */
class HttpCandidateLoaderStopTest {
    private static final TableRef CANDIDATE = new TableRef("db", "candidate");
    private HttpServer server;

    private ClickHouseEndpoint serve() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, -1);
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
                Duration.ofSeconds(2));
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void aCancellationDuringTheLoadIsPublicationCancelled() throws IOException {
        AtomicBoolean cancelled = new AtomicBoolean();
        // the flag flips once two rows were read, as a signal handler would mid-stream
        RowCursor rows = rows(10, 2, () -> cancelled.set(true));
        try (HttpCandidateLoader loader = new HttpCandidateLoader(serve(), () -> "load-1")) {
            LoadResult result =
                    loader.load(CANDIDATE, List.of("id"), rows, Long.MAX_VALUE, cancelled::get, ProgressListener.NONE);

            LoadResult.SourceRejected stopped = assertInstanceOf(LoadResult.SourceRejected.class, result);
            assertEquals(DponeErrorCode.PUBLICATION_CANCELLED, stopped.code(), stopped.message());
            assertEquals(2, stopped.rowsRead(), "the rows written before the flag flipped");
        }
    }

    @Test
    void aMalformedRowStaysAStagingFailure() throws IOException {
        try (HttpCandidateLoader loader = new HttpCandidateLoader(serve(), () -> "load-2")) {
            LoadResult result = loader.load(
                    CANDIDATE,
                    List.of("id", "v"),
                    rows(3, -1, () -> {}),
                    Long.MAX_VALUE,
                    () -> false,
                    ProgressListener.NONE);

            assertEquals(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                    assertInstanceOf(LoadResult.SourceRejected.class, result).code());
        }
    }

    /** {@code count} one-cell rows; {@code onRead} runs when row number {@code after} has been handed out. */
    private static RowCursor rows(int count, int after, Runnable onRead) {
        AtomicInteger read = new AtomicInteger();
        return new RowCursor() {
            @Override
            public List<String> next() {
                if (read.get() == count) {
                    return null;
                }
                if (read.incrementAndGet() == after + 1) {
                    onRead.run();
                }
                return List.of(Integer.toString(read.get()));
            }

            @Override
            public long bytesRead() {
                return read.get() * 2L;
            }

            @Override
            public void close() {}
        };
    }
}
