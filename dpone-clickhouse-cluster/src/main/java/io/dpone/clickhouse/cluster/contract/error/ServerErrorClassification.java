package io.dpone.clickhouse.cluster.contract.error;

import static java.util.Objects.requireNonNull;

/**
 * One row of the classification table: the server code, its ClickHouse name, the class and the
 * reason the class was chosen. Unknown codes carry the name {@code UNKNOWN}.
 */
public record ServerErrorClassification(int code, String name, ErrorClass errorClass, String reason) {
    public ServerErrorClassification {
        requireNonNull(name, "name is null");
        requireNonNull(errorClass, "errorClass is null");
        requireNonNull(reason, "reason is null");
        if (name.isBlank() || reason.isBlank()) {
            throw new IllegalArgumentException("name and reason must not be blank");
        }
    }

    /** Whether a read that failed with this error may be attempted again (reads have no effects). */
    public boolean readRetryable() {
        return errorClass == ErrorClass.RETRYABLE || errorClass == ErrorClass.AMBIGUOUS;
    }
}
