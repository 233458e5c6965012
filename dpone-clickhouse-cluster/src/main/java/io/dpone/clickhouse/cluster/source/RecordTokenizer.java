package io.dpone.clickhouse.cluster.source;

import java.util.List;

/** Splits a delimited byte stream into records of decoded cells ({@code null} is SQL NULL). */
interface RecordTokenizer {
    /**
     * Replaces {@code cells} with the next record's cells.
     *
     * @return false at the end of the input, when no record starts
     * @throws io.dpone.spi.error.DponeException {@code SOURCE_MALFORMED} naming the row and rule
     */
    boolean next(List<String> cells);

    /** The label of the record last started, for messages. */
    String currentRow();

    ByteSource bytes();
}
