package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.service.PublicationSettings;
import io.dpone.clickhouse.internal.simulated.Fixture;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.simulator.CallRecord;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source whose declared size exceeds {@code max_source_bytes} is refused with
 * {@code CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE} before the candidate is created, through the real
 * {@code InternalPublicationService} on the deterministic simulator (simulator evidence): no DDL of
 * any kind, no load, no KeeperMap write, the earlier publication's record and the target untouched.
 */
class SourceTooLargeTest {
    private static final long MAX_SOURCE_BYTES = 64;

    @Test
    void aDeclaredSizeOverTheBoundIsRefusedBeforeAnyDdlOrAuthorityWrite() {
        Published before = Published.once();
        SimulatedCluster cluster = before.cluster();
        PublicationDriver driver = before.driver();
        UUID target = before.target();
        Set<String> tables = before.tables();
        Map<String, ?> keeper = before.keeper();
        int calls = cluster.simulator().observe().calls().records().size();
        PublicationSource source = PublicationDriver.source(100, false);
        assertTrue(source.declaredBytes().getAsLong() > MAX_SOURCE_BYTES, "the source declares more than the bound");

        DponeException refused = assertThrows(
                DponeException.class,
                () -> bounded(cluster, driver.settings())
                        .publish("nightly-too-large", source, Cancellation.NEVER, ProgressListener.NONE));

        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE, refused.code(), refused.getMessage());
        List<CallRecord> made = cluster.simulator()
                .observe()
                .calls()
                .records()
                .subList(calls, cluster.simulator().observe().calls().records().size());
        assertTrue(made.stream().noneMatch(call -> call.call().isMutation()), "no mutation at all: " + made);
        for (StatementKind kind : StatementKind.values()) {
            assertTrue(made.stream().noneMatch(call -> call.kind() == kind), kind + " sent");
        }
        assertEquals(1L, cluster.sent(StatementKind.DDL_CREATE_CANDIDATE), "only the earlier publication's candidate");
        assertEquals(keeper, cluster.simulator().observe().keeperMaps(), "the authority is untouched");
        assertEquals(tables, cluster.tableNames(0, cluster.target().database()), "no candidate on member 0");
        assertEquals(tables, cluster.tableNames(1, cluster.target().database()), "no candidate on member 1");
        assertEquals(target, Fixture.uniformTarget(cluster));
    }

    /**
     * Issue 20: a gzip file whose compressed size is within the bound but whose text is not passes
     * the declared-size check, then is stopped while loading once it has decoded more than the
     * bound; the attempt's own candidate is discarded, the target and the authority are untouched.
     */
    @Test
    void aCompressedSourceDecodingPastTheBoundIsStoppedWhileLoadingAndItsOwnCandidateDiscarded(@TempDir Path dir)
            throws Exception {
        Published before = Published.once();
        SimulatedCluster cluster = before.cluster();
        PublicationDriver driver = before.driver();
        UUID target = before.target();
        Set<String> tables = before.tables();
        Map<String, ?> keeper = before.keeper();
        long bound = 256 * 1024; // more than the reader buffers while it reads the header
        ByteArrayOutputStream gzip = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
            out.write("id\tv\n".getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 300_000; i++) {
                out.write("1\tv\n".getBytes(StandardCharsets.UTF_8));
            }
        }
        Path file = Files.write(dir.resolve("rows.tsv.gz"), gzip.toByteArray());
        PublicationSource source = new PublicationSource.DelimitedFile(
                file, DelimitedFormat.TSV_WITH_NAMES, Compression.GZIP, OptionalLong.of(Files.size(file)));
        assertTrue(Files.size(file) <= bound, "the compressed file is within the bound: " + Files.size(file));

        DponeException refused = assertThrows(
                DponeException.class,
                () -> bounded(cluster, driver.settings(), bound)
                        .publish("nightly-decodes-too-large", source, Cancellation.NEVER, ProgressListener.NONE));

        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE, refused.code(), refused.getMessage());
        assertEquals(2L, cluster.sent(StatementKind.DDL_CREATE_CANDIDATE), "this attempt created its own candidate");
        assertEquals(keeper, cluster.simulator().observe().keeperMaps(), "the authority is untouched");
        assertEquals(tables, cluster.tableNames(0, cluster.target().database()), "own candidate discarded on member 0");
        assertEquals(tables, cluster.tableNames(1, cluster.target().database()), "own candidate discarded on member 1");
        assertEquals(target, Fixture.uniformTarget(cluster));
    }

    /** A cluster after one committed publication of the target, and what it held then. */
    private record Published(
            SimulatedCluster cluster,
            PublicationDriver driver,
            UUID target,
            Set<String> tables,
            Map<String, ?> keeper) {
        static Published once() {
            SimulatedCluster cluster = SimulatedCluster.of(2, 23, PublicationDriver.FACADE);
            PublicationDriver driver = Fixture.prepare(cluster, 3, Narrator.SILENT);
            Attempt earlier = driver.publish("worker-0", "nightly-earlier", 5);
            assertEquals(Optional.of(PublicationOutcome.COMMITTED), earlier.outcome(), earlier.summary());
            return new Published(
                    cluster,
                    driver,
                    Fixture.uniformTarget(cluster),
                    cluster.tableNames(0, cluster.target().database()),
                    cluster.simulator().observe().keeperMaps());
        }
    }

    private static InternalPublicationService bounded(SimulatedCluster cluster, PublicationSettings base) {
        return bounded(cluster, base, MAX_SOURCE_BYTES);
    }

    /** The driver's service with only {@code max_source_bytes} lowered. */
    private static InternalPublicationService bounded(
            SimulatedCluster cluster, PublicationSettings base, long maxSourceBytes) {
        PublicationSettings settings = new PublicationSettings(
                base.cluster(),
                base.target(),
                base.facade(),
                base.engine(),
                maxSourceBytes,
                base.ddlTaskTimeoutSeconds(),
                base.readiness(),
                base.entryVisibility(),
                base.entryProgress());
        return new InternalPublicationService(
                cluster.ports("worker-1"), settings, Sha256ProtocolDigests.INSTANCE, cluster.random("worker-1"));
    }
}
