package io.dpone.clickhouse.cluster.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class QueueRowReaderTest {
    private static final List<String> HOST_COLUMNS =
            List.of("entry", "host", "port", "status", "exception_code", "exception_text", "query", "log_comment");
    /** The pinned Enum8 values, NULL and an unrecognised value. */
    private static final List<String> STATUSES =
            Arrays.asList("Inactive", "Active", "Finished", "Removing", "Unknown", null, "Bogus");
    /** exception_code cells: NULL, 0, positive, and a wrongly typed cell. */
    private static final List<Object> CODES = Arrays.asList(null, 0L, 60L, "sixty");

    private static final List<String> TEXTS = Arrays.asList(null, "", "Code: 60. boom");

    @Test
    void everyStatusAndExceptionCombinationIsKeptRaw() {
        List<List<Object>> rows = new ArrayList<>();
        for (String status : STATUSES) {
            for (Object code : CODES) {
                for (String text : TEXTS) {
                    rows.add(Arrays.asList(
                            "query-0000000001",
                            "h1",
                            9000L,
                            status,
                            code,
                            text,
                            "EXCHANGE TABLES a.b AND a.c ON CLUSTER c",
                            "tok"));
                }
            }
        }
        List<QueueHostRow> read = QueueRowReader.hostRows(new ReadResult(HOST_COLUMNS, rows));
        assertEquals(STATUSES.size() * CODES.size() * TEXTS.size(), read.size());
        int i = 0;
        for (String status : STATUSES) {
            for (Object code : CODES) {
                for (String text : TEXTS) {
                    QueueHostRow row = read.get(i++);
                    assertEquals(Optional.ofNullable(status), row.status());
                    assertEquals(Optional.ofNullable(text), row.exceptionText());
                    if (code instanceof String) {
                        assertFalse(row.wellTyped(), "a string exception code is malformed evidence");
                        assertEquals(Optional.empty(), row.exceptionCode());
                    } else {
                        assertTrue(row.wellTyped());
                        assertEquals(Optional.ofNullable((Long) code), row.exceptionCode());
                    }
                    assertEquals(Optional.of("h1"), row.host());
                    assertEquals(Optional.of(9000L), row.port());
                }
            }
        }
    }

    @Test
    void nullHostAndMissingEntryAreVisible() {
        List<QueueHostRow> read = QueueRowReader.hostRows(
                new ReadResult(HOST_COLUMNS, List.of(Arrays.asList(null, null, null, null, null, null, null, null))));
        QueueHostRow row = read.get(0);
        assertFalse(row.wellTyped());
        assertEquals(Optional.empty(), row.host());
        assertEquals(Optional.empty(), row.port());
    }

    @Test
    void lookupRowsAndMalformedCount() {
        ReadResult result = new ReadResult(
                List.of("entry", "queries", "log_comments"),
                List.of(
                        List.of(
                                "query-0000000001",
                                List.of("EXCHANGE TABLES a.b AND a.c ON CLUSTER c"),
                                List.of("tok")),
                        List.of("query-0000000002", List.of("q1", "q2"), List.of("tok")),
                        Arrays.asList(7L, List.of("q"), List.of("tok")),
                        List.of("query-0000000004", List.of(1L), List.of("tok"))));
        QueueRowReader.Lookup lookup = QueueRowReader.lookup(result);
        assertEquals(2, lookup.rows().size());
        assertEquals(2, lookup.malformedRows());
        assertEquals(List.of("q1", "q2"), lookup.rows().get(1).queries());
    }

    @Test
    void preflightFacts() {
        List<String> columns = List.of("entry_format_version", "settings_column_type", "server_version");
        CapabilityPreflight.Facts good = CapabilityPreflight.read(
                new ReadResult(columns, List.of(List.of(5L, "Map(String, String)", "26.7.2.1"))));
        assertTrue(good.satisfied());
        assertFalse(CapabilityPreflight.read(new ReadResult(columns, List.of(List.of(1L, "Map(String, String)", "x"))))
                .satisfied());
        assertFalse(CapabilityPreflight.read(new ReadResult(columns, List.of(Arrays.asList(null, null, "x"))))
                .satisfied());
        assertFalse(CapabilityPreflight.read(new ReadResult(columns, List.of(List.of(5L, "String", "x"))))
                .satisfied());
        assertFalse(CapabilityPreflight.read(new ReadResult(columns, List.of())).satisfied());
    }
}
