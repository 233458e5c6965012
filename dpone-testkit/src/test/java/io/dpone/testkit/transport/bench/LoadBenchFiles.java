package io.dpone.testkit.transport.bench;

import io.airlift.compress.zstd.ZstdOutputStream;
import io.dpone.testkit.bench.BenchRows;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * The internal-load benchmark's files: ROWS of {@link BenchRows#WITHOUT_OK} (docs/reference/
 * internal-mode.md, "Load cost") as TSVWithNames, as CSVWithNames, and the TSV compressed with gzip
 * and with zstd.
 */
final class LoadBenchFiles {
    static final List<String> COLUMNS = BenchRows.names(BenchRows.WITHOUT_OK);
    static final String DEFINITION = BenchRows.definition(BenchRows.WITHOUT_OK);

    record Files4(Path tsv, Path csv, Path gzip, Path zstd) {}

    private LoadBenchFiles() {}

    static Files4 write(Path directory, long rows) throws IOException {
        Path tsv = directory.resolve("rows.tsv");
        Path csv = directory.resolve("rows.csv");
        BenchRows.write(tsv, rows, BenchRows.WITHOUT_OK, BenchRows.Format.TSV, true);
        BenchRows.write(csv, rows, BenchRows.WITHOUT_OK, BenchRows.Format.CSV, true);
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
}
