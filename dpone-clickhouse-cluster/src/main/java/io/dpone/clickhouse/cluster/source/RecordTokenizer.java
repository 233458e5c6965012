package io.dpone.clickhouse.cluster.source;

/** Splits a delimited byte stream into records of decoded, UTF-8-checked cells. */
interface RecordTokenizer {
    /**
     * Replaces {@code cells} with the next record's cells.
     *
     * @return false at the end of the input, when no record starts
     * @throws io.dpone.spi.error.DponeException {@code SOURCE_MALFORMED} naming the row and rule
     */
    boolean next(RowBytes cells);

    /** The label of the record last started, for messages. */
    String currentRow();

    ByteSource bytes();
}
