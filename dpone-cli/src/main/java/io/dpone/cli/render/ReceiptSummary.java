package io.dpone.cli.render;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;

/**
 * A receipt as text for a person at a terminal: the outcome and its code, then the mode's detail
 * rendered generically, because each mode versions its own body. A list of objects (for example
 * {@code members}) becomes a table with one column per key; an object becomes an indented block.
 * Receipts hold no hostname, credential, value or path, so neither does this text. Tables use
 * picocli's {@link TextTable}, already the host's command-line library.
 */
public final class ReceiptSummary {
    private static final int MAX_COLUMN = 48;

    private ReceiptSummary() {}

    public static String render(PublicationReceipt receipt) {
        StringBuilder text = new StringBuilder();
        line(
                text,
                0,
                "outcome",
                receipt.outcome().wireName()
                        + receipt.errorCode()
                                .map(DponeErrorCode::name)
                                .map(code -> " (" + code + ")")
                                .orElse(""));
        line(text, 0, "operation", receipt.operationId().isEmpty() ? "-" : receipt.operationId());
        line(text, 0, "replication mode", receipt.replicationMode().wireName());
        line(
                text,
                0,
                "evidence",
                receipt.evidenceScope().wireName() + ", "
                        + receipt.evidenceStatus().wireName());
        receipt.detail().forEach((key, value) -> entry(text, 0, key, value));
        return text.toString();
    }

    private static void entry(StringBuilder text, int indent, String key, Object value) {
        if (value instanceof Map<?, ?> map) {
            line(text, indent, key, map.isEmpty() ? "-" : "");
            map.forEach((name, item) -> entry(text, indent + 2, String.valueOf(name), item));
        } else if (value instanceof List<?> list
                && !list.isEmpty()
                && list.stream().allMatch(item -> item instanceof Map<?, ?>)) {
            line(text, indent, key, "");
            table(text, indent + 2, list);
        } else if (value instanceof List<?> list) {
            line(text, indent, key, list.isEmpty() ? "-" : cells(list));
        } else {
            line(text, indent, key, scalar(value));
        }
    }

    private static void table(StringBuilder text, int indent, List<?> rows) {
        Set<String> keys = new LinkedHashSet<>();
        rows.forEach(row -> ((Map<?, ?>) row).keySet().forEach(key -> keys.add(String.valueOf(key))));
        List<String> header = List.copyOf(keys);
        List<List<String>> cells = new ArrayList<>();
        for (Object row : rows) {
            Map<?, ?> map = (Map<?, ?>) row;
            cells.add(header.stream().map(key -> cell(map.get(key))).toList());
        }
        Column[] columns = new Column[header.size()];
        for (int i = 0; i < header.size(); i++) {
            int column = i;
            int width = Math.max(
                    header.get(i).length(),
                    cells.stream()
                            .mapToInt(row -> row.get(column).length())
                            .max()
                            .orElse(0));
            columns[i] = new Column(Math.min(width, MAX_COLUMN) + 2, 0, Column.Overflow.WRAP);
        }
        TextTable table = TextTable.forColumns(Help.defaultColorScheme(Ansi.OFF), columns);
        table.addRowValues(header.toArray(String[]::new));
        cells.forEach(row -> table.addRowValues(row.toArray(String[]::new)));
        table.toString()
                .lines()
                .forEach(row -> text.append(" ".repeat(indent))
                        .append(row.stripTrailing())
                        .append('\n'));
    }

    private static String cell(Object value) {
        if (value instanceof Map<?, ?> || value instanceof List<?>) {
            return JsonDocuments.compact(JsonDocuments.tree(value));
        }
        return scalar(value);
    }

    private static String cells(List<?> list) {
        List<String> items = list.stream().map(ReceiptSummary::cell).toList();
        return String.join(", ", items);
    }

    private static String scalar(Object value) {
        return value == null ? "-" : String.valueOf(value);
    }

    private static void line(StringBuilder text, int indent, String key, String value) {
        text.append(" ".repeat(indent)).append(key).append(':');
        if (!value.isEmpty()) {
            text.append(' ').append(value);
        }
        text.append('\n');
    }
}
