package io.dpone.testkit.external.bench;

import io.dpone.spi.source.SourceColumn;
import java.io.BufferedWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

/**
 * The benchmark's rows (the same 7 columns and values as bench/seal.sh's SealBench): row {@code i}
 * as a CSV line, for sealing, as a TabSeparated line, for the HTTP baseline, and as the plain Java
 * objects the native driver takes, for the driver's own insert. Both are computed from {@code i} alone, so nothing is held in memory; that
 * they are the same rows is checked once per run by digesting the baseline table.
 */
final class BenchRows {
    static final List<SourceColumn> COLUMNS = List.of(
            SourceColumn.typed("id", "UInt64"),
            SourceColumn.typed("name", "String"),
            SourceColumn.typed("amount", "Decimal(18, 2)"),
            SourceColumn.typed("day", "Date"),
            SourceColumn.typed("at", "DateTime64(3)"),
            SourceColumn.typed("ok", "Bool"),
            SourceColumn.typed("note", "Nullable(String)"));

    private BenchRows() {}

    static void writeCsv(Path file, long rows) throws IOException {
        write(file, rows, "id,name,amount,day,at,ok,note\n", ',', "\"customer %d, \"\"gold\"\"\"");
    }

    /**
     * The same rows as the HTTP baseline's body: TabSeparated without a header, in the column order
     * above (no cell needs an escape).
     */
    static void writeTsv(Path file, long rows) throws IOException {
        write(file, rows, "", '\t', "customer %d, \"gold\"");
    }

    /** {@code name} is the name cell as the format writes it, {@code %d} standing for {@code i % 9973}. */
    private static void write(Path file, long rows, String header, char separator, String name) throws IOException {
        String[] around = name.split("%d");
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(header);
            StringBuilder line = new StringBuilder(160);
            for (long i = 0; i < rows; i++) {
                line.setLength(0);
                line.append(i)
                        .append(separator)
                        .append(around[0])
                        .append(i % 9973)
                        .append(around[1])
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
                        .append(i % 2 == 0 ? "true" : "false")
                        .append(separator)
                        .append(i % 7 == 0 ? "\\N" : "note for row " + i)
                        .append('\n');
                out.append(line);
            }
        }
    }

    /** Fills {@code values} with row {@code i} as driver objects (Bool as its 0/1 byte: the driver knows it as UInt8). */
    static void driverRow(long i, Object[] values) {
        values[0] = BigInteger.valueOf(i);
        values[1] = "customer " + (i % 9973) + ", \"gold\"";
        values[2] = BigDecimal.valueOf((i % 100000) * 100 + i % 100, 2);
        values[3] = LocalDate.of(2024, (int) (1 + i % 9), (int) (10 + i % 18));
        values[4] = LocalDateTime.of(
                2024,
                5,
                (int) (10 + i % 18),
                (int) (10 + i % 13),
                (int) (30 + i % 10),
                (int) (i % 10),
                (int) (100 + i % 900) * 1_000_000);
        values[5] = (short) (i % 2 == 0 ? 1 : 0);
        values[6] = i % 7 == 0 ? null : "note for row " + i;
    }
}
