package io.dpone.clickhouse.cluster.transport.http;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * The loader's TabSeparated encoding before issue 20 (per-character {@code Writer.write}), kept as
 * the oracle the byte encoder must match byte for byte ({@code TsvRowsEquivalenceTest}). Writes cells in ClickHouse's TabSeparated input form: {@code \N} for NULL, and the backslash
 * escapes ClickHouse reads back exactly ({@code \\ \t \n \r \0 \b \f}), so any text, including a
 * literal {@code \N}, round-trips. Pure.
 */
final class WriterTsvRows {
    private WriterTsvRows() {}

    static void write(List<String> cells, Writer out) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.write('\t');
            }
            String cell = cells.get(i);
            if (cell == null) {
                out.write("\\N");
            } else {
                escape(cell, out);
            }
        }
        out.write('\n');
    }

    private static void escape(String cell, Writer out) throws IOException {
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            switch (c) {
                case '\\' -> out.write("\\\\");
                case '\t' -> out.write("\\t");
                case '\n' -> out.write("\\n");
                case '\r' -> out.write("\\r");
                case '\0' -> out.write("\\0");
                case '\b' -> out.write("\\b");
                case '\f' -> out.write("\\f");
                default -> out.write(c);
            }
        }
    }
}
