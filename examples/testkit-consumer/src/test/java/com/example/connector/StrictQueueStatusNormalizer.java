package com.example.connector;

import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatusNormalizer;

/** A connector's own normalizer: codes are canonical ASCII decimal within UInt16, nothing lenient. */
final class StrictQueueStatusNormalizer implements QueueStatusNormalizer {
    @Override
    public QueueStatus normalize(QueueRow row) {
        String status = row.status();
        String code = row.exceptionCode();
        String text = row.exceptionText();
        if ("Active".equals(status) || "Inactive".equals(status)) {
            return code == null && text == null ? QueueStatus.IN_PROGRESS : QueueStatus.OUTCOME_UNKNOWN;
        }
        if (!"Finished".equals(status)
                || code == null
                || text == null
                || !code.matches("0|[1-9][0-9]{0,4}")
                || Integer.parseInt(code) > 65_535) {
            return QueueStatus.OUTCOME_UNKNOWN;
        }
        boolean success = code.equals("0");
        return success == text.isEmpty()
                ? (success ? QueueStatus.TERMINAL_SUCCESS : QueueStatus.TERMINAL_FAILURE)
                : QueueStatus.OUTCOME_UNKNOWN;
    }
}
