package io.dpone.testkit.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.airlift.compress.zstd.ZstdOutputStream;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.source.OpenedSource;
import io.dpone.clickhouse.cluster.source.SourceReaders;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.http.HttpCandidateLoader;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.RowCursor;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The streamed candidate load on local real ClickHouse 26.7, as the publication principal: every
 * cell kind (NULL, empty, a literal {@code \N}, tabs, newlines, backslashes, Unicode) reads back
 * exactly, from in-memory rows and from a TSV file plain, gzip or zstd (issue 20); the byte bound
 * and cancellation stop the stream; a refused insert is a failed load.
 */
@ClickHouseCluster(members = 2)
class RealCandidateLoadTest {
    private static final List<List<String>> ROWS = List.of(
            Arrays.asList("1", null),
            Arrays.asList("2", ""),
            Arrays.asList("3", "\\N"),
            Arrays.asList("4", "tab\there\nnew line\\back\rcr"),
            Arrays.asList("5", "snow ☃ and 𝄞"));

    @Test
    void everyCellKindReadsBackExactly(RunningCluster cluster, TestDatabase db) throws Exception {
        TableRef table = create(cluster, db);
        try (HttpCandidateLoader loader = loader(cluster, db)) {
            LoadResult result = loader.load(
                    table, List.of("id", "v"), cursor(ROWS), Long.MAX_VALUE, Cancellation.NEVER, ProgressListener.NONE);
            assertEquals(5, assertInstanceOf(LoadResult.Loaded.class, result).rows());
        }
        assertHoldsExactlyTheRows(cluster, table);
    }

    /**
     * Issue 20: the same cells as a TSV file, plain, gzip and zstd, read by the source readers
     * (their byte path, no String per cell) and loaded: every cell reads back exactly.
     */
    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"NONE", "GZIP", "ZSTD"})
    void aFileSourcePlainOrCompressedReadsBackExactly(
            Compression compression, RunningCluster cluster, TestDatabase db, @TempDir Path dir) throws Exception {
        byte[] tsv = ("id\tv\n1\t\\N\n2\t\n3\t\\\\N\n4\ttab\\there\\nnew line\\\\back\\rcr\n5\tsnow ☃ and 𝄞\n")
                .getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        try (OutputStream out = switch (compression) {
            case GZIP -> new GZIPOutputStream(file);
            case ZSTD -> new ZstdOutputStream(file);
            default -> file;
        }) {
            out.write(tsv);
        }
        Path source = Files.write(dir.resolve("rows.tsv"), file.toByteArray());
        TableRef table = create(cluster, db);
        try (HttpCandidateLoader loader = loader(cluster, db);
                OpenedSource opened = SourceReaders.open(
                        new PublicationSource.DelimitedFile(
                                source, DelimitedFormat.TSV_WITH_NAMES, compression, OptionalLong.empty()),
                        Long.MAX_VALUE)) {
            LoadResult result = loader.load(
                    table,
                    List.of("id", "v"),
                    opened.cursor(),
                    Long.MAX_VALUE,
                    Cancellation.NEVER,
                    ProgressListener.NONE);
            assertEquals(5, assertInstanceOf(LoadResult.Loaded.class, result).rows());
        }
        assertHoldsExactlyTheRows(cluster, table);
    }

    private static void assertHoldsExactlyTheRows(RunningCluster cluster, TableRef table) {
        MemberClient admin = cluster.member(0).client(cluster.admin());
        String back = admin.query(
                "SELECT id, v IS NULL, hex(ifNull(v, '')) FROM " + table.render() + " ORDER BY id FORMAT TSV");
        StringBuilder expected = new StringBuilder();
        for (List<String> row : ROWS) {
            String v = row.get(1);
            expected.append(row.get(0))
                    .append('\t')
                    .append(v == null ? 1 : 0)
                    .append('\t')
                    .append(hex(v == null ? "" : v))
                    .append('\n');
        }
        assertEquals(expected.toString().strip(), back);
    }

    @Test
    void theByteBoundStopsTheStreamAsASourceRejection(RunningCluster cluster, TestDatabase db) throws Exception {
        TableRef table = create(cluster, db);
        try (HttpCandidateLoader loader = loader(cluster, db)) {
            LoadResult result =
                    loader.load(table, List.of("id", "v"), cursor(ROWS), 3, Cancellation.NEVER, ProgressListener.NONE);
            var rejected = assertInstanceOf(LoadResult.SourceRejected.class, result);
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE, rejected.code());
        }
    }

    @Test
    void cancellationStopsTheStream(RunningCluster cluster, TestDatabase db) throws Exception {
        TableRef table = create(cluster, db);
        AtomicBoolean cancelled = new AtomicBoolean(true);
        try (HttpCandidateLoader loader = loader(cluster, db)) {
            LoadResult result = loader.load(
                    table, List.of("id", "v"), cursor(ROWS), Long.MAX_VALUE, cancelled::get, ProgressListener.NONE);
            assertEquals(
                    DponeErrorCode.PUBLICATION_CANCELLED,
                    assertInstanceOf(LoadResult.SourceRejected.class, result).code(),
                    "a cancelled load is a cancellation");
        }
    }

    @Test
    void aRefusedInsertIsAFailedLoad(RunningCluster cluster, TestDatabase db) throws Exception {
        TableRef table = create(cluster, db);
        try (HttpCandidateLoader loader = loader(cluster, db)) {
            LoadResult result = loader.load(
                    table,
                    List.of("id", "no_such_column"),
                    cursor(ROWS),
                    Long.MAX_VALUE,
                    Cancellation.NEVER,
                    ProgressListener.NONE);
            assertInstanceOf(LoadResult.Failed.class, result);
        }
    }

    private static TableRef create(RunningCluster cluster, TestDatabase db) {
        TableRef table =
                new TableRef(db.target(), "load_" + UUID.randomUUID().toString().replace("-", ""));
        cluster.member(0)
                .client(cluster.admin())
                .execute("CREATE TABLE " + table.render()
                        + " (id UInt32, v Nullable(String)) ENGINE = MergeTree ORDER BY id");
        return table;
    }

    private static HttpCandidateLoader loader(RunningCluster cluster, TestDatabase db) {
        return new HttpCandidateLoader(
                Transports.HTTP.endpoint(cluster.member(0), cluster.publisher(), db.target()),
                () -> "load-" + UUID.randomUUID());
    }

    private static String hex(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            out.append(String.format("%02X", b));
        }
        return out.toString();
    }

    static RowCursor cursor(List<List<String>> rows) {
        Iterator<List<String>> iterator = new ArrayList<>(rows).iterator();
        return new RowCursor() {
            private long bytes;

            @Override
            public List<String> next() {
                if (!iterator.hasNext()) {
                    return null;
                }
                List<String> row = iterator.next();
                bytes += row.stream()
                        .mapToLong(cell -> cell == null ? 2 : cell.length() + 1)
                        .sum();
                return row;
            }

            @Override
            public long bytesRead() {
                return bytes;
            }

            @Override
            public void close() {}
        };
    }
}
