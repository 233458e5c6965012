package io.dpone.clickhouse.cluster.transport.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.dpone.clickhouse.cluster.source.ByteRowCursor;
import io.dpone.clickhouse.cluster.source.DelimitedReader;
import io.dpone.clickhouse.cluster.source.OpenedSource;
import io.dpone.clickhouse.cluster.source.Rendering;
import io.dpone.clickhouse.cluster.source.RowBytes;
import io.dpone.spi.source.DelimitedFormat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The load's byte encoder (issue 20) against the per-character writer it replaced
 * ({@link WriterTsvRows}), pure and offline: for arbitrary cells (NULL, empty, a literal
 * {@code \N}, tabs, line breaks, backslashes, control bytes, quotes, multi-byte UTF-8, lone
 * surrogates) the request body is byte for byte the same, whether the cells come as text or as the
 * bytes the CSV and TSV readers hand out. The same body is what the server parses, so the values it
 * stores cannot differ.
 */
class TsvRowsEquivalenceTest {
    private static final List<String> PIECES = List.of(
            ",", "\"", "\"\"", "\\", "\\N", "N", "\t", "\n", "\r", "\r\n", " ", "'", "\u0000", "\b", "\f", "\u0007",
            "\u000b", "\u001b", "\u001f", "\u007f", "a", "Z", "1", "é", "€", "😀", "\u2028", "%", "\\x41", "`");

    @Provide
    Arbitrary<String> cells() {
        return Arbitraries.oneOf(
                Arbitraries.of(PIECES).list().ofMaxSize(6).map(parts -> String.join("", parts)),
                Arbitraries.strings().ofMaxLength(12));
    }

    @Provide
    Arbitrary<List<List<String>>> rows() {
        return Arbitraries.integers()
                .between(1, 4)
                .flatMap(width ->
                        cells().injectNull(0.2).list().ofSize(width).list().ofMaxSize(8));
    }

    @Property
    void textCellsEncodeAsTheWriterDid(@ForAll("rows") List<List<String>> rows) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TsvRows tsv = new TsvRows(bytes);
        for (List<String> row : rows) {
            tsv.write(row);
        }
        tsv.flush();
        assertArrayEquals(writer(rows), bytes.toByteArray());
    }

    @Property
    void readerBytesEncodeAsTheWriterDidWithTheirText(@ForAll("rows") List<List<String>> rows, @ForAll boolean csv)
            throws IOException {
        List<List<String>> valid =
                rows.stream().map(TsvRowsEquivalenceTest::wellFormed).toList();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < (valid.isEmpty() ? 1 : valid.get(0).size()); i++) {
            names.add("c" + i);
        }
        byte[] file =
                csv ? Rendering.csv(names, null, valid, "\n", true) : Rendering.tsv(names, null, valid, true, false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TsvRows tsv = new TsvRows(bytes);
        try (OpenedSource source = DelimitedReader.open(
                new ByteArrayInputStream(file),
                csv ? DelimitedFormat.CSV_WITH_NAMES : DelimitedFormat.TSV_WITH_NAMES)) {
            ByteRowCursor cursor = (ByteRowCursor) source.cursor();
            for (RowBytes row = cursor.nextBytes(); row != null; row = cursor.nextBytes()) {
                tsv.write(row);
            }
        }
        tsv.flush();
        assertArrayEquals(writer(valid), bytes.toByteArray());
    }

    @Property
    void aCellLargerThanTheBufferIsWrittenWhole(@ForAll boolean escapes) throws IOException {
        String big = (escapes ? "a\tb\\" : "abcd").repeat(40_000);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        TsvRows tsv = new TsvRows(bytes);
        tsv.write(List.of(big, "x"));
        tsv.flush();
        assertArrayEquals(writer(List.of(List.of(big, "x"))), bytes.toByteArray());
    }

    /** A file holds text, so a lone surrogate (which UTF-8 cannot carry) becomes what the writer made of it. */
    private static List<String> wellFormed(List<String> row) {
        List<String> copy = new ArrayList<>();
        for (String cell : row) {
            copy.add(cell == null ? null : new String(cell.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
        }
        return copy;
    }

    private static byte[] writer(List<List<String>> rows) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Writer out = new OutputStreamWriter(bytes, StandardCharsets.UTF_8)) {
            for (List<String> row : rows) {
                WriterTsvRows.write(row, out);
            }
        }
        return bytes.toByteArray();
    }
}
