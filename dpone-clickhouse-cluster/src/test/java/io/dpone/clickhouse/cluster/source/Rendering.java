package io.dpone.clickhouse.cluster.source;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** Writes rows the way ClickHouse's CSV and TabSeparated outputs write them, for round-trip tests. */
public final class Rendering {
    private Rendering() {}

    public static byte[] csv(
            List<String> names, List<String> types, List<List<String>> rows, String lineEnd, boolean finalLineEnd) {
        StringBuilder out = new StringBuilder();
        csvRow(out, names);
        out.append(lineEnd);
        if (types != null) {
            csvRow(out, types);
            out.append(lineEnd);
        }
        for (int i = 0; i < rows.size(); i++) {
            csvRow(out, rows.get(i));
            if (i < rows.size() - 1 || finalLineEnd) {
                out.append(lineEnd);
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] tsv(
            List<String> names, List<String> types, List<List<String>> rows, boolean finalLineEnd, boolean altEscapes) {
        StringBuilder out = new StringBuilder();
        tsvRow(out, names, altEscapes);
        out.append('\n');
        if (types != null) {
            tsvRow(out, types, altEscapes);
            out.append('\n');
        }
        for (int i = 0; i < rows.size(); i++) {
            tsvRow(out, rows.get(i), altEscapes);
            if (i < rows.size() - 1 || finalLineEnd) {
                out.append('\n');
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void csvRow(StringBuilder out, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            String cell = cells.get(i);
            if (cell == null) {
                out.append("\\N");
            } else if (needsQuotes(cell)) {
                out.append('"').append(cell.replace("\"", "\"\"")).append('"');
            } else {
                out.append(cell);
            }
        }
    }

    private static boolean needsQuotes(String cell) {
        if (cell.equals("\\N")
                || cell.contains(",")
                || cell.contains("\"")
                || cell.contains("\n")
                || cell.contains("\r")) {
            return true;
        }
        return !cell.isEmpty() && (isSpaceOrTab(cell.charAt(0)) || isSpaceOrTab(cell.charAt(cell.length() - 1)));
    }

    private static boolean isSpaceOrTab(char c) {
        return c == ' ' || c == '\t';
    }

    private static void tsvRow(StringBuilder out, List<String> cells, boolean altEscapes) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.append('\t');
            }
            String cell = cells.get(i);
            if (cell == null) {
                out.append("\\N");
                continue;
            }
            for (int j = 0; j < cell.length(); j++) {
                char c = cell.charAt(j);
                switch (c) {
                    case '\\' -> out.append("\\\\");
                    case '\t' -> out.append("\\t");
                    case '\n' -> out.append(altEscapes ? "\\\n" : "\\n");
                    case '\r' -> out.append("\\r");
                    case '\0' -> out.append(altEscapes ? "\\x00" : "\\0");
                    case '\b' -> out.append("\\b");
                    case '\f' -> out.append("\\f");
                    case '\'' -> out.append(altEscapes ? "\\'" : "'");
                    default -> out.append(c);
                }
            }
        }
    }
}
