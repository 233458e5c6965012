package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import java.math.BigInteger;

/**
 * An independent restatement of the spec's pinned normalization table, used as the oracle of the
 * queue suites. It deliberately shares no code with the production normalizer. An exception code
 * is parseable only as canonical ASCII decimal digits within UInt16.
 */
public final class SpecQueueTable {
    private static final BigInteger UINT16_MAX = BigInteger.valueOf(65_535);

    private SpecQueueTable() {}

    public static QueueStatus expected(String status, String exceptionCode, String exceptionText) {
        if ("Inactive".equals(status) || "Active".equals(status)) {
            return exceptionCode == null && exceptionText == null
                    ? QueueStatus.IN_PROGRESS
                    : QueueStatus.OUTCOME_UNKNOWN;
        }
        if (!"Finished".equals(status)
                || exceptionCode == null
                || exceptionText == null
                || !exceptionCode.matches("0|[1-9][0-9]*")) {
            return QueueStatus.OUTCOME_UNKNOWN;
        }
        BigInteger code = new BigInteger(exceptionCode);
        if (code.compareTo(UINT16_MAX) > 0) {
            return QueueStatus.OUTCOME_UNKNOWN;
        }
        if (code.signum() == 0) {
            return exceptionText.isEmpty() ? QueueStatus.TERMINAL_SUCCESS : QueueStatus.OUTCOME_UNKNOWN;
        }
        return exceptionText.isEmpty() ? QueueStatus.OUTCOME_UNKNOWN : QueueStatus.TERMINAL_FAILURE;
    }
}
