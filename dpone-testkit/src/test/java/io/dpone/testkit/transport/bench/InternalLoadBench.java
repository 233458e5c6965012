package io.dpone.testkit.transport.bench;

import static io.dpone.testkit.bench.BenchStats.localBackend;
import static io.dpone.testkit.bench.BenchStats.median;
import static io.dpone.testkit.bench.BenchStats.require;

import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.source.OpenedSource;
import io.dpone.clickhouse.cluster.source.SourceReaders;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.http.HttpCandidateLoader;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Runner for bench/internal-load.sh (not a test; no assertion on time): on one local real
 * ClickHouse 26.7 member (libchdb) it writes ROWS rows of six columns and, per round, inserts them
 * into fresh MergeTree tables as the restricted publisher:
 * <ul>
 *   <li>raw: one HTTP POST of the TSVWithNames file, {@code INSERT ... FORMAT TSVWithNames} (the
 *       server's own parse and write: the baseline);</li>
 *   <li>tsv: the production load, {@link HttpCandidateLoader} fed by {@link SourceReaders} over the
 *       same file;</li>
 *   <li>gzip, zstd: the same through the readers' decompression of the file compressed;</li>
 *   <li>csv: the same rows as CSVWithNames through the CSV reader.</li>
 * </ul>
 * Round 0 is the warm-up. Each path's median is printed with its ratio to the raw POST, both as the
 * ratio of the medians and as the median of the per-round ratios (the paths of a round run back to
 * back). Outside the timings, the first round checks that every table holds the same rows
 * ({@code count()} and an order-independent hash of every column). Usage: InternalLoadBench ROWS ROUNDS WORKDIR
 */
public final class InternalLoadBench {
    private static final String[] PATHS = {"raw", "tsv", "gzip", "zstd", "csv"};
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private final RunningCluster cluster;
    private final TestDatabase db;
    private final LoadBenchFiles.Files4 files;
    private final long rows;

    private InternalLoadBench(RunningCluster cluster, TestDatabase db, LoadBenchFiles.Files4 files, long rows) {
        this.cluster = cluster;
        this.db = db;
        this.files = files;
        this.rows = rows;
    }

    public static void main(String[] args) throws Exception {
        long rows = Long.parseLong(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Path work = Path.of(args[2]).toAbsolutePath();
        LocalProcessBackend backend = localBackend();
        try (RunningCluster cluster = backend.start(new ClusterSpec(ClusterSpec.DEFAULT_CLUSTER_NAME, 1, false))) {
            Files.createDirectories(work);
            LoadBenchFiles.Files4 files = LoadBenchFiles.write(work, rows);
            System.out.printf(
                    "rows=%d tsv_bytes=%d csv_bytes=%d gzip_bytes=%d zstd_bytes=%d%n",
                    rows,
                    Files.size(files.tsv()),
                    Files.size(files.csv()),
                    Files.size(files.gzip()),
                    Files.size(files.zstd()));
            new InternalLoadBench(cluster, cluster.createTestDatabase(), files, rows).run(rounds);
        }
    }

    private void run(int rounds) throws Exception {
        double[][] seconds = new double[PATHS.length][rounds];
        for (int round = 0; round <= rounds; round++) {
            StringBuilder line = new StringBuilder("round " + round + (round == 0 ? " (warm-up)" : "") + ":");
            String[] hashes = new String[PATHS.length];
            for (int path = 0; path < PATHS.length; path++) {
                TableRef table = new TableRef(db.target(), "load_" + PATHS[path] + "_" + round);
                admin().execute("CREATE TABLE " + table.render() + " " + LoadBenchFiles.DEFINITION);
                System.gc();
                long start = System.nanoTime();
                load(PATHS[path], table);
                double took = (System.nanoTime() - start) / 1e9;
                if (round == 0) {
                    hashes[path] = admin().query(
                                    "SELECT count(), sum(cityHash64(id, name, amount, day, at, note)) FROM "
                                            + table.render());
                    require(
                            hashes[path].equals(hashes[0]) && hashes[0].startsWith(rows + "\t"),
                            PATHS[path] + " holds the same rows");
                } else {
                    seconds[path][round - 1] = took;
                }
                admin().execute("DROP TABLE " + table.render() + " SYNC");
                line.append(String.format(" %s %.3f s", PATHS[path], took));
            }
            System.err.println(line);
        }
        StringBuilder out = new StringBuilder();
        for (int path = 0; path < PATHS.length; path++) {
            double[] ratios = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                ratios[i] = seconds[path][i] / seconds[0][i];
            }
            out.append(String.format(
                    "%s_seconds_median=%.3f %s_ratio_of_medians=%.2f %s_ratio_per_round_median=%.2f ",
                    PATHS[path],
                    median(seconds[path]),
                    PATHS[path],
                    median(seconds[path]) / median(seconds[0]),
                    PATHS[path],
                    median(ratios)));
        }
        System.out.println(out.toString().strip());
    }

    private void load(String path, TableRef table) throws Exception {
        switch (path) {
            case "raw" -> rawPost(table);
            case "tsv" ->
                loader(
                        table,
                        new PublicationSource.DelimitedFile(
                                files.tsv(), DelimitedFormat.TSV_WITH_NAMES, Compression.NONE, OptionalLong.empty()));
            case "gzip" ->
                loader(
                        table,
                        new PublicationSource.DelimitedFile(
                                files.gzip(), DelimitedFormat.TSV_WITH_NAMES, Compression.GZIP, OptionalLong.empty()));
            case "zstd" ->
                loader(
                        table,
                        new PublicationSource.DelimitedFile(
                                files.zstd(), DelimitedFormat.TSV_WITH_NAMES, Compression.ZSTD, OptionalLong.empty()));
            case "csv" ->
                loader(
                        table,
                        new PublicationSource.DelimitedFile(
                                files.csv(), DelimitedFormat.CSV_WITH_NAMES, Compression.NONE, OptionalLong.empty()));
            default -> throw new IllegalArgumentException(path);
        }
    }

    /** The production path: the source reader streaming into the candidate loader. */
    private void loader(TableRef table, PublicationSource source) throws Exception {
        ClusterMember member = cluster.member(0);
        ClickHouseEndpoint endpoint = new ClickHouseEndpoint(
                member.endpoint().host(),
                member.endpoint().httpPort(),
                db.target(),
                cluster.publisher().user(),
                cluster.publisher().password(),
                Duration.ofSeconds(10),
                Duration.ofSeconds(300));
        try (HttpCandidateLoader loader = new HttpCandidateLoader(endpoint, () -> "bench-" + UUID.randomUUID());
                OpenedSource opened = SourceReaders.open(source, Long.MAX_VALUE)) {
            LoadResult result = loader.load(
                    table,
                    LoadBenchFiles.COLUMNS,
                    opened.cursor(),
                    Long.MAX_VALUE,
                    Cancellation.NEVER,
                    ProgressListener.NONE);
            require(result instanceof LoadResult.Loaded loaded && loaded.rows() == rows, "loaded " + result);
        }
    }

    /** The baseline: the file as the body of one INSERT, parsed by the server alone. */
    private void rawPost(TableRef table) throws Exception {
        ClusterMember member = cluster.member(0);
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("database", db.target());
        parameters.put("wait_end_of_query", "1");
        parameters.put("query", "INSERT INTO " + table.render() + " FORMAT TSVWithNames");
        StringBuilder query = new StringBuilder();
        for (Map.Entry<String, String> parameter : parameters.entrySet()) {
            query.append(query.length() == 0 ? "" : "&")
                    .append(parameter.getKey())
                    .append('=')
                    .append(URLEncoder.encode(parameter.getValue(), StandardCharsets.UTF_8));
        }
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(member.endpoint().httpUrl() + "/?" + query))
                .header("X-ClickHouse-User", cluster.publisher().user())
                .header("X-ClickHouse-Key", cluster.publisher().password())
                .POST(HttpRequest.BodyPublishers.ofFile(files.tsv()))
                .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        require(response.statusCode() == 200, "raw POST answered " + response.statusCode());
    }

    private MemberClient admin() {
        return cluster.member(0).client(cluster.admin(), Duration.ofSeconds(300));
    }
}
