package io.dpone.testkit.external.bench;

import static io.dpone.testkit.bench.BenchStats.localBackend;
import static io.dpone.testkit.bench.BenchStats.median;
import static io.dpone.testkit.bench.BenchStats.require;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.nativeproto.NativeConnections;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.member.TypedRowSource;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.clickhouse.external.real.TrickyArtifact;
import io.dpone.clickhouse.external.seal.SourceSealer;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.SharedArtifactRows;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.bench.BenchRows;
import io.dpone.testkit.clickhouse.local.LocalProcessBackend;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runner for bench/external-staging.sh (not a test; no assertion on time): on local real
 * ClickHouse 26.7 (libchdb, two members, {@code internal_replication = false}) it seals ROWS rows
 * into an {@link ArtifactStore} with the row budget raised to ROWS, computes the artifact's content
 * digest ({@code ArtifactContent} in UTC, what admission's artifact scan computes), then per round measures
 * <ul>
 *   <li>http_tsv_insert: the server's own ingest of the same rows, one HTTP
 *       {@code INSERT ... FORMAT TabSeparated} into a table on member 1 (issue 20's baseline);</li>
 *   <li>http_tsv_two_members: the same HTTP insert into a table on each member at once, one thread
 *       per member: the two servers' own ingest on this machine, the floor under two members'
 *       staging when both servers share its cores;</li>
 *   <li>driver_insert: clickhouse-native-jdbc's plain batched {@code PreparedStatement} insert of
 *       the same rows into one table on member 1, same batch size, same principal;</li>
 *   <li>staging_one_member: the production {@link NativeMemberSessions} (composed as the provider
 *       composes them: default batch rows, content proofs spilling to the store's {@code tmp/})
 *       create a candidate on member 1 and insert the artifact's typed rows streamed from the store
 *       ({@code ArtifactRows}, i.e. {@code CanonicalRowReader} plus SHA-256 verification);</li>
 *   <li>staging: the same on both members one after the other, as the orchestration does today;</li>
 *   <li>staging_parallel_own_passes: both members at once on two threads, each reading its own
 *       verifying pass of the artifact, as production stages them;</li>
 *   <li>staging_parallel: both members at once on one verifying pass decoded once and shared by
 *       both inserts ({@link SharedArtifactRows}, ADR 0010 option 7: measured, not wired);</li>
 *   <li>proof: {@code MemberSession.content} of member 1's candidate (every row read back as text,
 *       parsed, digested with {@code ContentDigest}); select_all: a plain {@code SELECT *} of the
 *       same candidate through the same driver, {@code getObject} of every cell;</li>
 *   <li>staging_one_member_null_engine and staging_parallel_null_engine: one member, then both at
 *       once on their own passes, into tables whose {@code ENGINE = Null} discards the rows, so the
 *       servers only receive and decode the blocks: how the client's own work scales from one
 *       member to two, an indication of what members on their own hosts would show (their
 *       servers' work then leaves the client's cores).</li>
 * </ul>
 * Round 0 is the warm-up; medians are of the other rounds, and the ratios are also given as the
 * median of each round's own ratio (the phases of a round run back to back, so a burst of load
 * from other processes on the machine tends to hit both sides). The run also checks, outside the
 * timings, that every load and proof succeeded, that the proof equals the artifact's content
 * digest and that both baseline tables hold exactly the artifact's rows. Each phase starts after a
 * {@code System.gc()} and reports its peak used and peak live heap ({@link HeapSampler}); the
 * harness's embedded ZooKeeper lives in this JVM too and is counted. Usage: ExternalStagingBench ROWS ROUNDS WORKDIR
 */
public final class ExternalStagingBench {
    /** The production default unless {@code -Dbench.batchRows=N} (bench/external-staging.sh: BATCH_ROWS=N) asks for another. */
    private static final int BATCH_ROWS =
            Integer.getInteger("bench.batchRows", NativeMemberSessions.DEFAULT_BATCH_ROWS);

    private final RunningCluster cluster;
    private final TestDatabase db;
    private final StoredArtifact artifact;
    private final List<MemberSession> members;
    private final CandidateDefinition definition;
    private final Digest expected;
    private final Path tsv;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static double phaseBusyStart; // phases run one after another on the main thread
    /** Verifying passes the last shared staging opened. */
    private final AtomicInteger sharedPasses = new AtomicInteger();

    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private ExternalStagingBench(
            RunningCluster cluster,
            TestDatabase db,
            ArtifactStore store,
            StoredArtifact artifact,
            Digest expected,
            Path tsv) {
        this.tsv = tsv;
        this.cluster = cluster;
        this.db = db;
        this.artifact = artifact;
        this.expected = expected;
        Credentials publisher = cluster.publisher();
        Supplier<String> ids = () -> "dpone-bench-" + UUID.randomUUID();
        NativeMemberSessions sessions = new NativeMemberSessions(
                db.target(),
                publisher.user(),
                publisher.password(),
                Duration.ofSeconds(10),
                Duration.ofSeconds(120),
                ids,
                BATCH_ROWS,
                NativeMemberSessions.MAX_BLOCK_BYTES,
                store::spillDirectory);
        this.members = new ArrayList<>();
        for (ClusterMember member : cluster.members()) {
            members.add(sessions.session(new ResolvedEndpoint(
                    member.endpoint().host(), member.endpoint().nativePort())));
        }
        this.definition = new CandidateDefinition.Columns(
                artifact.schema().columns().stream()
                        .map(c -> new CandidateDefinition.Column(
                                c.name(), c.type().canonicalName()))
                        .toList(),
                "MergeTree");
    }

    public static void main(String[] args) throws Exception {
        long rows = Long.parseLong(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Path work = Path.of(args[2]).toAbsolutePath();
        LocalProcessBackend backend = localBackend();
        HeapSampler heap = new HeapSampler();
        try (RunningCluster cluster = backend.start(new ClusterSpec(ClusterSpec.DEFAULT_CLUSTER_NAME, 2, false))) {
            TestDatabase db = cluster.createTestDatabase();
            Files.createDirectories(work);
            Path csv = work.resolve("rows-" + rows + ".csv");
            BenchRows.write(csv, rows, BenchRows.ALL, BenchRows.Format.CSV, true);
            ArtifactStore store = ArtifactStore.open(work.resolve("store"));
            StoredArtifact artifact = new SourceSealer(store, rows, ProgressListener.NONE)
                    .seal(
                            new PublicationSource.DelimitedFile(
                                    csv,
                                    DelimitedFormat.CSV_WITH_NAMES,
                                    Compression.NONE,
                                    java.util.OptionalLong.empty()),
                            BenchRows.sourceColumns(BenchRows.ALL));
            Files.delete(csv);
            Path tsv = work.resolve("rows-" + rows + ".tsv");
            BenchRows.write(tsv, rows, BenchRows.ALL, BenchRows.Format.TSV, false);
            heap.start();
            startPhase(heap);
            Digest expected = TrickyArtifact.content(artifact);
            HeapSampler.Peaks scan = heap.phase();
            new ExternalStagingBench(cluster, db, store, artifact, expected, tsv).run(rounds, heap, scan);
        } finally {
            heap.finish();
        }
    }

    /** The timed phases, in the order a round runs them; the heap line and the script use these names. */
    private static final String[] PHASES = {
        "http_tsv_insert",
        "http_tsv_two_members",
        "driver_insert",
        "driver_insert_buffered",
        "staging_one_member",
        "staging",
        "staging_parallel_own_passes",
        "staging_parallel",
        "proof",
        "select_all",
        "staging_one_member_null_engine",
        "staging_parallel_null_engine"
    };

    private void run(int rounds, HeapSampler heap, HeapSampler.Peaks scan) throws Exception {
        double[][] seconds = new double[PHASES.length][rounds];
        // the whole machine's busy CPU per phase (JVM and both servers): the work a phase needs of these cores
        double[][] machineCpu = new double[PHASES.length][rounds];
        // the client thread's own CPU (load on the machine hardly moves it): dpone's insert against the driver's own
        double[][] clientCpu = new double[2][rounds];
        HeapSampler.Peaks[] peaks = new HeapSampler.Peaks[PHASES.length];
        Arrays.fill(peaks, new HeapSampler.Peaks(0, 0));
        for (int round = 0; round <= rounds; round++) {
            TableRef http = new TableRef(db.target(), "http_baseline_" + round);
            TableRef httpBoth = new TableRef(db.target(), "http_both_" + round);
            TableRef baseline = new TableRef(db.target(), "baseline_" + round);
            TableRef buffered = new TableRef(db.target(), "buffered_baseline_" + round);
            TableRef one = new TableRef(db.target(), "t__dpone_ext_one_" + round);
            TableRef candidate = new TableRef(db.target(), "t__dpone_ext_" + String.format("%016x", round));
            TableRef parallel = new TableRef(db.target(), "t__dpone_ext_par_" + round);
            TableRef ownPasses = new TableRef(db.target(), "t__dpone_ext_own_" + round);
            require(
                    members.get(0).create(http, UUID.randomUUID(), definition) instanceof MutationOutcome.Acknowledged,
                    "http table created");
            require(
                    members.get(0).create(baseline, UUID.randomUUID(), definition)
                            instanceof MutationOutcome.Acknowledged,
                    "baseline created");
            require(
                    members.get(0).create(buffered, UUID.randomUUID(), definition)
                            instanceof MutationOutcome.Acknowledged,
                    "buffered created");
            for (MemberSession member : members) {
                require(
                        member.create(httpBoth, UUID.randomUUID(), definition) instanceof MutationOutcome.Acknowledged,
                        "http table created on every member");
            }
            double[] took = new double[PHASES.length];
            double[] busy = new double[PHASES.length];
            HeapSampler.Peaks[] now = new HeapSampler.Peaks[PHASES.length];
            int phase = 0;
            startPhase(heap);
            long start = System.nanoTime();
            httpInsert(0, http);
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();

            startPhase(heap);
            start = System.nanoTime();
            onEveryMember(member -> httpInsert(member, httpBoth));
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();

            startPhase(heap);
            start = System.nanoTime();
            require(plainInsert(0, baseline, false) == artifact.rowCount(), "baseline inserted every row");
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();

            startPhase(heap);
            start = System.nanoTime();
            long cpu = THREADS.getCurrentThreadCpuTime();
            require(plainInsert(0, buffered, true) == artifact.rowCount(), "buffered baseline inserted every row");
            double driverCpu = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e9;
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();
            if (round == 0) {
                Object exact = new MemberContent.Observed(artifact.rowCount(), expected);
                require(content(0, baseline).equals(exact), "the baseline table holds exactly the artifact's rows");
                require(
                        content(0, buffered).equals(exact),
                        "the buffered baseline table holds exactly the artifact's rows");
                require(content(0, http).equals(exact), "the HTTP baseline table holds exactly the artifact's rows");
            }

            startPhase(heap);
            start = System.nanoTime();
            cpu = THREADS.getCurrentThreadCpuTime();
            stage(0, one);
            double stagingCpu = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e9;
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();

            startPhase(heap);
            start = System.nanoTime();
            for (int member = 0; member < members.size(); member++) {
                stage(member, candidate);
            }
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();

            startPhase(heap);
            start = System.nanoTime();
            onEveryMember(member -> stage(member, ownPasses));
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();

            startPhase(heap);
            start = System.nanoTime();
            sharedPasses.set(0);
            stageInParallel(parallel);
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();

            startPhase(heap);
            start = System.nanoTime();
            MemberContent proven = content(0, candidate);
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();
            require(
                    proven.equals(new MemberContent.Observed(artifact.rowCount(), expected)),
                    "proof equals the artifact");

            startPhase(heap);
            start = System.nanoTime();
            require(plainSelect(0, candidate) == artifact.rowCount(), "select read every row");
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();

            TableRef discardOne = new TableRef(db.target(), "t__dpone_ext_null_one_" + round);
            TableRef discardBoth = new TableRef(db.target(), "t__dpone_ext_null_both_" + round);
            createDiscarding(0, discardOne);
            for (int member = 0; member < members.size(); member++) {
                createDiscarding(member, discardBoth);
            }
            startPhase(heap);
            start = System.nanoTime();
            insertOwnPass(0, discardOne);
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase++] = heap.phase();

            startPhase(heap);
            start = System.nanoTime();
            onEveryMember(member -> insertOwnPass(member, discardBoth));
            took[phase] = seconds(start);
            busy[phase] = MachineCpu.busySeconds() - phaseBusyStart;
            now[phase] = heap.phase();
            members.get(0).drop(discardOne);
            for (MemberSession member : members) {
                member.drop(discardBoth);
            }

            members.get(0).drop(http);
            members.get(0).drop(baseline);
            members.get(0).drop(buffered);
            members.get(0).drop(one);
            for (MemberSession member : members) {
                member.drop(candidate);
                member.drop(parallel);
                member.drop(ownPasses);
                member.drop(httpBoth);
            }
            StringBuilder line = new StringBuilder("round " + round + (round == 0 ? " (warm-up)" : "") + ":");
            if (round > 0) {
                clientCpu[0][round - 1] = stagingCpu;
                clientCpu[1][round - 1] = driverCpu;
            }
            for (int i = 0; i < PHASES.length; i++) {
                line.append(String.format(" %s %.3f s", PHASES[i], took[i]));
                if (round > 0) {
                    seconds[i][round - 1] = took[i];
                    machineCpu[i][round - 1] = busy[i];
                    peaks[i] = new HeapSampler.Peaks(
                            Math.max(peaks[i].used(), now[i].used()), Math.max(peaks[i].live(), now[i].live()));
                }
            }
            System.err.println(line.append(String.format(
                    " client_cpu: staging_one_member %.3f s driver_insert_buffered %.3f s staging_parallel_passes %d",
                    stagingCpu, driverCpu, sharedPasses.get())));
        }
        StringBuilder out = new StringBuilder(String.format(
                "rows=%d artifact_bytes=%d batch_rows=%d max_heap_mb=%.0f",
                artifact.rowCount(),
                artifact.byteSize(),
                BATCH_ROWS,
                Runtime.getRuntime().maxMemory() / 1048576.0));
        for (int i = 0; i < PHASES.length; i++) {
            out.append(String.format(" %s_seconds_median=%.3f", PHASES[i], median(seconds[i])));
        }
        ratio(out, "staging_to_http_tsv", seconds, "staging", "http_tsv_insert");
        ratio(out, "staging_to_driver_insert", seconds, "staging", "driver_insert");
        ratio(out, "driver_insert_to_http_tsv", seconds, "driver_insert", "http_tsv_insert");
        ratio(out, "driver_insert_buffered_to_http_tsv", seconds, "driver_insert_buffered", "http_tsv_insert");
        ratio(out, "staging_to_one_member", seconds, "staging", "staging_one_member");
        ratio(out, "staging_parallel_to_one_member", seconds, "staging_parallel", "staging_one_member");
        ratio(out, "staging_parallel_to_http_tsv", seconds, "staging_parallel", "http_tsv_insert");
        ratio(
                out,
                "staging_parallel_own_passes_to_http_tsv",
                seconds,
                "staging_parallel_own_passes",
                "http_tsv_insert");
        ratio(
                out,
                "staging_parallel_own_passes_to_one_member",
                seconds,
                "staging_parallel_own_passes",
                "staging_one_member");
        cpuFloor(out, seconds, machineCpu);
        ratio(
                out,
                "staging_parallel_null_engine_to_one_member_null_engine",
                seconds,
                "staging_parallel_null_engine",
                "staging_one_member_null_engine");
        ratio(out, "staging_parallel_to_own_passes", seconds, "staging_parallel", "staging_parallel_own_passes");
        ratio(out, "http_tsv_two_members_to_http_tsv", seconds, "http_tsv_two_members", "http_tsv_insert");
        ratio(out, "staging_parallel_to_http_tsv_two_members", seconds, "staging_parallel", "http_tsv_two_members");
        ratio(out, "proof_to_select_all", seconds, "proof", "select_all");
        out.append(String.format(
                " staging_one_member_client_cpu_seconds_median=%.3f driver_insert_buffered_client_cpu_seconds_median=%.3f"
                        + " ratio_staging_client_cpu_to_driver_client_cpu=%.2f",
                median(clientCpu[0]), median(clientCpu[1]), median(clientCpu[0]) / median(clientCpu[1])));
        System.out.println(out);
        StringBuilder heapLine = new StringBuilder("heap");
        heapLine.append(String.format(
                " artifact_scan_peak_used_mb=%.1f artifact_scan_peak_live_mb=%.1f", scan.used(), scan.live()));
        for (int i = 0; i < PHASES.length; i++) {
            heapLine.append(String.format(
                    " %s_peak_used_mb=%.1f %s_peak_live_mb=%.1f",
                    PHASES[i], peaks[i].used(), PHASES[i], peaks[i].live()));
        }
        System.out.println(heapLine);
    }

    /**
     * Per phase the machine's busy CPU seconds, and the floor they put under the 1.2x goal here: two
     * members at once cannot take less wall time than their CPU seconds spread over every core, so
     * {@code (busy CPU of two members at once / cores) / one member's wall time} is the lowest
     * "two members / one member" ratio this machine allows, whatever the client does.
     */
    private static void cpuFloor(StringBuilder out, double[][] seconds, double[][] machineCpu) {
        for (int i = 0; i < PHASES.length; i++) {
            out.append(String.format(" %s_machine_cpu_seconds_median=%.3f", PHASES[i], median(machineCpu[i])));
        }
        int cores = Runtime.getRuntime().availableProcessors();
        double[] two = machineCpu[List.of(PHASES).indexOf("staging_parallel_own_passes")];
        double[] one = seconds[List.of(PHASES).indexOf("staging_one_member")];
        double[] perRound = new double[two.length];
        for (int i = 0; i < two.length; i++) {
            perRound[i] = two[i] / cores / one[i];
        }
        out.append(String.format(
                " cores=%d ratio_cpu_floor_two_members_to_one_member=%.2f"
                        + " ratio_cpu_floor_two_members_to_one_member_per_round_median=%.2f",
                cores, median(two) / cores / median(one), median(perRound)));
    }

    /** {@code name}: ratio of the medians and median of the per-round ratios of two phases. */
    private static void ratio(StringBuilder out, String name, double[][] seconds, String over, String under) {
        double[] a = seconds[List.of(PHASES).indexOf(over)];
        double[] b = seconds[List.of(PHASES).indexOf(under)];
        double[] perRound = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            perRound[i] = a[i] / b[i];
        }
        out.append(String.format(
                " ratio_%s=%.2f ratio_%s_per_round_median=%.2f", name, median(a) / median(b), name, median(perRound)));
    }

    /** One member's staging as production does it: create the candidate, insert the artifact streamed from the store. */
    private void stage(int member, TableRef candidate) {
        createCandidate(member, candidate);
        insertOwnPass(member, candidate);
    }

    /** A table that discards what it is sent (the Null engine takes no ORDER BY, so not through the session). */
    private void createDiscarding(int member, TableRef table) {
        StringBuilder columns = new StringBuilder();
        for (var column : artifact.schema().columns()) {
            columns.append(columns.length() == 0 ? "" : ", ")
                    .append(SqlQuoting.identifier(column.name()))
                    .append(' ')
                    .append(column.type().canonicalName());
        }
        cluster.member(member)
                .client(cluster.admin())
                .query("CREATE TABLE " + table.render() + " (" + columns + ") ENGINE = Null");
    }

    /** The production insert of the artifact's own verifying pass into an existing table. */
    private void insertOwnPass(int member, TableRef table) {
        try (ArtifactRows rows = artifact.rows()) {
            insert(member, table, TrickyArtifact.stored(rows, artifact.schema()));
        }
    }

    private void createCandidate(int member, TableRef candidate) {
        require(
                members.get(member).create(candidate, UUID.randomUUID(), definition)
                        instanceof MutationOutcome.Acknowledged,
                "candidate created");
    }

    private void insert(int member, TableRef candidate, TypedRowSource rows) {
        LoadResult loaded = members.get(member).insert(candidate, artifact.schema(), rows, Cancellation.NEVER);
        require(loaded instanceof LoadResult.Loaded done && done.rows() == artifact.rowCount(), "staged " + loaded);
    }

    /**
     * Every member's staging at once, one thread per member, the artifact decoded and verified once
     * and both inserts reading that one pass (ADR 0010 option 7; not what {@code StagingStep} does).
     */
    private void stageInParallel(TableRef candidate) throws Exception {
        try (SharedArtifactRows shared = new SharedArtifactRows(
                members.size(),
                () -> {
                    // 1 when both inserts read the one pass; 2 when a member started too late and read its own
                    sharedPasses.incrementAndGet();
                    return artifact.rows();
                },
                TrickyArtifact.IN_UTC.storedRows(artifact.schema()))) {
            onEveryMember(member -> {
                createCandidate(member, candidate);
                try (SharedArtifactRows.Member rows = shared.member(member)) {
                    insert(member, candidate, rows);
                }
            });
        }
    }

    /** What one member does, for {@link #onEveryMember}. */
    private interface MemberWork {
        void run(int member) throws Exception;
    }

    /** {@code work} on every member at once, one thread per member; returns when all are done. */
    private void onEveryMember(MemberWork work) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(members.size());
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int member = 0; member < members.size(); member++) {
                int index = member;
                done.add(threads.submit(() -> {
                    work.run(index);
                    return null;
                }));
            }
            for (Future<?> each : done) {
                each.get();
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /** The server's own ingest: the same rows as one HTTP {@code INSERT ... FORMAT TabSeparated}, the publisher's login. */
    private void httpInsert(int member, TableRef table) throws Exception {
        ClusterMember target = cluster.member(member);
        String query = "database=" + URLEncoder.encode(db.target(), StandardCharsets.UTF_8) + "&query="
                + URLEncoder.encode("INSERT INTO " + table.render() + " FORMAT TabSeparated", StandardCharsets.UTF_8);
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create(target.endpoint().httpUrl() + "/?" + query))
                .header("X-ClickHouse-User", cluster.publisher().user())
                .header("X-ClickHouse-Key", cluster.publisher().password())
                .POST(HttpRequest.BodyPublishers.ofFile(tsv))
                .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        require(response.statusCode() == 200, "the HTTP insert answered " + response.statusCode());
    }

    private MemberContent content(int member, TableRef table) {
        CatalogRead<MemberContent> read = members.get(member).content(table, artifact.schema(), artifact.rowCount());
        require(read instanceof CatalogRead.Observed<MemberContent>, "content read " + read);
        return ((CatalogRead.Observed<MemberContent>) read).facts();
    }

    /**
     * The driver's own batched insert of the same rows: one prepared INSERT, executeBatch every
     * BATCH_ROWS rows, on a plain driver connection or ({@code buffered}) on one opened by the
     * adapters' {@link NativeConnections}, whose socket stream is buffered.
     */
    private long plainInsert(int member, TableRef table, boolean buffered) throws SQLException {
        StringBuilder sql =
                new StringBuilder("INSERT INTO ").append(table.render()).append(" VALUES (");
        for (int i = 0; i < BenchRows.ALL.size(); i++) {
            sql.append(i == 0 ? "?" : ", ?");
        }
        sql.append(')');
        Object[] values = new Object[BenchRows.ALL.size()];
        try (Connection connection = buffered ? adapterConnection(member) : connect(member)) {
            insertRows(connection, sql.toString(), values);
        }
        return artifact.rowCount();
    }

    private void insertRows(Connection connection, String sql, Object[] values) throws SQLException {
        long inBatch = 0;
        try (PreparedStatement insert = connection.prepareStatement(sql)) {
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
    }

    /** A plain SELECT * through the same driver, every cell fetched with getObject. */
    private long plainSelect(int member, TableRef table) throws SQLException {
        long rows = 0;
        long cells = 0;
        int width = BenchRows.ALL.size();
        try (Connection connection = connect(member);
                Statement statement = connection.createStatement();
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

    /** A connection as the adapters open it (the same driver, the socket stream buffered), as the same principal. */
    private Connection adapterConnection(int member) throws SQLException {
        ClusterMember target = cluster.member(member);
        return NativeConnections.load()
                .open(
                        new ClickHouseEndpoint(
                                target.endpoint().host(),
                                target.endpoint().nativePort(),
                                db.target(),
                                cluster.publisher().user(),
                                cluster.publisher().password(),
                                Duration.ofSeconds(10),
                                Duration.ofSeconds(120)),
                        QueryContext.of("dpone-bench-" + UUID.randomUUID()));
    }

    /** A plain connection of the same driver (loaded and set up by the sessions above) as the same principal. */
    private Connection connect(int member) throws SQLException {
        ClusterMember target = cluster.member(member);
        Properties properties = new Properties();
        properties.setProperty("user", cluster.publisher().user());
        properties.setProperty("password", cluster.publisher().password());
        properties.setProperty("query_timeout", "120");
        return DriverManager.getConnection(
                "jdbc:clickhouse://" + target.endpoint().host() + ":"
                        + target.endpoint().nativePort() + "/" + db.target(),
                properties);
    }

    /** Collects what earlier phases left, so a phase's peaks are its own. */
    private static void startPhase(HeapSampler heap) {
        gc();
        heap.phase();
        phaseBusyStart = MachineCpu.busySeconds();
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
}
