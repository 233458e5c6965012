package io.dpone.clickhouse.external.nativeproto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.member.TypedRowSource;
import io.dpone.spi.error.DponeErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The block loop both member sessions share (pure): cut, count, cancel, fail, and read the end before the last send. */
class InsertBlocksTest {
    private static final ColumnType[] ONE_LONG = {new ColumnType.IntegerType(64, true)};
    private static final InsertBlockBound TWO_ROWS = new InsertBlockBound(2, Long.MAX_VALUE);

    private static TypedRowSource rows(int count, AtomicInteger read) {
        return () -> read.get() < count ? List.of((Object) (long) read.incrementAndGet()) : null;
    }

    private static InsertBlocks.BlockWriter<RuntimeException> recording(List<List<Long>> sent) {
        return block -> {
            List<Long> rows = new ArrayList<>();
            for (List<Object> row = block.next(); row != null; row = block.next()) {
                rows.add((Long) row.get(0));
            }
            sent.add(rows);
            return null;
        };
    }

    @Test
    void rowsGoInBlocksEndedByTheBoundAndAreCountedOnce() {
        List<List<Long>> sent = new ArrayList<>();
        LoadResult loaded =
                InsertBlocks.load(TWO_ROWS, ONE_LONG, rows(5, new AtomicInteger()), () -> false, recording(sent));
        assertEquals(new LoadResult.Loaded(5, 0), loaded);
        assertEquals(List.of(List.of(1L, 2L), List.of(3L, 4L), List.of(5L)), sent);
        assertEquals(
                new LoadResult.Loaded(0, 0),
                InsertBlocks.load(TWO_ROWS, ONE_LONG, () -> null, () -> true, recording(sent)));
        assertEquals(3, sent.size(), "no rows, no statement, even when cancelled");
    }

    /** Cancellation is seen between blocks only: the block begun is sent whole, and the count says how many rows went. */
    @Test
    void aCancellationStopsBeforeTheNextBlock() {
        List<List<Long>> sent = new ArrayList<>();
        AtomicInteger read = new AtomicInteger();
        LoadResult stopped =
                InsertBlocks.load(TWO_ROWS, ONE_LONG, rows(5, read), () -> read.get() > 2, recording(sent));
        LoadResult.SourceRejected rejected = assertInstanceOf(LoadResult.SourceRejected.class, stopped);
        assertEquals(DponeErrorCode.PUBLICATION_CANCELLED, rejected.code());
        assertEquals(2, rejected.rowsRead());
        assertEquals("the load was cancelled after 2 rows", rejected.message());
        assertEquals(List.of(List.of(1L, 2L)), sent);
    }

    @Test
    void aBlockThatFailsEndsTheLoadWithItsOutcome() {
        MutationOutcome refused = new MutationOutcome.NotSent("q", "refused");
        LoadResult failed = InsertBlocks.load(TWO_ROWS, ONE_LONG, rows(5, new AtomicInteger()), () -> false, block -> {
            while (block.next() != null) {
                // drain
            }
            return refused;
        });
        assertSame(refused, assertInstanceOf(LoadResult.Failed.class, failed).outcome());
    }

    /**
     * The source's end is read while the last block is still being filled, before its writer can
     * send it: a verifying source that fails at its end stops the last block, and only the blocks
     * before it went (what keeps a corrupt artifact from ever completing an insert).
     */
    @Test
    void aSourceFailingAtItsEndStopsTheLastBlockBeforeItIsSent() {
        List<List<Long>> sent = new ArrayList<>();
        AtomicInteger read = new AtomicInteger();
        TypedRowSource verifying = () -> {
            if (read.get() == 5) {
                throw new IllegalStateException("digest mismatch");
            }
            return List.of((Object) (long) read.incrementAndGet());
        };
        assertThrows(
                IllegalStateException.class,
                () -> InsertBlocks.load(TWO_ROWS, ONE_LONG, verifying, () -> false, recording(sent)));
        assertEquals(List.of(List.of(1L, 2L), List.of(3L, 4L)), sent);
    }

    @Test
    void aWriterThatReadsNothingIsADefect() {
        assertThrows(
                IllegalStateException.class,
                () -> InsertBlocks.load(TWO_ROWS, ONE_LONG, rows(1, new AtomicInteger()), () -> false, block -> null));
    }
}
