package io.dpone.clickhouse.cluster.source;

import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.SourceColumn;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a reader made of a file, for comparing the TabSeparated fast path with the full tokenizer:
 * the header, every row's cells ({@code null} for NULL), which rows came verbatim, and the refusal
 * that ended the read ({@code null} if none). Public for the loader's tests in the http package.
 */
public record ReadTrace(List<String> header, List<List<String>> rows, List<Boolean> verbatim, String refusal) {
    /** Reads {@code in} to its end or its refusal, with or without the verbatim lines. */
    public static ReadTrace of(InputStream in, DelimitedFormat format, int maxFieldBytes, boolean verbatimLines) {
        List<List<String>> rows = new ArrayList<>();
        List<Boolean> verbatim = new ArrayList<>();
        List<String> header = null;
        try (OpenedSource source = open(in, format, maxFieldBytes, verbatimLines)) {
            header = source.columns().stream().map(SourceColumn::name).toList();
            ByteRowCursor cursor = (ByteRowCursor) source.cursor();
            for (RowBytes row = cursor.nextBytes(); row != null; row = cursor.nextBytes()) {
                List<String> cells = new ArrayList<>();
                for (int i = 0; i < row.size(); i++) {
                    cells.add(row.text(i));
                }
                rows.add(cells);
                verbatim.add(row.isVerbatim());
            }
            return new ReadTrace(header, rows, verbatim, null);
        } catch (DponeException refused) {
            return new ReadTrace(header, rows, verbatim, refused.code() + ": " + refused.getMessage());
        }
    }

    /** The reader over {@code in}, with or without the verbatim lines. */
    public static OpenedSource open(InputStream in, DelimitedFormat format, int maxFieldBytes, boolean verbatimLines) {
        return DelimitedReader.open(in, format, maxFieldBytes, verbatimLines);
    }

    /** The same cells and refusal, whichever rows came verbatim. */
    public boolean sameReadAs(ReadTrace other) {
        return Objects.equals(header, other.header)
                && rows.equals(other.rows)
                && Objects.equals(refusal, other.refusal);
    }
}
