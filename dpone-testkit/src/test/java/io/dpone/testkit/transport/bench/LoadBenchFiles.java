package io.dpone.testkit.transport.bench;

import io.airlift.compress.zstd.ZstdOutputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * The internal-load benchmark's files: ROWS rows of the profile's six columns (docs/reference/
 * internal-mode.md, "Load cost") as TSVWithNames, as CSVWithNames, and the TSV compressed with gzip
 * and with zstd. Every row is computed from its number alone, so nothing is held in memory.
 */
final class LoadBenchFiles {
    static final List<String> COLUMNS = List.of("id", "name", "amount", "day", "at", "note");
    static final String DEFINITION = "(id UInt64, name String, amount Decimal(18, 2), day Date, at DateTime64(3),"
            + " note Nullable(String)) ENGINE = MergeTree ORDER BY id";

    record Files4(Path tsv, Path csv, Path gzip, Path zstd) {}

    private LoadBenchFiles() {}

    static Files4 write(Path directory, long rows) throws IOException {
        Path tsv = directory.resolve("rows.tsv");
        Path csv = directory.resolve("rows.csv");
        try (OutputStream t = new BufferedOutputStream(Files.newOutputStream(tsv), 1 << 16);
                OutputStream c = new BufferedOutputStream(Files.newOutputStream(csv), 1 << 16)) {
            t.write((String.join("\t", COLUMNS) + "\n").getBytes(StandardCharsets.UTF_8));
            c.write((String.join(",", COLUMNS) + "\n").getBytes(StandardCharsets.UTF_8));
            StringBuilder line = new StringBuilder(160);
            for (long i = 0; i < rows; i++) {
                t.write(row(line, i, '\t', "customer " + (i % 9973) + ", \"gold\"", "\\N")
                        .getBytes(StandardCharsets.UTF_8));
                c.write(row(line, i, ',', "\"customer " + (i % 9973) + ", \"\"gold\"\"\"", "\\N")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        Path gzip = directory.resolve("rows.tsv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzip), 1 << 16)) {
            Files.copy(tsv, out);
        }
        Path zstd = directory.resolve("rows.tsv.zst");
        try (OutputStream out = new ZstdOutputStream(new BufferedOutputStream(Files.newOutputStream(zstd), 1 << 16))) {
            Files.copy(tsv, out);
        }
        return new Files4(tsv, csv, gzip, zstd);
    }

    private static String row(StringBuilder line, long i, char separator, String name, String nullMarker) {
        line.setLength(0);
        line.append(i)
                .append(separator)
                .append(name)
                .append(separator)
                .append(i % 100000)
                .append('.')
                .append(i % 100 < 10 ? "0" : "")
                .append(i % 100)
                .append(separator)
                .append("2024-0")
                .append(1 + i % 9)
                .append('-')
                .append(10 + i % 18)
                .append(separator)
                .append("2024-05-")
                .append(10 + i % 18)
                .append(' ')
                .append(10 + i % 13)
                .append(":3")
                .append(i % 10)
                .append(":0")
                .append(i % 10)
                .append('.')
                .append(100 + i % 900)
                .append(separator)
                .append(i % 7 == 0 ? nullMarker : "note for row " + i)
                .append('\n');
        return line.toString();
    }
}
