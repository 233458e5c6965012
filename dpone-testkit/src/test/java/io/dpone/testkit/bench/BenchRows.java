package io.dpone.testkit.bench;

import io.dpone.spi.source.SourceColumn;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

/**
 * The load benchmarks' one row generator (bench/internal-load.sh, bench/external-staging.sh; the
 * same values as bench/seal.sh's SealBench): row {@code i} of the columns below as a TabSeparated
 * or CSV line and as the plain Java objects the native driver takes. Every value is computed from
 * {@code i} alone, so nothing is held in memory; each bench checks once per run that its paths
 * stored the same rows.
 */
public final class BenchRows {
    /** The columns; a bench picks the ones its table has, in this order. */
    public enum Column {
        ID("UInt64"),
        NAME("String"),
        AMOUNT("Decimal(18, 2)"),
        DAY("Date"),
        AT("DateTime64(3)"),
        OK("Bool"),
        NOTE("Nullable(String)");

        private final String type;

        Column(String type) {
            this.type = type;
        }

        public String columnName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public String type() {
            return type;
        }
    }

    /** The text formats, with the separator and the quoting of the name cell each needs. */
    public enum Format {
        TSV('\t'),
        CSV(',');

        private final char separator;

        Format(char separator) {
            this.separator = separator;
        }
    }

    /** External mode's bench rows: every column. */
    public static final List<Column> ALL = List.of(Column.values());

    /** Internal mode's bench rows: every column but {@code ok}. */
    public static final List<Column> WITHOUT_OK =
            List.of(Column.ID, Column.NAME, Column.AMOUNT, Column.DAY, Column.AT, Column.NOTE);

    private BenchRows() {}

    /** The columns as a source declares them, typed. */
    public static List<SourceColumn> sourceColumns(List<Column> columns) {
        return columns.stream()
                .map(c -> SourceColumn.typed(c.columnName(), c.type()))
                .toList();
    }

    /** The column names, in order. */
    public static List<String> names(List<Column> columns) {
        return columns.stream().map(Column::columnName).toList();
    }

    /** {@code (name type, ...) ENGINE = MergeTree ORDER BY id}. */
    public static String definition(List<Column> columns) {
        StringBuilder out = new StringBuilder("(");
        for (Column column : columns) {
            out.append(out.length() == 1 ? "" : ", ")
                    .append(column.columnName())
                    .append(' ')
                    .append(column.type());
        }
        return out.append(") ENGINE = MergeTree ORDER BY id").toString();
    }

    /** Writes {@code rows} rows, after a header line of the names when {@code header}. */
    public static void write(Path file, long rows, List<Column> columns, Format format, boolean header)
            throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            StringBuilder line = new StringBuilder(160);
            if (header) {
                line.append(String.join(String.valueOf(format.separator), names(columns)))
                        .append('\n');
                out.write(line.toString().getBytes(StandardCharsets.UTF_8));
            }
            for (long i = 0; i < rows; i++) {
                line.setLength(0);
                for (int c = 0; c < columns.size(); c++) {
                    if (c > 0) {
                        line.append(format.separator);
                    }
                    cell(line, columns.get(c), i, format);
                }
                out.write(line.append('\n').toString().getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /** Row {@code i}'s cell of {@code column} as the format writes it (no TSV cell needs an escape). */
    private static void cell(StringBuilder line, Column column, long i, Format format) {
        switch (column) {
            case ID -> line.append(i);
            case NAME -> {
                if (format == Format.CSV) {
                    line.append("\"customer ").append(i % 9973).append(", \"\"gold\"\"\"");
                } else {
                    line.append("customer ").append(i % 9973).append(", \"gold\"");
                }
            }
            case AMOUNT ->
                line.append(i % 100000)
                        .append('.')
                        .append(i % 100 < 10 ? "0" : "")
                        .append(i % 100);
            case DAY -> line.append("2024-0").append(1 + i % 9).append('-').append(10 + i % 18);
            case AT ->
                line.append("2024-05-")
                        .append(10 + i % 18)
                        .append(' ')
                        .append(10 + i % 13)
                        .append(":3")
                        .append(i % 10)
                        .append(":0")
                        .append(i % 10)
                        .append('.')
                        .append(100 + i % 900);
            case OK -> line.append(i % 2 == 0 ? "true" : "false");
            case NOTE -> line.append(i % 7 == 0 ? "\\N" : "note for row " + i);
        }
    }

    /**
     * Fills {@code values} with row {@code i} of {@link #ALL} as driver objects (Bool as its 0/1
     * byte: the driver knows it as UInt8).
     */
    public static void driverRow(long i, Object[] values) {
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
