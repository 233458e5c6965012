package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.authority.MemberStage;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A byte flipped late in the retained artifact after it was bound, before any member loads (local
 * real ClickHouse 26.7 via libchdb, two members staged at once by the production native sessions):
 * every member's insert ends on the artifact's integrity check,
 * the run ends {@code ARTIFACT_INTEGRITY} and STAGING, no member is READY, and a member that meets
 * the failure holds exactly the blocks a member reading its own pass commits (every block but the
 * one being filled when the pass fails); one cancelled first by that failure holds whole blocks,
 * never more. The same holds with the shared pass of {@code SharedArtifactRows} wired in (checked in
 * session 6 before it was unwired).
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalCorruptArtifactTest {
    private static final int BATCH_ROWS = 2;

    @TempDir
    Path directory;

    @Test
    void aCorruptArtifactEndsEveryMembersInsertAsItsOwnPassWould(RunningCluster cluster, TestDatabase db)
            throws Exception {
        Path storeDirectory = directory.resolve("store");
        try (ExternalRig rig = new ExternalRig(cluster, db, storeDirectory, 1_000)) {
            rig.createTarget(TrickyArtifact.columnsDdl());
            AtomicBoolean flipped = new AtomicBoolean();
            rig.batchRows(BATCH_ROWS)
                    .sessions(real -> flippingBeforeTheFirstCreate(real, () -> {
                        flipped.set(true);
                        flipLateByte(storeDirectory);
                    }));
            PublicationReceipt receipt = rig.publish("run-corrupt", TrickyArtifact.source(directory));
            assertTrue(flipped.get());
            assertEquals(
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY),
                    receipt.errorCode(),
                    receipt.detail().toString());
            ExternalRecord staging = ExternalAssertions.record(rig, "run-corrupt");
            assertEquals(ExternalPhase.STAGING, staging.phase());
            long committed = rowsAnOwnPassCommits(storeDirectory, staging);
            assertTrue(committed < TrickyArtifact.lines().size());
            long most = 0;
            for (int member = 0; member < 2; member++) {
                MemberRecord record = staging.payload().members().get(member);
                assertEquals(MemberStage.LOADING, record.stage(), "no member is READY from a corrupt artifact");
                TableRef attempt = rig.operation("run-corrupt").attempt(record.candidateUuid());
                MemberSession session = RealMemberSessionTest.session(rig.cluster, member, rig.db, 100);
                long rows = ((CatalogRead.Observed<Long>) session.rowCount(attempt)).facts();
                // whole blocks only, never more than its own pass commits (fewer if the first failure
                // cancelled it between blocks, as the first stop cancels the others)
                assertEquals(0, rows % BATCH_ROWS, "member " + member + ": " + rows);
                assertTrue(rows <= committed, "member " + member + ": " + rows + " > " + committed);
                most = Math.max(most, rows);
            }
            assertEquals(committed, most, "the member that met the failure committed exactly what its own pass would");
        }
    }

    /** Rows an insert of BATCH_ROWS-row blocks commits from its own pass: every block it saw the next row after. */
    private static long rowsAnOwnPassCommits(Path storeDirectory, ExternalRecord staging) {
        StoredArtifact artifact = ArtifactStore.open(storeDirectory)
                .reopen(staging.payload().artifact().sha256());
        long decoded = 0;
        try (ArtifactRows rows = artifact.rows()) {
            while (rows.next() != null) {
                decoded++;
            }
            throw new AssertionError("the flipped artifact verified");
        } catch (DponeException expected) {
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY, expected.code());
        }
        return decoded == 0 ? 0 : (decoded - 1) / BATCH_ROWS * BATCH_ROWS;
    }

    /** Flips the second-to-last byte of the one artifact in the store: late, inside the last row. */
    private static void flipLateByte(Path storeDirectory) {
        try (Stream<Path> files = Files.list(storeDirectory.resolve("sha256"))) {
            List<Path> artifacts = files.filter(
                            file -> !file.getFileName().toString().endsWith(".json"))
                    .toList();
            assertEquals(1, artifacts.size(), artifacts.toString());
            byte[] bytes = Files.readAllBytes(artifacts.get(0));
            bytes[bytes.length - 2] ^= 1;
            Files.write(artifacts.get(0), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The real sessions (members still staged at once), running {@code flip} once before the first CREATE. */
    private static MemberSessions flippingBeforeTheFirstCreate(MemberSessions real, Runnable flip) {
        AtomicBoolean fired = new AtomicBoolean();
        return new MemberSessions() {
            @Override
            public MemberSession session(ResolvedEndpoint endpoint) {
                MemberSession session = real.session(endpoint);
                return (MemberSession) Proxy.newProxyInstance(
                        MemberSession.class.getClassLoader(),
                        new Class<?>[] {MemberSession.class},
                        (p, method, args) -> {
                            if (method.getName().equals("create") && fired.compareAndSet(false, true)) {
                                flip.run();
                            }
                            try {
                                return method.invoke(session, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
            }

            @Override
            public Optional<String> refusal(ColumnType type, Object value) {
                return real.refusal(type, value);
            }

            @Override
            public int concurrentMembers() {
                return real.concurrentMembers();
            }
        };
    }
}
