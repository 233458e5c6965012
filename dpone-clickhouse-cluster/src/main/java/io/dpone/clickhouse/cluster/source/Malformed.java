package io.dpone.clickhouse.cluster.source;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;

/** The one way readers report a format violation: a row label and a rule, never cell text. */
public final class Malformed {
    private Malformed() {}

    /** @param row a row label from {@link #rowLabel} */
    public static DponeException at(String row, String rule) {
        return new DponeException(DponeErrorCode.SOURCE_MALFORMED, row + ": " + rule);
    }

    /** {@code header row}, {@code types row}, or {@code row N} counting data rows from 1. */
    public static String rowLabel(long record, int headerRows) {
        if (record < headerRows) {
            return record == 0 ? "header row" : "types row";
        }
        return "row " + (record - headerRows + 1);
    }
}
