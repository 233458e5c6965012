package io.dpone.clickhouse.cluster.catalog;

import io.dpone.clickhouse.cluster.sql.ReadResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Typed access to one row of a catalog read. Any unexpected shape throws {@link Malformed}, which
 * the adapter turns into an unreadable read: a catalog answer is used whole or not at all.
 */
final class Cells {
    /** A cell had an unexpected shape; carries no cell value. */
    static final class Malformed extends RuntimeException {
        Malformed(String column) {
            super("unexpected cell shape in column " + column, null, false, false);
        }
    }

    private final ReadResult result;
    private final int row;

    Cells(ReadResult result, int row) {
        this.result = result;
        this.row = row;
    }

    String text(String column) {
        if (value(column) instanceof String text) {
            return text;
        }
        throw new Malformed(column);
    }

    long number(String column) {
        Object value = value(column);
        if (value instanceof Long number) {
            return number;
        }
        if (value instanceof Boolean flag) {
            return flag ? 1 : 0;
        }
        throw new Malformed(column);
    }

    List<String> texts(String column) {
        List<String> out = new ArrayList<>();
        for (Object item : list(column)) {
            if (!(item instanceof String text)) {
                throw new Malformed(column);
            }
            out.add(text);
        }
        return out;
    }

    List<Long> numbers(String column) {
        List<Long> out = new ArrayList<>();
        for (Object item : list(column)) {
            if (!(item instanceof Long number)) {
                throw new Malformed(column);
            }
            out.add(number);
        }
        return out;
    }

    private List<?> list(String column) {
        if (value(column) instanceof List<?> list) {
            return list;
        }
        throw new Malformed(column);
    }

    private Object value(String column) {
        if (!result.columns().contains(column)) {
            throw new Malformed(column);
        }
        return result.value(row, column);
    }
}
