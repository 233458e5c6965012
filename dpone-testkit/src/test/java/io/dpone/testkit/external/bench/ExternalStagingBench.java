package io.dpone.testkit.external.bench;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.clickhouse.external.seal.SourceSealer;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.external.TrickyArtifact;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Runner for bench/external-staging.sh (not a test; no assertion on time): on local real
 * ClickHouse 26.7 (libchdb, two members, {@code internal_replication = false}) it seals ROWS rows
 * into an {@link ArtifactStore} with the row budget raised to ROWS, computes the artifact's content
 * digest ({@code ArtifactContent} in UTC, what admission's artifact scan computes), then per round measures
 * <ul>
 *   <li>staging: the production {@link NativeMemberSessions} (composed as the provider composes
 *       them: default batch rows, content proofs spilling to the store's {@code tmp/}) create a candidate on each of the two
 *       members in turn and insert the artifact's typed rows streamed from the store
 *       ({@code ArtifactRows}, i.e. {@code CanonicalRowReader} plus SHA-256 verification);</li>
 *   <li>its baseline: clickhouse-native-jdbc's plain batched {@code PreparedStatement} insert of
 *       the same rows into one table on member 1, same batch size, same principal;</li>
 *   <li>the content proof: {@code MemberSession.content} of member 1's candidate (every row read
 *       back as text, parsed, digested with {@code ContentDigest});</li>
 *   <li>its baseline: a plain {@code SELECT *} of the same candidate through the same driver,
 *       {@code getObject} of every cell.</li>
 * </ul>
 * Round 0 is the warm-up; medians are of the other rounds, and the ratios are also given as the
 * median of each round's own ratio (both sides of a round run back to back, so a burst of load
 * from other processes on the machine tends to hit both). The run also checks, outside the
 * timings, that every load and proof succeeded, that the proof equals the artifact's content
 * digest and that the baseline table holds exactly the artifact's rows. Each phase starts after a
 * {@code System.gc()} and reports its peak used and peak live heap ({@link HeapSampler}); the
 * harness's embedded ZooKeeper lives in this JVM too and is counted. Usage: ExternalStagingBench ROWS ROUNDS WORKDIR
 */
public final class ExternalStagingBench {
    private static final int BATCH_ROWS = NativeMemberSessions.DEFAULT_BATCH_ROWS;

    private final RunningCluster cluster;
    private final TestDatabase db;
    private final StoredArtifact artifact;
    private final List<MemberSession> members;
    private final CandidateDefinition definition;
    private final Digest expected;

    private ExternalStagingBench(RunningCluster cluster, TestDatabase db, ArtifactStore store, StoredArtifact artifact,
            Digest expected) {
        this.cluster = cluster;
        this.db = db;
        this.artifact = artifact;
        this.expected = expected;
        Credentials publisher = cluster.publisher();
        Supplier<String> ids = () -> "dpone-bench-" + UUID.randomUUID();
        NativeMemberSessions sessions = new NativeMemberSessions(db.target(), publisher.user(), publisher.password(),
                Duration.ofSeconds(10), Duration.ofSeconds(120), ids, BATCH_ROWS, store::spillDirectory);
        this.members = new ArrayList<>();
        for (ClusterMember member : cluster.members()) {
            members.add(sessions.session(new ResolvedEndpoint(member.endpoint().host(), member.endpoint().nativePort())));
        }
        this.definition = new CandidateDefinition.Columns(artifact.schema().columns().stream()
                .map(c -> new CandidateDefinition.Column(c.name(), c.type().canonicalName())).toList(), "MergeTree");
    }

    public static void main(String[] args) throws Exception {
        long rows = Long.parseLong(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Path work = Path.of(args[2]).toAbsolutePath();
        LocalProcessBackend backend = new LocalProcessBackend();
        if (backend.availability() instanceof BackendAvailability.Unavailable missing) {
            System.err.println(missing.message());
            System.exit(2);
        }
        HeapSampler heap = new HeapSampler();
        try (RunningCluster cluster = backend.start(new ClusterSpec(ClusterSpec.DEFAULT_CLUSTER_NAME, 2, false))) {
            TestDatabase db = cluster.createTestDatabase();
            Files.createDirectories(work);
            Path csv = work.resolve("rows-" + rows + ".csv");
            BenchRows.writeCsv(csv, rows);
            ArtifactStore store = ArtifactStore.open(work.resolve("store"));
            StoredArtifact artifact = new SourceSealer(store, rows, ProgressListener.NONE)
                    .seal(new PublicationSource.DelimitedFile(csv, DelimitedFormat.CSV_WITH_NAMES, Compression.NONE,
                            java.util.OptionalLong.empty()), BenchRows.COLUMNS);
            Files.delete(csv);
            heap.start();
            startPhase(heap);
            Digest expected = TrickyArtifact.content(artifact);
            HeapSampler.Peaks scan = heap.phase();
            new ExternalStagingBench(cluster, db, store, artifact, expected).run(rounds, heap, scan);
        } finally {
            heap.finish();
        }
    }

    private void run(int rounds, HeapSampler heap, HeapSampler.Peaks scan) throws SQLException {
        double[] insert = new double[rounds];
        double[] staging = new double[rounds];
        double[] proof = new double[rounds];
        double[] select = new double[rounds];
        HeapSampler.Peaks[] peaks = {scan, new HeapSampler.Peaks(0, 0), new HeapSampler.Peaks(0, 0), new HeapSampler.Peaks(0, 0),
            new HeapSampler.Peaks(0, 0)};
        for (int round = 0; round <= rounds; round++) {
            TableRef baseline = new TableRef(db.target(), "baseline_" + round);
            TableRef candidate = new TableRef(db.target(), "t__dpone_ext_" + String.format("%016x", round));
            require(members.get(0).create(baseline, UUID.randomUUID(), definition) instanceof MutationOutcome.Acknowledged, "baseline created");
            startPhase(heap);
            long start = System.nanoTime();
            long inserted = plainInsert(0, baseline);
            double insertSeconds = seconds(start);
            HeapSampler.Peaks insertHeap = heap.phase();
            require(inserted == artifact.rowCount(), "baseline inserted every row");
            if (round == 0) {
                require(content(0, baseline).equals(new MemberContent.Observed(artifact.rowCount(), expected)),
                        "the baseline table holds exactly the artifact's rows");
            }

            startPhase(heap);
            start = System.nanoTime();
            for (MemberSession member : members) {
                require(member.create(candidate, UUID.randomUUID(), definition) instanceof MutationOutcome.Acknowledged, "candidate created");
                try (ArtifactRows rows = artifact.rows()) {
                    LoadResult loaded = member.insert(candidate, artifact.schema(), TrickyArtifact.stored(rows, artifact.schema()),
                            Cancellation.NEVER);
                    require(loaded instanceof LoadResult.Loaded done && done.rows() == artifact.rowCount(), "staged " + loaded);
                }
            }
            double stagingSeconds = seconds(start);
            HeapSampler.Peaks stagingHeap = heap.phase();

            startPhase(heap);
            start = System.nanoTime();
            MemberContent proven = content(0, candidate);
            double proofSeconds = seconds(start);
            HeapSampler.Peaks proofHeap = heap.phase();
            require(proven.equals(new MemberContent.Observed(artifact.rowCount(), expected)), "proof equals the artifact");

            startPhase(heap);
            start = System.nanoTime();
            long selected = plainSelect(0, candidate);
            double selectSeconds = seconds(start);
            HeapSampler.Peaks selectHeap = heap.phase();
            require(selected == artifact.rowCount(), "select read every row");

            members.get(0).drop(baseline);
            for (MemberSession member : members) {
                member.drop(candidate);
            }
            System.err.printf("round %d%s: insert %.3f s, staging %.3f s, proof %.3f s, select %.3f s%n", round,
                    round == 0 ? " (warm-up)" : "", insertSeconds, stagingSeconds, proofSeconds, selectSeconds);
            if (round > 0) {
                insert[round - 1] = insertSeconds;
                staging[round - 1] = stagingSeconds;
                proof[round - 1] = proofSeconds;
                select[round - 1] = selectSeconds;
                HeapSampler.Peaks[] now = {scan, insertHeap, stagingHeap, proofHeap, selectHeap};
                for (int i = 1; i < peaks.length; i++) {
                    peaks[i] = new HeapSampler.Peaks(Math.max(peaks[i].used(), now[i].used()), Math.max(peaks[i].live(), now[i].live()));
                }
            }
        }
        double[] stagingRatios = new double[rounds];
        double[] proofRatios = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            stagingRatios[i] = staging[i] / insert[i];
            proofRatios[i] = proof[i] / select[i];
        }
        System.out.printf("rows=%d artifact_bytes=%d batch_rows=%d driver_insert_seconds_median=%.3f staging_two_members_seconds_median=%.3f"
                + " select_all_seconds_median=%.3f content_proof_seconds_median=%.3f staging_ratio_per_round_median=%.2f"
                + " proof_ratio_per_round_median=%.2f max_heap_mb=%.0f%n",
                artifact.rowCount(), artifact.byteSize(), BATCH_ROWS, median(insert), median(staging), median(select), median(proof),
                median(stagingRatios), median(proofRatios), Runtime.getRuntime().maxMemory() / 1048576.0);
        String[] names = {"artifact_scan", "driver_insert", "staging", "proof", "select_all"};
        StringBuilder heapLine = new StringBuilder("heap");
        for (int i = 0; i < names.length; i++) {
            heapLine.append(String.format(" %s_peak_used_mb=%.1f %s_peak_live_mb=%.1f", names[i], peaks[i].used(), names[i],
                    peaks[i].live()));
        }
        System.out.println(heapLine);
    }

    private MemberContent content(int member, TableRef table) {
        CatalogRead<MemberContent> read = members.get(member).content(table, artifact.schema(), artifact.rowCount());
        require(read instanceof CatalogRead.Observed<MemberContent>, "content read " + read);
        return ((CatalogRead.Observed<MemberContent>) read).facts();
    }

    /** The driver's own batched insert of the same rows: one prepared INSERT, executeBatch every BATCH_ROWS rows. */
    private long plainInsert(int member, TableRef table) throws SQLException {
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(table.render()).append(" VALUES (");
        for (int i = 0; i < BenchRows.COLUMNS.size(); i++) {
            sql.append(i == 0 ? "?" : ", ?");
        }
        sql.append(')');
        Object[] values = new Object[BenchRows.COLUMNS.size()];
        long inBatch = 0;
        try (Connection connection = connect(member); PreparedStatement insert = connection.prepareStatement(sql.toString())) {
            for (long i = 0; i < artifact.rowCount(); i++) {
                BenchRows.driverRow(i, values);
                for (int c = 0; c < values.length; c++) {
                    insert.setObject(c + 1, values[c]);
                }
                insert.addBatch();
                if (++inBatch == BATCH_ROWS) {
                    insert.executeBatch();
                    inBatch = 0;
                }
            }
            if (inBatch > 0) {
                insert.executeBatch();
            }
        }
        return artifact.rowCount();
    }

    /** A plain SELECT * through the same driver, every cell fetched with getObject. */
    private long plainSelect(int member, TableRef table) throws SQLException {
        long rows = 0;
        long cells = 0;
        int width = BenchRows.COLUMNS.size();
        try (Connection connection = connect(member); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT * FROM " + table.render())) {
            while (result.next()) {
                rows++;
                for (int c = 1; c <= width; c++) {
                    if (result.getObject(c) != null) {
                        cells++;
                    }
                }
            }
        }
        require(cells > 0, "cells were read");
        return rows;
    }

    /** A plain connection of the same driver (loaded and set up by the sessions above) as the same principal. */
    private Connection connect(int member) throws SQLException {
        ClusterMember target = cluster.member(member);
        Properties properties = new Properties();
        properties.setProperty("user", cluster.publisher().user());
        properties.setProperty("password", cluster.publisher().password());
        properties.setProperty("query_timeout", "120");
        return DriverManager.getConnection("jdbc:clickhouse://" + target.endpoint().host() + ":" + target.endpoint().nativePort()
                + "/" + db.target(), properties);
    }

    /** Collects what earlier phases left, so a phase's peaks are its own. */
    private static void startPhase(HeapSampler heap) {
        gc();
        heap.phase();
    }

    private static void gc() {
        System.gc();
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("benchmark check failed: " + what);
        }
    }
}
