package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.error.ErrorSummaryRedactor;
import io.dpone.clickhouse.cluster.contract.error.ServerErrorClassification;
import io.dpone.clickhouse.cluster.contract.error.ServerErrorClassifier;

/**
 * A server exception as evidence: its code, its classification and a redacted, bounded summary
 * (see {@link ErrorSummaryRedactor}). Never holds the raw message.
 */
public record ServerError(int code, ServerErrorClassification classification, String summary) {
    public ServerError {
        requireNonNull(classification, "classification is null");
        requireNonNull(summary, "summary is null");
        if (classification.code() != code) {
            throw new IllegalArgumentException("classification is for another code");
        }
        if (summary.length() > ErrorSummaryRedactor.MAX_LENGTH) {
            throw new IllegalArgumentException("summary is not bounded");
        }
    }

    /** Redacts {@code rawMessage} and classifies {@code code} with it. */
    public static ServerError fromRaw(int code, String rawMessage) {
        String summary = ErrorSummaryRedactor.redact(rawMessage);
        return new ServerError(code, ServerErrorClassifier.classify(code, summary), summary);
    }
}
