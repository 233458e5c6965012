package io.dpone.clickhouse.external.seal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.store.ArtifactRows;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * Sealing fuzz (pure, offline): the same rows handed over as in-memory rows, CSV, TSV or the codec
 * seal to one artifact whose rows read back exactly; arbitrary bytes in any format are sealed or
 * refused with a stable code, never another failure.
 */
class SealingFuzzTest {
    private static final List<SourceColumn> COLUMNS = List.of(
            SourceColumn.typed("s", "String"),
            SourceColumn.typed("n", "Nullable(String)"),
            SourceColumn.typed("i", "Nullable(Int64)"));
    private static final List<String> PIECES =
            List.of(",", "\"", "\\", "\\N", "N", "\t", "\n", "\r", " ", "\u0000", "\u0001", "é", "😀", "a", "'");
    private static final Set<DponeErrorCode> STABLE = Set.of(
            DponeErrorCode.SOURCE_MALFORMED,
            DponeErrorCode.SOURCE_VALUE_INVALID,
            DponeErrorCode.SOURCE_SCHEMA_INVALID,
            DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED);

    private Path dir;

    @BeforeProperty
    void createDirectory() throws IOException {
        dir = Files.createTempDirectory("sealing-fuzz");
    }

    @AfterProperty
    void deleteDirectory() throws IOException {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        }
    }

    @Provide
    Arbitrary<List<List<String>>> tables() {
        Arbitrary<String> text = Arbitraries.of(PIECES).list().ofMaxSize(4).map(parts -> String.join("", parts));
        Arbitrary<String> number = Arbitraries.longs().map(String::valueOf).injectNull(0.2);
        return net.jqwik.api.Combinators.combine(text, text.injectNull(0.3), number)
                .as((s, n, i) -> java.util.Arrays.asList(s, n, i))
                .list()
                .ofMaxSize(8);
    }

    @Property(tries = 300)
    void everyFormatSealsTheSameRowsToTheSameArtifact(@ForAll("tables") List<List<String>> rows) throws IOException {
        SourceSealer sealer = new SourceSealer(ArtifactStore.open(dir.resolve("store")), 100, ProgressListener.NONE);
        StoredArtifact fromRows = sealer.seal(new PublicationSource.Rows(COLUMNS, rows), COLUMNS);
        StoredArtifact csv = sealer.seal(file(csv(rows), DelimitedFormat.CSV_WITH_NAMES), COLUMNS);
        StoredArtifact tsv = sealer.seal(file(tsv(rows), DelimitedFormat.TSV_WITH_NAMES), COLUMNS);
        StoredArtifact codec = sealer.seal(
                new PublicationSource.CodecFile(
                        write(codec(rows)), "dpone.clickhouse.tab-separated", COLUMNS, OptionalLong.empty()),
                COLUMNS);
        assertEquals(fromRows.summary(), csv.summary());
        assertEquals(fromRows.summary(), tsv.summary());
        assertEquals(fromRows.summary(), codec.summary());
        List<List<Object>> read = new ArrayList<>();
        try (ArtifactRows reader = fromRows.rows()) {
            for (List<Object> row = reader.next(); row != null; row = reader.next()) {
                read.add(row);
            }
        }
        assertEquals(rows.size(), read.size());
        for (int r = 0; r < rows.size(); r++) {
            assertEquals(rows.get(r).get(0), read.get(r).get(0));
            assertEquals(rows.get(r).get(1), read.get(r).get(1));
            assertEquals(
                    rows.get(r).get(2) == null ? null : Long.valueOf(rows.get(r).get(2)),
                    read.get(r).get(2));
        }
    }

    @Property(tries = 500)
    void anyBytesAreSealedOrRefusedWithAStableCode(@ForAll("noise") byte[] body, @ForAll("formats") String format)
            throws IOException {
        SourceSealer sealer = new SourceSealer(ArtifactStore.open(dir.resolve("store")), 5, ProgressListener.NONE);
        byte[] header = format.startsWith("CSV")
                ? "s,n,i\n".getBytes(StandardCharsets.UTF_8)
                : format.startsWith("TSV") ? "s\tn\ti\n".getBytes(StandardCharsets.UTF_8) : new byte[0];
        byte[] bytes = new byte[header.length + body.length];
        System.arraycopy(header, 0, bytes, 0, header.length);
        System.arraycopy(body, 0, bytes, header.length, body.length);
        Path file = Files.write(dir.resolve("noise"), bytes);
        DelimitedFormat delimited = DelimitedFormat.fromWireName(format);
        PublicationSource source = delimited != null
                ? new PublicationSource.DelimitedFile(file, delimited, Compression.NONE, OptionalLong.empty())
                : new PublicationSource.CodecFile(file, format, COLUMNS, OptionalLong.empty());
        try {
            sealer.seal(source, COLUMNS);
        } catch (DponeException e) {
            assertTrue(STABLE.contains(e.code()), e.code() + ": " + e.getMessage());
        }
    }

    @Provide
    Arbitrary<String> formats() {
        return Arbitraries.of("CSVWithNames", "TSVWithNames", "dpone.clickhouse.tab-separated");
    }

    @Provide
    Arbitrary<byte[]> noise() {
        return Arbitraries.oneOf(
                        Arbitraries.of(
                                (byte) ',',
                                (byte) '"',
                                (byte) '\\',
                                (byte) '\t',
                                (byte) '\n',
                                (byte) '\r',
                                (byte) 'N',
                                (byte) '1',
                                (byte) '-',
                                (byte) 0,
                                (byte) 0xC3,
                                (byte) 0xA9),
                        Arbitraries.bytes())
                .array(byte[].class)
                .ofMaxSize(48);
    }

    private PublicationSource.DelimitedFile file(String text, DelimitedFormat format) {
        return new PublicationSource.DelimitedFile(write(text), format, Compression.NONE, OptionalLong.empty());
    }

    private Path write(String text) {
        try {
            return Files.writeString(Files.createTempFile(dir, "src", ".txt"), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String csv(List<List<String>> rows) {
        StringBuilder out = new StringBuilder("s,n,i\r\n");
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                out.append(i == 0 ? "" : ",").append(cell == null ? "\\N" : "\"" + cell.replace("\"", "\"\"") + "\"");
            }
            out.append("\r\n");
        }
        return out.toString();
    }

    private static String tsv(List<List<String>> rows) {
        StringBuilder out = new StringBuilder("s\tn\ti\n");
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                out.append(i == 0 ? "" : "\t")
                        .append(
                                cell == null
                                        ? "\\N"
                                        : cell.replace("\\", "\\\\")
                                                .replace("\t", "\\t")
                                                .replace("\n", "\\n")
                                                .replace("\r", "\\r")
                                                .replace("\0", "\\0"));
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String codec(List<List<String>> rows) {
        return tsv(rows).substring("s\tn\ti\n".length());
    }
}
