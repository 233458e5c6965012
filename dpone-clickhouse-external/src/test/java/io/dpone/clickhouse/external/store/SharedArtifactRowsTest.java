package io.dpone.clickhouse.external.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.CanonicalRows;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.SourceColumn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One verifying pass shared by members loaded at once (pure Java, real threads and a real store on
 * the local file system, no ClickHouse): every member sees every row of one pass, a member that
 * leaves, never starts or is cancelled does not hold the others, a corrupt artifact fails every
 * member exactly where its own pass fails, and no reader thread is left.
 */
class SharedArtifactRowsTest {
    private static final ArtifactSchema SCHEMA = ArtifactSchema.declared(
            List.of(SourceColumn.typed("id", "UInt32"), SourceColumn.typed("name", "Nullable(String)")));
    private static final int ROWS = 5_000;
    private static final int BATCH_ROWS = 64;
    private static final int QUEUE_BATCHES = 4;

    @TempDir
    Path root;

    private final AtomicInteger passes = new AtomicInteger();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    private StoredArtifact artifact() {
        ArtifactStore store = ArtifactStore.open(root);
        try (PendingArtifact pending = store.create()) {
            CanonicalRows writer = pending.rows(SCHEMA);
            expected().forEach(writer::write);
            return pending.commit();
        }
    }

    private static List<List<Object>> expected() {
        List<List<Object>> rows = new ArrayList<>();
        for (long id = 0; id < ROWS; id++) {
            rows.add(Arrays.asList(id, id % 7 == 0 ? null : "row " + id));
        }
        return rows;
    }

    /** Opens a verifying pass and counts it: the digest is checked once per pass. */
    private Supplier<ArtifactRows> counted(StoredArtifact artifact) {
        return () -> {
            passes.incrementAndGet();
            return artifact.rows();
        };
    }

    /** Queues longer than the artifact: a member whose thread starts late is never left behind. */
    private SharedArtifactRows shared(StoredArtifact artifact, int members) {
        return shared(artifact, members, ROWS / BATCH_ROWS + 1);
    }

    private SharedArtifactRows shared(StoredArtifact artifact, int members, int queueBatches) {
        return new SharedArtifactRows(members, counted(artifact), UnaryOperator.identity(), BATCH_ROWS, queueBatches);
    }

    /** Reads a member to its end (null) or its failure, closing it as an insert does; the rows it got. */
    private Future<List<List<Object>>> read(SharedArtifactRows.Member member, long stopAfter) {
        return threads.submit(() -> {
            List<List<Object>> rows = new ArrayList<>();
            try (member) {
                for (List<Object> row = member.next(); row != null; row = member.next()) {
                    rows.add(row);
                    if (rows.size() == stopAfter) {
                        break;
                    }
                }
            }
            return rows;
        });
    }

    private static <T> T done(Future<T> future) throws Exception {
        return future.get(30, TimeUnit.SECONDS);
    }

    private static long readerThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("dpone-artifact-reader-") && thread.isAlive())
                .count();
    }

    @Test
    void everyMemberReadsEveryRowFromOneVerifiedPass() throws Exception {
        StoredArtifact artifact = artifact();
        try (SharedArtifactRows shared = shared(artifact, 3)) {
            Future<List<List<Object>>> first = read(shared.member(0), Long.MAX_VALUE);
            Future<List<List<Object>>> second = read(shared.member(1), Long.MAX_VALUE);
            Future<List<List<Object>>> third = read(shared.member(2), Long.MAX_VALUE);
            assertEquals(expected(), done(first));
            assertEquals(expected(), done(second));
            assertEquals(expected(), done(third));
        }
        assertEquals(1, passes.get(), "three members loaded at once decode and verify the artifact once");
        assertEquals(0, readerThreads(), "no reader thread is left");
    }

    @Test
    void aMemberThatFailsMidLoadLeavesAndTheOtherReadsToItsOwnEnd() throws Exception {
        StoredArtifact artifact = artifact();
        try (SharedArtifactRows shared = shared(artifact, 2)) {
            Future<List<List<Object>>> failing = read(shared.member(0), 500);
            Future<List<List<Object>>> going = read(shared.member(1), Long.MAX_VALUE);
            assertEquals(500, done(failing).size());
            assertEquals(expected(), done(going), "the other member still gets every row and the verified end");
        }
        assertEquals(1, passes.get());
        assertEquals(0, readerThreads());
    }

    @Test
    void aMemberThatNeverStartsReadingDoesNotStallTheReaderPastItsQueue() throws Exception {
        StoredArtifact artifact = artifact();
        CountDownLatch blocked = new CountDownLatch(1);
        try (SharedArtifactRows shared = shared(artifact, 2, QUEUE_BATCHES)) {
            Future<List<List<Object>>> late = threads.submit(() -> {
                // a session blocked before its insert reads anything (e.g. a CREATE that does not answer)
                assertTrue(blocked.await(30, TimeUnit.SECONDS));
                return done(read(shared.member(1), Long.MAX_VALUE));
            });
            // far more rows than the blocked member's queue holds: the reader must leave it behind
            assertEquals(expected(), done(read(shared.member(0), Long.MAX_VALUE)));
            blocked.countDown();
            assertEquals(
                    expected(), done(late), "the late member reads and verifies its own pass, as one member alone");
        }
        assertEquals(2, passes.get(), "the shared pass and the late member's own");
        assertEquals(0, readerThreads());
    }

    @Test
    void aCorruptArtifactFailsEveryMemberWithTheSameIntegrityFailureWhereItsOwnPassFails() throws Exception {
        StoredArtifact artifact = artifact();
        Path file = root.resolve("sha256").resolve(artifact.sha256().hex());
        byte[] bytes = Files.readAllBytes(file);
        // late in the file, inside the last row's text: the structure decodes, only the digest differs
        bytes[bytes.length - 2] ^= 1;
        Files.write(file, bytes);
        int ownRows = 0;
        DponeException own = null;
        try (StoredRows alone = StoredRows.ownPass(artifact.rows(), UnaryOperator.identity())) {
            while (alone.next() != null) {
                ownRows++;
            }
        } catch (DponeException failure) {
            own = failure;
        }
        assertTrue(own != null, "one member alone fails on the corrupt artifact");
        passes.set(0);
        List<Throwable> failures = new ArrayList<>();
        List<Integer> rowsBeforeFailure = new ArrayList<>();
        try (SharedArtifactRows shared = shared(artifact, 2)) {
            List<Future<Object[]>> members = new ArrayList<>();
            for (int index = 0; index < 2; index++) {
                SharedArtifactRows.Member member = shared.member(index);
                members.add(threads.submit(() -> {
                    int rows = 0;
                    try (member) {
                        while (member.next() != null) {
                            rows++;
                        }
                        return new Object[] {rows, null};
                    } catch (RuntimeException failure) {
                        return new Object[] {rows, failure};
                    }
                }));
            }
            for (Future<Object[]> member : members) {
                Object[] outcome = done(member);
                rowsBeforeFailure.add((Integer) outcome[0]);
                failures.add((Throwable) outcome[1]);
            }
        }
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY, own.code());
        assertEquals(ROWS, ownRows, "one member alone gets every row, then the integrity failure instead of the end");
        assertEquals(List.of(ownRows, ownRows), rowsBeforeFailure, "every member fails exactly where its own pass did");
        assertSame(failures.get(0), failures.get(1), "the reader's one failure reaches every member");
        DponeException shared = (DponeException) failures.get(0);
        assertEquals(own.code(), shared.code());
        assertEquals(own.getMessage(), shared.getMessage());
        assertEquals(1, passes.get());
        assertEquals(0, readerThreads());
    }

    @Test
    void cancelledMembersLeaveBetweenBlocksAndTheReaderStopsWithNoThreadLeft() throws Exception {
        StoredArtifact artifact = artifact();
        AtomicBoolean cancelled = new AtomicBoolean();
        List<Future<Integer>> members = new ArrayList<>();
        try (SharedArtifactRows shared = shared(artifact, 2)) {
            for (int index = 0; index < 2; index++) {
                SharedArtifactRows.Member member = shared.member(index);
                boolean cancels = index == 0;
                members.add(threads.submit(() -> {
                    int rows = 0;
                    try (member) {
                        // an insert polls its cancellation between blocks of 100 rows
                        while (!cancelled.get()) {
                            for (int inBlock = 0; inBlock < 100; inBlock++) {
                                assertTrue(member.next() != null, "cancelled before the end");
                                rows++;
                            }
                            if (cancels && rows == 300) {
                                cancelled.set(true);
                            }
                        }
                    }
                    return rows;
                }));
            }
            assertEquals(300, done(members.get(0)));
            assertTrue(done(members.get(1)) < ROWS);
        }
        assertEquals(1, passes.get());
        assertEquals(0, readerThreads(), "the reader stops once no member reads, and close() waits for it");
    }

    @Test
    void aMemberReadAfterItsEndKeepsAnsweringTheEnd() throws Exception {
        StoredArtifact artifact = artifact();
        try (SharedArtifactRows shared = shared(artifact, 1)) {
            SharedArtifactRows.Member member = shared.member(0);
            int rows = 0;
            while (member.next() != null) {
                rows++;
            }
            assertEquals(ROWS, rows);
            assertNull(member.next());
            member.close();
        }
        assertEquals(0, readerThreads());
    }
}
