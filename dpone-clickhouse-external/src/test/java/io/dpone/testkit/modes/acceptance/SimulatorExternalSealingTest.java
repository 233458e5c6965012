package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.seal.SourceSealer;
import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.acceptance.StagingFault;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.EngineSpec;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * External sealing's bounds, admission's type check, the artifact retention of one run and the
 * receipts of failures after the lock, on the deterministic simulator (two members,
 * {@code internal_replication = false}, a real artifact store on the local file system; no
 * process). Issue 12 audit gaps 2, 3, 6 and 10.
 */
class SimulatorExternalSealingTest {
    private static final long MAX_SOURCE_BYTES = 1_000;
    private static final String INVOCATION = "run-1";

    @TempDir
    Path directory;

    private final SimulatedExternalCluster cluster =
            SimulatedExternalCluster.of(2, 20261201L, PublicationDriver.FACADE);
    private final ExternalSettings settings = new ExternalSettings(
            cluster.clusterName(),
            cluster.target(),
            cluster.facade(),
            ExternalDriver.ENGINE,
            MAX_SOURCE_BYTES,
            ExternalDriver.CONTENT_ROW_BUDGET,
            PublicationDriver.DDL_TASK_TIMEOUT_SECONDS,
            new BoundedWait(20, Duration.ofMillis(100), Duration.ofSeconds(2)),
            new BoundedWait(10, Duration.ofMillis(200), Duration.ofSeconds(2)));

    @AfterEach
    void close() {
        cluster.close();
    }

    @Test
    void aBaselineThatMovedAfterTheLockKeepsNoRetentionAndTheResumedOperationIsBoundedToo() {
        cluster.createDatabases(
                cluster.target().database(), cluster.facade().control().database());
        // the target appears on every member right after this operation took the slot
        cluster.simulator()
                .arm(
                        Step.call(PortCall.CONTROL_INSERT).nth(1).afterEffect(),
                        SimulatorFault.admin("target published meanwhile", admin -> {
                            for (int member = 0; member < 2; member++) {
                                admin.createTable(
                                        member,
                                        cluster.target(),
                                        new TableSpec(
                                                SimulatedExternalCluster.COLUMNS,
                                                new EngineSpec.MergeTree("MergeTree", "id")),
                                        UUID.nameUUIDFromBytes(new byte[] {(byte) member}));
                            }
                        }));
        PublicationSource small = rows(3);
        PublicationReceipt moved = publish("worker-1", small);
        assertEquals(
                PublicationOutcome.PREPARED, moved.outcome(), moved.detail().toString());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED), moved.errorCode());
        assertEquals(ExternalPhase.LOCKED, record().phase(), "nothing bound");
        Digest sealed = shaOf(small);
        assertEquals(
                List.of(),
                List.copyOf(cluster.store().holders(sealed)),
                "the run released what its record never named");
        assertTrue(cluster.store().find(sealed).isEmpty(), "and with no holder left the artifact is gone");

        // the same invocation resumes its LOCKED operation with a source over max_source_bytes
        PublicationSource large = rows(200);
        assertTrue(large.declaredBytes().getAsLong() > MAX_SOURCE_BYTES);
        PublicationReceipt resumed = publish("worker-1", large);
        assertEquals(
                PublicationOutcome.ABORTED, resumed.outcome(), resumed.detail().toString());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE), resumed.errorCode());
        assertEquals(ExternalPhase.ABORTED, record().phase());
        assertEquals(Optional.empty(), cluster.uuid(0, operation().candidate()), "no candidate was created");
    }

    @Test
    void aCodecFileWithNoDeclaredSizeIsBoundedByTheBytesSealingReads() throws IOException {
        cluster.createDatabases(
                cluster.target().database(), cluster.facade().control().database());
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            text.append(i).append('\t').append("value-").append(i).append('\n');
        }
        Path file = Files.writeString(directory.resolve("rows.tsv"), text, StandardCharsets.UTF_8);
        assertTrue(Files.size(file) > MAX_SOURCE_BYTES);
        PublicationSource undeclared = new PublicationSource.CodecFile(
                file, "dpone.clickhouse.tab-separated;version=1", ExternalDriver.COLUMNS, OptionalLong.empty());
        PublicationReceipt receipt = publish("worker-1", undeclared);
        assertEquals(
                PublicationOutcome.ABORTED, receipt.outcome(), receipt.detail().toString());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE), receipt.errorCode());
        assertEquals(ExternalPhase.ABORTED, record().phase());
    }

    @Test
    void aTargetColumnOfAnUnsupportedTypeIsRefusedAtAdmissionBeforeAnyWrite() {
        cluster.createDatabases(
                cluster.target().database(), cluster.facade().control().database());
        TableSpec spec = new TableSpec(
                List.of(ColumnSpec.of("id", "UInt64"), ColumnSpec.of("v", "Array(String)")),
                new EngineSpec.MergeTree("MergeTree", "id"));
        for (int member = 0; member < 2; member++) {
            cluster.simulator()
                    .admin()
                    .createTable(member, cluster.target(), spec, UUID.nameUUIDFromBytes(new byte[] {(byte) member}));
        }
        DponeException refused = assertThrows(DponeException.class, () -> publish("worker-1", rows(3)));
        assertEquals(DponeErrorCode.SOURCE_TYPE_UNSUPPORTED, refused.code());
        assertEquals(
                0,
                cluster.sent(StatementKind.KEEPER_MAP_INSERT) + cluster.sent(StatementKind.KEEPER_MAP_CAS),
                "no authority write");
        assertEquals(
                0,
                cluster.sent(StatementKind.DDL_CAPABILITY_PROBE) + cluster.sent(StatementKind.DDL_CREATE_CONTROL),
                "no capability probe and no facade bootstrap");
    }

    @Test
    void anUnreadableSourceAfterTheLockIsAPreparedReceiptThatKeepsLocked() {
        cluster.createDatabases(
                cluster.target().database(), cluster.facade().control().database());
        PublicationSource missing = new PublicationSource.CodecFile(
                directory.resolve("absent.tsv"),
                "dpone.clickhouse.tab-separated;version=1",
                ExternalDriver.COLUMNS,
                OptionalLong.empty());
        PublicationReceipt receipt = publish("worker-1", missing);
        assertEquals(
                PublicationOutcome.PREPARED, receipt.outcome(), receipt.detail().toString());
        assertEquals(Optional.of(DponeErrorCode.SOURCE_UNREADABLE), receipt.errorCode());
        assertEquals(ExternalPhase.LOCKED, record().phase());
        assertEquals(
                PublicationOutcome.COMMITTED,
                publish("worker-1", rows(3)).outcome(),
                "the same invocation continues once the source is readable");
    }

    @Test
    void aBoundArtifactGoneFromTheStoreIsAnUnknownReceiptThatKeepsStaging() {
        cluster.createDatabases(
                cluster.target().database(), cluster.facade().control().database());
        cluster.arm(new StagingFault.KillDuringLoad(1, 2));
        PublicationReceipt interrupted = publish("worker-1", rows(5));
        assertEquals(
                PublicationOutcome.PREPARED,
                interrupted.outcome(),
                interrupted.detail().toString());
        ExternalRecord staging = record();
        assertEquals(ExternalPhase.STAGING, staging.phase());
        Digest bound = staging.payload().artifact().sha256();
        assertTrue(cluster.store().release(bound, operation().holder()), "the operation was its only holder");
        cluster.restart(1);

        PublicationReceipt resumed = publish("worker-2", rows(5));
        assertEquals(
                PublicationOutcome.UNKNOWN, resumed.outcome(), resumed.detail().toString());
        assertEquals(Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY), resumed.errorCode());
        assertEquals(ExternalPhase.STAGING, record().phase());
    }

    /** A cancellation keeps its own code in both modes: here the slot is held, so it is a prepared receipt. */
    @Test
    void aMemberLoadCancelledMidwayIsAPreparedReceiptWithThePublicationCancelledCode() {
        cluster.createDatabases(
                cluster.target().database(), cluster.facade().control().database());
        java.util.concurrent.atomic.AtomicBoolean cancelled = new java.util.concurrent.atomic.AtomicBoolean();
        cluster.simulator()
                .arm(Step.call(PortCall.MEMBER_INSERT), SimulatorFault.admin("Ctrl-C", admin -> cancelled.set(true)));

        PublicationReceipt receipt = new ExternalPublicationService(
                        cluster.ports("worker-1"), settings, cluster.random("worker-1"))
                .publish(INVOCATION, rows(3), cancelled::get, ProgressListener.NONE);

        assertEquals(
                PublicationOutcome.PREPARED, receipt.outcome(), receipt.detail().toString());
        assertEquals(Optional.of(DponeErrorCode.PUBLICATION_CANCELLED), receipt.errorCode());
        assertEquals(ExternalPhase.STAGING, record().phase());
        assertEquals(
                0,
                cluster.simulator().observe().calls().records().stream()
                        .filter(r -> r.kind() == StatementKind.DDL_RENAME || r.kind() == StatementKind.DDL_EXCHANGE)
                        .count(),
                "no publication statement");
        assertEquals(
                PublicationOutcome.COMMITTED,
                publish("worker-2", rows(3)).outcome(),
                "the same invocation replaces the owned partial candidate and continues");
    }

    private PublicationReceipt publish(String worker, PublicationSource source) {
        return new ExternalPublicationService(cluster.ports(worker), settings, cluster.random(worker))
                .publish(INVOCATION, source, Cancellation.NEVER, ProgressListener.NONE);
    }

    private ExternalOperation operation() {
        return ExternalOperation.derive(settings.plan(), INVOCATION);
    }

    private ExternalRecord record() {
        SlotRead<ExternalSlot> slot = cluster.ports("record-reader")
                .authority()
                .readVersioned(operation().targetKey());
        return (ExternalRecord)
                ((SlotRead.Present<ExternalSlot>) slot).valid().orElseThrow().record();
    }

    private Digest shaOf(PublicationSource source) {
        return new SourceSealer(ArtifactStore.open(directory.resolve("reference")), 1_000, ProgressListener.NONE)
                .seal(source, ExternalDriver.COLUMNS)
                .sha256();
    }

    private static PublicationSource rows(int count) {
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            cells.add(List.of(Integer.toString(i), "v" + i));
        }
        return new PublicationSource.Rows(ExternalDriver.COLUMNS, cells);
    }
}
