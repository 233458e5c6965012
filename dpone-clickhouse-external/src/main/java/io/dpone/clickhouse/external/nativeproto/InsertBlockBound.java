package io.dpone.clickhouse.external.nativeproto;

import io.dpone.clickhouse.external.artifact.ColumnType;
import java.util.Arrays;
import java.util.List;

/**
 * When a member's native insert block is full: at {@code maxRows} rows, or earlier once its rows'
 * estimated wire bytes reach {@code maxBytes}. Each block is one {@code INSERT} and one part per partition, so
 * larger blocks mean fewer round trips and fewer parts to merge (issue 20: 65,536 rows staged two
 * members faster than 16,384), while the driver holds a whole block in its column buffers (about
 * five times its wire bytes of heap, measured), so the byte bound keeps wide rows from multiplying
 * that per member loaded at once. The estimate counts fixed widths exactly and a string as its
 * UTF-16 length plus a length prefix: a lower bound for non-ASCII text, which is what an estimate
 * that never parses the string can afford. The simulator's member sessions close their blocks by
 * the same bound, so a paused worker's next statement starts where production's would. Not API:
 * its package is not exported.
 */
public record InsertBlockBound(int maxRows, long maxBytes) {
    public InsertBlockBound {
        if (maxRows < 1 || maxBytes < 1) {
            throw new IllegalArgumentException("maxRows and maxBytes are positive");
        }
    }

    /** Counts one block's rows for {@code types}; reset per block. Not thread-safe: one per insert. */
    public Block block(ColumnType[] types) {
        return new Block(this, types);
    }

    /** Wire bytes of one value of {@code type} that does not depend on the value; strings count their prefix only. */
    static long fixedBytes(ColumnType type) {
        if (type instanceof ColumnType.NullableType nullable) {
            return 1 + fixedBytes(nullable.inner());
        }
        if (type instanceof ColumnType.LowCardinalityType lowCardinality) {
            return fixedBytes(lowCardinality.inner());
        }
        if (type instanceof ColumnType.IntegerType integer) {
            return integer.bits() / 8;
        }
        if (type instanceof ColumnType.FloatType floating) {
            return floating.bits() / 8;
        }
        if (type instanceof ColumnType.DecimalType decimal) {
            return decimal.storageBytes();
        }
        if (type instanceof ColumnType.FixedStringType fixed) {
            return fixed.length();
        }
        if (type instanceof ColumnType.DateType date) {
            return date.wide() ? 4 : 2;
        }
        if (type instanceof ColumnType.DateTimeType dateTime) {
            return dateTime.is64() ? 8 : 4;
        }
        if (type instanceof ColumnType.UuidType) {
            return 16;
        }
        if (type instanceof ColumnType.BoolType) {
            return 1;
        }
        return 1; // a String's length prefix; its bytes count per value
    }

    /** The rows of one block so far. */
    public static final class Block {
        private final InsertBlockBound bound;
        private final long fixedRowBytes;
        private final int[] stringColumns;
        private int rows;
        private long bytes;

        private Block(InsertBlockBound bound, ColumnType[] types) {
            this.bound = bound;
            long fixed = 0;
            int strings = 0;
            int[] stringIndexes = new int[types.length];
            for (int i = 0; i < types.length; i++) {
                fixed += fixedBytes(types[i]);
                if (types[i].base() instanceof ColumnType.StringType) {
                    stringIndexes[strings++] = i;
                }
            }
            this.fixedRowBytes = fixed;
            this.stringColumns = Arrays.copyOf(stringIndexes, strings);
        }

        /** Counts {@code row}; true when the block is full with it. */
        public boolean addAndFull(List<Object> row) {
            rows++;
            bytes += fixedRowBytes;
            for (int column : stringColumns) {
                if (row.get(column) instanceof String text) {
                    bytes += text.length();
                }
            }
            return rows >= bound.maxRows() || bytes >= bound.maxBytes();
        }

        public int rows() {
            return rows;
        }

        long bytes() {
            return bytes;
        }

        public void reset() {
            rows = 0;
            bytes = 0;
        }
    }
}
