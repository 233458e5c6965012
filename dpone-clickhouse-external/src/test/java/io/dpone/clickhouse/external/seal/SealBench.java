package io.dpone.clickhouse.external.seal;

import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

/**
 * Runner for bench/seal.sh (not a test): writes a deterministic CSV of ROWS rows to FILE unless it
 * exists, seals it ROUNDS times into STORE in this JVM (after one warm-up seal of a 100,000-row
 * prefix) and prints the median seal time and the peak heap in use during the measured seals,
 * sampled every millisecond (java.base only: the module does not read java.management).
 * Usage: SealBench FILE ROWS STORE ROUNDS
 */
public final class SealBench {
    static final List<SourceColumn> COLUMNS = List.of(
            SourceColumn.typed("id", "UInt64"),
            SourceColumn.typed("name", "String"),
            SourceColumn.typed("amount", "Decimal(18, 2)"),
            SourceColumn.typed("day", "Date"),
            SourceColumn.typed("at", "DateTime64(3)"),
            SourceColumn.typed("ok", "Bool"),
            SourceColumn.typed("note", "Nullable(String)"));

    private SealBench() {}

    public static void main(String[] args) throws IOException {
        Path file = Path.of(args[0]);
        long rows = Long.parseLong(args[1]);
        Path store = Path.of(args[2]);
        int rounds = Integer.parseInt(args[3]);
        if (!Files.exists(file)) {
            generate(file, rows);
        }
        Path warmup = file.resolveSibling(file.getFileName() + ".warmup");
        generate(warmup, Math.min(rows, 100_000));
        seal(warmup, store, rows);
        HeapSampler sampler = new HeapSampler();
        sampler.start();
        double[] seconds = new double[rounds];
        StoredArtifact artifact = null;
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            artifact = seal(file, store, rows);
            seconds[i] = (System.nanoTime() - start) / 1e9;
        }
        long peak = sampler.stopAndPeak();
        Arrays.sort(seconds);
        System.out.printf(
                "rows=%d file_bytes=%d artifact_bytes=%d seal_seconds_median=%.3f peak_heap_mb=%.1f max_heap_mb=%.0f%n",
                artifact.rowCount(),
                Files.size(file),
                artifact.byteSize(),
                seconds[rounds / 2],
                peak / 1048576.0,
                Runtime.getRuntime().maxMemory() / 1048576.0);
        Files.delete(warmup);
    }

    private static StoredArtifact seal(Path file, Path store, long budget) {
        return new SourceSealer(ArtifactStore.open(store), budget, ProgressListener.NONE)
                .seal(
                        new PublicationSource.DelimitedFile(
                                file, DelimitedFormat.CSV_WITH_NAMES, Compression.NONE, OptionalLong.empty()),
                        COLUMNS);
    }

    /** Typical export rows: numbers, a quoted text with a comma, a decimal, a date, a timestamp, a flag, a NULL every 7th row. */
    static void generate(Path file, long rows) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("id,name,amount,day,at,ok,note\n");
            StringBuilder line = new StringBuilder(160);
            for (long i = 0; i < rows; i++) {
                line.setLength(0);
                line.append(i)
                        .append(",\"customer ")
                        .append(i % 9973)
                        .append(", \"\"gold\"\"\",")
                        .append(i % 100000)
                        .append('.')
                        .append(i % 100 < 10 ? "0" : "")
                        .append(i % 100)
                        .append(',')
                        .append("2024-0")
                        .append(1 + i % 9)
                        .append('-')
                        .append(10 + i % 18)
                        .append(',')
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
                        .append(',')
                        .append(i % 2 == 0 ? "true" : "false")
                        .append(',')
                        .append(i % 7 == 0 ? "\\N" : "note for row " + i)
                        .append('\n');
                out.append(line);
            }
        }
    }

    /** Samples used heap (total minus free) until stopped. */
    private static final class HeapSampler extends Thread {
        private volatile boolean running = true;
        private volatile long peak;

        HeapSampler() {
            setDaemon(true);
        }

        @Override
        public void run() {
            Runtime runtime = Runtime.getRuntime();
            while (running) {
                peak = Math.max(peak, runtime.totalMemory() - runtime.freeMemory());
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        long stopAndPeak() {
            running = false;
            try {
                join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return peak;
        }
    }
}
