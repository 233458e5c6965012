package io.dpone.spi.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A header mismatch said with the column names (pure). */
class ColumnMismatchTest {
    @Test
    void equalColumnsAreNoMismatch() {
        assertEquals(Optional.empty(), ColumnMismatch.describe(List.of("id", "name"), List.of("id", "name")));
    }

    @Test
    void missingUnexpectedAndReorderedColumnsAreNamed() {
        assertEquals(
                Optional.of("the columns differ (missing \"name\"; unexpected \"title\")"),
                ColumnMismatch.describe(List.of("id", "name"), List.of("id", "title")));
        assertEquals(
                Optional.of("the columns differ (missing \"amount\")"),
                ColumnMismatch.describe(List.of("id", "amount"), List.of("id")));
        assertEquals(
                Optional.of("the columns differ (the order differs: column 1 is \"name\", expected \"id\")"),
                ColumnMismatch.describe(List.of("id", "name"), List.of("name", "id")));
        assertEquals(
                Optional.of("the columns differ (a column is repeated)"),
                ColumnMismatch.describe(List.of("id"), List.of("id", "id")));
        assertEquals(
                Optional.of("the columns differ (unexpected \"we\"\"ird\")"),
                ColumnMismatch.describe(List.of("id"), List.of("id", "we\"ird")));
    }

    /**
     * Evidence never holds SQL, and a back-quoted name reads as SQL: red on this branch before the
     * fix, when RandomizedExternalSchedulesTest seed 2791 (a schema drift) found "`extra`" in a receipt.
     */
    @Test
    void namesAreNeverBackQuoted() {
        String text =
                ColumnMismatch.describe(List.of("id", "a`b"), List.of("c`d")).orElseThrow();
        assertTrue(!text.contains("`a") && !text.contains("`c") && text.contains("\"a`b\""), text);
    }

    @Test
    void manyNamesAreBounded() {
        List<String> many = IntStream.range(0, 30).mapToObj(i -> "c" + i).toList();
        String text = ColumnMismatch.describe(List.of(), many).orElseThrow();
        assertTrue(text.endsWith("and 22 more)"), text);
    }
}
