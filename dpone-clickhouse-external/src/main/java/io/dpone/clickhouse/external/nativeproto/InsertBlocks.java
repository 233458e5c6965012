package io.dpone.clickhouse.external.nativeproto;

import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.member.TypedRowSource;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import java.util.List;

/**
 * A member's insert as a sequence of blocks, one statement each, shared by the native session and
 * the simulator's so both cut, cancel and count the same way: blocks end where the
 * {@link InsertBlockBound} says; the cancellation is checked before each block (a block once begun
 * is sent whole, nothing sent is replayed); the first row of the next block is read before the
 * current one is sent, so the source's end, which a verifying source gives only after its checks,
 * is read before the last block goes.
 */
public final class InsertBlocks {
    /** Sends one block as one statement; a non-null outcome ends the load as {@link LoadResult.Failed}. */
    @FunctionalInterface
    public interface BlockWriter<E extends Exception> {
        /** @param block this block's rows, null after its last; the writer reads them all */
        MutationOutcome write(TypedRowSource block) throws E;
    }

    private InsertBlocks() {}

    public static <E extends Exception> LoadResult load(
            InsertBlockBound bound,
            ColumnType[] types,
            TypedRowSource rows,
            Cancellation cancellation,
            BlockWriter<E> writer)
            throws E {
        InsertBlockBound.Block counted = bound.block(types);
        Lookahead source = new Lookahead(rows, counted);
        long loaded = 0;
        while (source.pending != null) {
            if (cancellation.isCancelled()) {
                return new LoadResult.SourceRejected(
                        DponeErrorCode.PUBLICATION_CANCELLED,
                        "the load was cancelled after " + loaded + " rows",
                        loaded);
            }
            counted.reset();
            source.full = false;
            MutationOutcome failed = writer.write(source);
            if (failed != null) {
                return new LoadResult.Failed(failed);
            }
            if (counted.rows() == 0) {
                throw new IllegalStateException("a block writer must read its block's rows");
            }
            loaded += counted.rows();
        }
        return new LoadResult.Loaded(loaded, 0);
    }

    /** One block's rows at a time, reading one row ahead of the block. */
    private static final class Lookahead implements TypedRowSource {
        private final TypedRowSource rows;
        private final InsertBlockBound.Block counted;
        private List<Object> pending;
        private boolean full;

        Lookahead(TypedRowSource rows, InsertBlockBound.Block counted) {
            this.rows = rows;
            this.counted = counted;
            this.pending = rows.next();
        }

        @Override
        public List<Object> next() {
            if (pending == null || full) {
                return null;
            }
            List<Object> row = pending;
            full = counted.addAndFull(row);
            pending = rows.next();
            return row;
        }
    }
}
