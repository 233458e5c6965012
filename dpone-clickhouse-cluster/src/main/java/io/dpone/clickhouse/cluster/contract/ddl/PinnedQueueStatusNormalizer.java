package io.dpone.clickhouse.cluster.contract.ddl;

/**
 * The spec's pinned 24.8 normalization table, row for row:
 * <pre>
 * Inactive | Active  both exception fields NULL                         IN_PROGRESS
 * Finished           exception_code = 0 and exception text empty         TERMINAL_SUCCESS
 * Finished           exception_code &gt; 0 and exception text non-empty  TERMINAL_FAILURE
 * Finished           NULL, negative, unparseable or contradictory       OUTCOME_UNKNOWN
 * Removing | Unknown any                                                OUTCOME_UNKNOWN
 * NULL | unrecognized any                                               OUTCOME_UNKNOWN
 * Inactive | Active  any non-NULL exception field                       OUTCOME_UNKNOWN
 * </pre>
 * Status names match exactly (case-sensitive). An exception code parses only as canonical
 * decimal digits within UInt16; anything else is unparseable.
 */
public final class PinnedQueueStatusNormalizer implements QueueStatusNormalizer {
    public static final PinnedQueueStatusNormalizer INSTANCE = new PinnedQueueStatusNormalizer();

    private static final int UINT16_MAX = 65_535;

    private PinnedQueueStatusNormalizer() {}

    @Override
    public QueueStatus normalize(QueueRow row) {
        if (row == null || row.status() == null) {
            return QueueStatus.OUTCOME_UNKNOWN;
        }
        return switch (row.status()) {
            case "Inactive", "Active" ->
                row.exceptionCode() == null && row.exceptionText() == null
                        ? QueueStatus.IN_PROGRESS
                        : QueueStatus.OUTCOME_UNKNOWN;
            case "Finished" -> finished(row.exceptionCode(), row.exceptionText());
            default -> QueueStatus.OUTCOME_UNKNOWN;
        };
    }

    private static QueueStatus finished(String rawCode, String text) {
        int code = parseUInt16(rawCode);
        if (code < 0 || text == null) {
            return QueueStatus.OUTCOME_UNKNOWN;
        }
        if (code == 0 && text.isEmpty()) {
            return QueueStatus.TERMINAL_SUCCESS;
        }
        if (code > 0 && !text.isEmpty()) {
            return QueueStatus.TERMINAL_FAILURE;
        }
        return QueueStatus.OUTCOME_UNKNOWN;
    }

    /** The code, or -1 for NULL, a sign, a leading zero, a non-digit, or a value above UInt16. */
    static int parseUInt16(String raw) {
        if (raw == null || raw.isEmpty() || raw.length() > 5) {
            return -1;
        }
        if (raw.length() > 1 && raw.charAt(0) == '0') {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value <= UINT16_MAX ? value : -1;
    }
}
