package io.dpone.clickhouse.cluster.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.RowCursor;
import io.dpone.spi.source.SourceColumn;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CSV and TSV rules of docs/reference/sources.md, example by example (pure, offline). */
class DelimitedReaderTest {
    @TempDir
    Path dir;

    static List<List<String>> readAll(String text, DelimitedFormat format) {
        return readAll(text.getBytes(StandardCharsets.UTF_8), format);
    }

    static List<List<String>> readAll(byte[] bytes, DelimitedFormat format) {
        try (OpenedSource source = DelimitedReader.open(new ByteArrayInputStream(bytes), format)) {
            List<List<String>> rows = new ArrayList<>();
            for (List<String> row = source.cursor().next();
                    row != null;
                    row = source.cursor().next()) {
                rows.add(new ArrayList<>(row));
            }
            return rows;
        }
    }

    static List<String> header(String text, DelimitedFormat format) {
        try (OpenedSource source =
                DelimitedReader.open(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), format)) {
            return source.columns().stream()
                    .map(c -> c.name() + c.type().map(t -> ":" + t).orElse(""))
                    .toList();
        }
    }

    static DponeException refused(String text, DelimitedFormat format) {
        return assertThrows(DponeException.class, () -> readAll(text, format));
    }

    static List<String> row(String... cells) {
        return Arrays.asList(cells);
    }

    @Test
    void csvQuotingNullAndTrimmingFollowClickHouseDefaults() {
        String csv = "a,b,c\n"
                + "1,\"x,y\",\"he said \"\"hi\"\"\"\n"
                + "\\N,\"\\N\",\n"
                + "  padded\t , \"  kept  \" ,\"multi\nline\"\r\n"
                + "back\\slash,\"\",'single'\n";
        assertEquals(
                List.of(
                        row("1", "x,y", "he said \"hi\""),
                        row(null, "\\N", ""),
                        row("padded", "  kept  ", "multi\nline"),
                        row("back\\slash", "", "'single'")),
                readAll(csv, DelimitedFormat.CSV_WITH_NAMES));
    }

    /**
     * An unterminated quote at the start of an endless (multi-gigabyte) CSV file. Red on main
     * 32d8930: the field buffer doubled to a 2 GiB array in 60 s and failed with
     * {@code ArrayIndexOutOfBoundsException} (arraycopy past {@code byte[2147483641]}; with a smaller
     * heap, {@code OutOfMemoryError}); now the field stops at {@link FieldBuffer#MAX_FIELD_BYTES} with
     * SOURCE_MALFORMED naming the row, never its text.
     */
    @Test
    void anUnterminatedQuoteInAnEndlessFileIsRefusedAtTheFieldBound() {
        EndlessInput input = new EndlessInput("a,b\n1,\"".getBytes(StandardCharsets.US_ASCII), (byte) 'x');
        DponeException refused = assertThrows(DponeException.class, () -> {
            try (OpenedSource source = DelimitedReader.open(input, DelimitedFormat.CSV_WITH_NAMES)) {
                source.cursor().next();
            }
        });
        assertEquals(DponeErrorCode.SOURCE_MALFORMED, refused.code());
        assertEquals(
                "row 1: a field is longer than 16777216 bytes (is a quote or a line end missing?)",
                refused.getMessage());
        assertTrue(input.served() <= FieldBuffer.MAX_FIELD_BYTES + (2 << 16), "read " + input.served() + " bytes");
    }

    @Test
    void aTsvFieldWithoutEndAndARowWithoutEndAreRefusedAtTheirBounds() {
        DponeException field = assertThrows(
                DponeException.class,
                () -> readAll(
                        new EndlessInput("a\n".getBytes(StandardCharsets.US_ASCII), (byte) 'x'),
                        DelimitedFormat.TSV_WITH_NAMES,
                        1024));
        assertEquals(
                "row 1: a field is longer than 1024 bytes (is a quote or a line end missing?)", field.getMessage());
        DponeException cells = assertThrows(
                DponeException.class,
                () -> readAll(
                        new EndlessInput("a,b\n".getBytes(StandardCharsets.US_ASCII), (byte) ','),
                        DelimitedFormat.CSV_WITH_NAMES,
                        1024));
        assertEquals("row 1: it has more than 2 cells", cells.getMessage());
        DponeException header = assertThrows(
                DponeException.class,
                () -> readAll(new EndlessInput(new byte[0], (byte) '\t'), DelimitedFormat.TSV_WITH_NAMES, 1024));
        assertEquals("header row: it has more than " + DelimitedReader.MAX_COLUMNS + " cells", header.getMessage());
        assertEquals(
                List.of(row("x".repeat(1024))),
                readAll(
                        ("a\n" + "x".repeat(1024) + "\n").getBytes(StandardCharsets.US_ASCII),
                        DelimitedFormat.CSV_WITH_NAMES,
                        1024),
                "a field of exactly the bound is read");
    }

    /**
     * Many long fields in one row. Red on ext-values c6981db (main's byte-level readers): this row
     * was read whole, because the row's one shared array grew with every field without a bound of
     * its own (by its arithmetic, 128 fields of 16 MiB pass the int range near 2 GiB, and a smaller
     * heap runs out first; not run at that size). Now a row's cells together stop at
     * {@link RowBytes#MAX_ROW_FACTOR} field bounds, header rows included.
     */
    @Test
    void aRowOfManyLongFieldsIsRefusedAtTheRowBound() {
        int fields = RowBytes.MAX_ROW_FACTOR + 1;
        String names = String.join(
                        "\t",
                        java.util.stream.IntStream.range(0, fields)
                                .mapToObj(i -> "c" + i)
                                .toList()) + "\n";
        String wide = String.join("\t", java.util.Collections.nCopies(fields, "x".repeat(64))) + "\n";
        DponeException data = assertThrows(
                DponeException.class,
                () -> readAll((names + wide).getBytes(StandardCharsets.US_ASCII), DelimitedFormat.TSV_WITH_NAMES, 64));
        assertEquals(DponeErrorCode.SOURCE_MALFORMED, data.code());
        assertEquals(
                "row 1: its cells hold more than " + 64 * RowBytes.MAX_ROW_FACTOR + " bytes together",
                data.getMessage());
        DponeException header = assertThrows(
                DponeException.class,
                () -> readAll(
                        wide.replace('\t', ',').getBytes(StandardCharsets.US_ASCII),
                        DelimitedFormat.CSV_WITH_NAMES,
                        64));
        assertEquals(
                "header row: its cells hold more than " + 64 * RowBytes.MAX_ROW_FACTOR + " bytes together",
                header.getMessage());
        String atBound = String.join(
                        "\t", java.util.Collections.nCopies(fields, "x".repeat(64 * RowBytes.MAX_ROW_FACTOR / fields)))
                + "\n";
        assertEquals(
                1,
                readAll((names + atBound).getBytes(StandardCharsets.US_ASCII), DelimitedFormat.TSV_WITH_NAMES, 64)
                        .size(),
                "a row within the bound is read");
    }

    static List<List<String>> readAll(java.io.InputStream in, DelimitedFormat format, int maxFieldBytes) {
        try (OpenedSource source = DelimitedReader.open(in, format, maxFieldBytes)) {
            List<List<String>> rows = new ArrayList<>();
            for (List<String> row = source.cursor().next();
                    row != null;
                    row = source.cursor().next()) {
                rows.add(new ArrayList<>(row));
            }
            return rows;
        }
    }

    static List<List<String>> readAll(byte[] bytes, DelimitedFormat format, int maxFieldBytes) {
        return readAll(new ByteArrayInputStream(bytes), format, maxFieldBytes);
    }

    /**
     * In-memory rows are held to the files' rule: text is Unicode. Red on main 32d8930: a lone
     * surrogate was passed on and became {@code ?} when the loader encoded it as UTF-8.
     */
    @Test
    void inMemoryRowsWithALoneSurrogateAreRefusedAsTheFileReadersRefuseBytesThatAreNotUtf8() {
        PublicationSource.Rows rows = new PublicationSource.Rows(
                List.of(SourceColumn.untyped("a"), SourceColumn.untyped("b")),
                List.of(row("ok", "\uD83D\uDE00 paired"), row("x", "secret\uD800"), row("never", "read")));
        try (OpenedSource source = SourceReaders.open(rows)) {
            assertEquals(row("ok", "\uD83D\uDE00 paired"), source.cursor().next());
            DponeException refused =
                    assertThrows(DponeException.class, () -> source.cursor().next());
            assertEquals(DponeErrorCode.SOURCE_MALFORMED, refused.code());
            assertEquals(
                    "row 2: cell 2 holds a lone UTF-16 surrogate, which is not Unicode text (UTF-8 cannot carry it)",
                    refused.getMessage());
        }
        for (String lone : List.of("\uDC00", "a\uD800", "\uDE00\uD83D", "\uD83D\uD83D\uDE00")) {
            assertTrue(io.dpone.spi.source.UnicodeText.hasUnpairedSurrogate(lone), lone);
        }
    }

    @Test
    void csvWithoutFinalLineEndAndWithABomReadsTheSame() {
        assertEquals(List.of(row("1", "2")), readAll("\uFEFFa,b\r\n1,2", DelimitedFormat.CSV_WITH_NAMES));
        assertEquals(List.of("a", "b"), header("\uFEFFa,b\n", DelimitedFormat.CSV_WITH_NAMES));
    }

    @Test
    void anEmptyLineIsOneEmptyCellSoItIsARowOnlyForOneColumn() {
        assertEquals(List.of(row("x"), row(""), row("y")), readAll("only\nx\n\ny\n", DelimitedFormat.CSV_WITH_NAMES));
        assertEquals(
                "row 2: it has 1 cells, the header has 2",
                refused("a,b\n1,2\n\n", DelimitedFormat.CSV_WITH_NAMES).getMessage());
    }

    @Test
    void csvViolationsNameTheRowAndRuleButNeverTheText() {
        assertMalformed("a\n\"secret-value", DelimitedFormat.CSV_WITH_NAMES, "row 1: a quoted field is not terminated");
        assertMalformed(
                "a,b\n\"secret\"value,2\n", DelimitedFormat.CSV_WITH_NAMES, "row 1: text after a closing quote");
        assertMalformed(
                "a\nok\nsecret\rvalue\n",
                DelimitedFormat.CSV_WITH_NAMES,
                "row 2: a carriage return not followed by a line feed");
        assertMalformed("a,b\n1,2\n3\n", DelimitedFormat.CSV_WITH_NAMES, "row 2: it has 1 cells, the header has 2");
        assertMalformed("a,b\n1,2,secret\n", DelimitedFormat.CSV_WITH_NAMES, "row 1: it has more than 2 cells");
    }

    @Test
    void headerRulesAreChecked() {
        assertMalformed("", DelimitedFormat.CSV_WITH_NAMES, "header row: missing");
        assertMalformed("\n1\n", DelimitedFormat.CSV_WITH_NAMES, "header row: cell 1 is empty or \\N");
        assertMalformed("\\N\tb\n", DelimitedFormat.TSV_WITH_NAMES, "header row: cell 1 is empty or \\N");
        assertMalformed("a\t\\N\n", DelimitedFormat.TSV_WITH_NAMES, "header row: cell 2 is empty or \\N");
        assertMalformed(
                "a,b,a\n", DelimitedFormat.CSV_WITH_NAMES, "header row: column 3 repeats an earlier column name");
        assertMalformed(
                "a,b\nString\n",
                DelimitedFormat.CSV_WITH_NAMES_AND_TYPES,
                "types row: it has 1 cells, the header row has 2");
        assertMalformed("a,b\n", DelimitedFormat.CSV_WITH_NAMES_AND_TYPES, "types row: missing");
        assertMalformed(
                "a\t" + "n".repeat(257) + "\n",
                DelimitedFormat.TSV_WITH_NAMES,
                "header row: column 2 has a name longer");
    }

    @Test
    void typesRowBecomesTheDeclaredColumnTypes() {
        assertEquals(
                List.of("id:UInt64", "amount:Decimal(18, 2)"),
                header("id,amount\nUInt64,\"Decimal(18, 2)\"\n1,2.50\n", DelimitedFormat.CSV_WITH_NAMES_AND_TYPES));
        assertEquals(
                List.of(row("1", "2.50")),
                readAll("id\tamount\nUInt64\tDecimal(18, 2)\n1\t2.50\n", DelimitedFormat.TSV_WITH_NAMES_AND_TYPES));
    }

    @Test
    void tsvUnescapesAsClickHouseReadEscapedStringDoes() {
        String tsv = "a\tb\n"
                + "tab\\there\\nnew\\\\back\tnul\\0bs\\bff\\fq\\'dq\\\"bt\\`sl\\/eq\\=\n"
                + "\\N\t\\\\N\n"
                + "\t100\\%\\q\n"
                + "hex\\x41\\x7e\tbell\\avt\\vesc\\e\n"
                + "cont\\\nline\t\\\ttab\n";
        assertEquals(
                List.of(
                        row("tab\there\nnew\\back", "nul\0bs\bff\fq'dq\"bt`sl/eq="),
                        row(null, "\\N"),
                        row("", "100\\%\\q"),
                        row("hexA~", "bell\u0007vt\u000Besc\u001B"),
                        row("cont\nline", "\ttab")),
                readAll(tsv, DelimitedFormat.TSV_WITH_NAMES));
    }

    @Test
    void tsvViolationsNameTheRowAndRule() {
        assertMalformed("a\nsecret\\", DelimitedFormat.TSV_WITH_NAMES, "row 1: a backslash at the end of the input");
        assertMalformed("a\nsecret\\N\n", DelimitedFormat.TSV_WITH_NAMES, "row 1: \\N inside a longer field");
        assertMalformed("a\n\\Nsecret\n", DelimitedFormat.TSV_WITH_NAMES, "row 1: \\N inside a longer field");
        assertMalformed("a\r\nsecret\r\n", DelimitedFormat.TSV_WITH_NAMES, "header row: a raw carriage return");
        assertMalformed(
                "a\nx\\xZZ\n", DelimitedFormat.TSV_WITH_NAMES, "row 1: a \\x escape without two hexadecimal digits");
        assertMalformed("a\nx\\xff\n", DelimitedFormat.TSV_WITH_NAMES, "row 1: bytes that are not valid UTF-8");
        assertMalformed("a\tb\n1\n", DelimitedFormat.TSV_WITH_NAMES, "row 1: it has 1 cells, the header has 2");
    }

    @Test
    void invalidUtf8IsRefusedNotReplaced() {
        byte[] bytes = {'a', '\n', (byte) 0xC3, '\n'};
        DponeException e = assertThrows(DponeException.class, () -> readAll(bytes, DelimitedFormat.CSV_WITH_NAMES));
        assertEquals("row 1: bytes that are not valid UTF-8", e.getMessage());
        byte[] surrogate = {'a', '\n', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '\n'};
        assertThrows(DponeException.class, () -> readAll(surrogate, DelimitedFormat.TSV_WITH_NAMES));
        assertEquals(List.of(row("é😀")), readAll("a\né😀\n", DelimitedFormat.TSV_WITH_NAMES));
    }

    @Test
    void theCursorCountsBytesAsItStreams() {
        byte[] bytes = "a\n1\n22\n".getBytes(StandardCharsets.UTF_8);
        try (OpenedSource source =
                DelimitedReader.open(new ByteArrayInputStream(bytes), DelimitedFormat.CSV_WITH_NAMES)) {
            RowCursor cursor = source.cursor();
            assertEquals(2, cursor.bytesRead());
            cursor.next();
            assertEquals(4, cursor.bytesRead());
            cursor.next();
            assertEquals(7, cursor.bytesRead());
            assertNull(cursor.next());
            assertEquals(bytes.length, cursor.bytesRead());
        }
    }

    @Test
    void sourceReadersOpenFilesRowsAndStreamsAndRefuseTheRest() throws Exception {
        Path file = Files.writeString(dir.resolve("in.tsv"), "a\tb\n1\t\\N\n");
        try (OpenedSource source = SourceReaders.open(new PublicationSource.DelimitedFile(
                file, DelimitedFormat.TSV_WITH_NAMES, Compression.NONE, OptionalLong.empty()))) {
            assertEquals(List.of(SourceColumn.untyped("a"), SourceColumn.untyped("b")), source.columns());
            assertEquals(row("1", null), source.cursor().next());
            assertNull(source.cursor().next());
        }
        PublicationSource.Rows rows =
                new PublicationSource.Rows(List.of(SourceColumn.untyped("x")), List.of(row("ab"), row((String) null)));
        try (OpenedSource source = SourceReaders.open(rows)) {
            assertEquals(row("ab"), source.cursor().next());
            assertEquals(row((String) null), source.cursor().next());
            assertNull(source.cursor().next());
            assertEquals(rows.declaredBytes().getAsLong(), source.cursor().bytesRead());
        }
        RowCursor streamed = new RowsCursor(List.of(row("s")));
        try (OpenedSource source =
                SourceReaders.open(new PublicationSource.Stream(List.of(SourceColumn.untyped("x")), () -> streamed))) {
            assertTrue(source.cursor() == streamed, "a stream passes through");
        }
        assertCode(
                DponeErrorCode.SOURCE_COMPRESSION_UNSUPPORTED,
                new PublicationSource.DelimitedFile(
                        file, DelimitedFormat.TSV_WITH_NAMES, Compression.OTHER, OptionalLong.empty()));
        assertCode(
                DponeErrorCode.SOURCE_FORMAT_UNSUPPORTED,
                new PublicationSource.CodecFile(
                        file,
                        "dpone.clickhouse.tab-separated",
                        List.of(SourceColumn.untyped("a")),
                        OptionalLong.empty()));
        DponeException missing = assertCode(
                DponeErrorCode.SOURCE_UNREADABLE,
                new PublicationSource.DelimitedFile(
                        dir.resolve("secret-name.csv"),
                        DelimitedFormat.CSV_WITH_NAMES,
                        Compression.NONE,
                        OptionalLong.empty()));
        assertFalse(missing.getMessage().contains("secret-name"));
    }

    private static DponeException assertCode(DponeErrorCode code, PublicationSource source) {
        DponeException e = assertThrows(
                DponeException.class, () -> SourceReaders.open(source).close());
        assertEquals(code, e.code());
        return e;
    }

    private static void assertMalformed(String text, DelimitedFormat format, String messageStart) {
        DponeException e = refused(text, format);
        assertEquals(DponeErrorCode.SOURCE_MALFORMED, e.code());
        assertTrue(e.getMessage().startsWith(messageStart), e.getMessage());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }
}
