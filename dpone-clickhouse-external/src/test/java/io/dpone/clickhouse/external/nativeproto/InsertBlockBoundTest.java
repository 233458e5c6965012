package io.dpone.clickhouse.external.nativeproto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.artifact.ColumnType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** When a member's insert block closes (pure): at its row bound, or earlier at its estimated wire bytes. */
class InsertBlockBoundTest {
    private static final ColumnType STRING = new ColumnType.StringType();

    @Test
    void fixedWidthsAreTheWireWidthsAndWrappersAddTheirNullMap() {
        assertEquals(8, InsertBlockBound.fixedBytes(new ColumnType.IntegerType(64, true)));
        assertEquals(4, InsertBlockBound.fixedBytes(new ColumnType.FloatType(32)));
        assertEquals(16, InsertBlockBound.fixedBytes(new ColumnType.DecimalType(38, 2)));
        assertEquals(2, InsertBlockBound.fixedBytes(new ColumnType.DateType(false)));
        assertEquals(8, InsertBlockBound.fixedBytes(new ColumnType.DateTimeType(3, null)));
        assertEquals(4, InsertBlockBound.fixedBytes(new ColumnType.DateTimeType(-1, null)));
        assertEquals(16, InsertBlockBound.fixedBytes(new ColumnType.UuidType()));
        assertEquals(12, InsertBlockBound.fixedBytes(new ColumnType.FixedStringType(12)));
        assertEquals(1, InsertBlockBound.fixedBytes(STRING));
        assertEquals(
                1 + 1,
                InsertBlockBound.fixedBytes(
                        new ColumnType.LowCardinalityType(new ColumnType.NullableType(new ColumnType.BoolType()))));
    }

    /** Narrow rows fill a block by rows; a wide string closes it early; a reset starts a new block. */
    @Test
    void narrowRowsCloseAtTheRowBoundAndWideOnesAtTheByteBound() {
        InsertBlockBound bound = new InsertBlockBound(4, 100);
        InsertBlockBound.Block block = bound.block(
                new ColumnType[] {new ColumnType.IntegerType(32, true), new ColumnType.NullableType(STRING)});
        for (int i = 1; i < 4; i++) {
            assertFalse(block.addAndFull(Arrays.asList(1L, "ab")), "row " + i);
        }
        assertTrue(block.addAndFull(Arrays.asList(1L, null)));
        assertEquals(4, block.rows());
        assertEquals(3 * (4 + 2 + 2) + (4 + 2), block.bytes());
        block.reset();
        assertFalse(block.addAndFull(Arrays.asList(1L, "x".repeat(80))));
        assertTrue(block.addAndFull(Arrays.asList(1L, "y".repeat(20))), "86 + 26 bytes reach 100");
        assertEquals(2, block.rows());
        assertThrows(IllegalArgumentException.class, () -> new InsertBlockBound(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new InsertBlockBound(1, 0));
    }

    /**
     * Split into blocks as the session does, any rows give blocks that each hold at most the row
     * bound, reach a bound only at their last row (so no block is cut short) and together hold
     * every row once, in order.
     */
    @Property(tries = 300)
    void blocksPartitionTheRowsAndOnlyTheirLastRowReachesABound(
            @ForAll @Size(max = 60) List<@StringLength(max = 40) String> strings,
            @ForAll @IntRange(min = 1, max = 9) int maxRows,
            @ForAll @IntRange(min = 1, max = 200) int maxBytes) {
        InsertBlockBound.Block block =
                new InsertBlockBound(maxRows, maxBytes).block(new ColumnType[] {new ColumnType.UuidType(), STRING});
        List<List<String>> blocks = new ArrayList<>();
        List<String> current = new ArrayList<>();
        long bytes = 0;
        for (String text : strings) {
            current.add(text);
            bytes += 16 + 1 + text.length();
            boolean full = block.addAndFull(Arrays.asList(null, text));
            assertEquals(current.size() >= maxRows || bytes >= maxBytes, full);
            assertEquals(bytes, block.bytes());
            if (full) {
                blocks.add(current);
                current = new ArrayList<>();
                bytes = 0;
                block.reset();
            }
        }
        if (!current.isEmpty()) {
            blocks.add(current);
        }
        assertEquals(strings, blocks.stream().flatMap(List::stream).toList());
        assertTrue(blocks.stream().allMatch(b -> !b.isEmpty() && b.size() <= maxRows));
    }
}
