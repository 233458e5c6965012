package io.dpone.clickhouse.cluster.source;

/** Splits a delimited byte stream into records of decoded, UTF-8-checked cells. */
interface RecordTokenizer {
    /**
     * Replaces {@code cells} with the next record's cells, refusing the record as soon as it has
     * more than {@code maxCells} (a row without an end must not grow the list without bound).
     *
     * @return false at the end of the input, when no record starts
     * @throws io.dpone.spi.error.DponeException {@code SOURCE_MALFORMED} naming the row and rule
     */
    boolean next(RowBytes cells, int maxCells);

    /** The label of the record last started, for messages. */
    String currentRow();

    ByteSource bytes();

    /** {@code SOURCE_MALFORMED} once {@code cells} has more than {@code maxCells}. */
    static void requireWithin(RowBytes cells, int maxCells, RecordTokenizer tokenizer) {
        if (cells.size() > maxCells) {
            throw Malformed.at(tokenizer.currentRow(), "it has more than " + maxCells + " cells");
        }
    }
}
