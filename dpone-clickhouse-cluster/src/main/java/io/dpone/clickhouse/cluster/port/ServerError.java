package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.error.ErrorSummaryRedactor;
import io.dpone.clickhouse.cluster.contract.error.ExecutionScope;
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

    /** Redacts {@code rawMessage} and classifies {@code code} of a single-host statement with it. */
    public static ServerError fromRaw(int code, String rawMessage) {
        return fromRaw(code, rawMessage, ExecutionScope.SINGLE_HOST);
    }

    /** Redacts {@code rawMessage} and classifies {@code code} for a statement of {@code scope}. */
    public static ServerError fromRaw(int code, String rawMessage, ExecutionScope scope) {
        String summary = ErrorSummaryRedactor.redact(rawMessage);
        return new ServerError(code, ServerErrorClassifier.classify(code, summary, scope), summary);
    }

    /** The same error classified for a statement of {@code scope} (the summary is already redacted). */
    public ServerError inScope(ExecutionScope scope) {
        return new ServerError(code, ServerErrorClassifier.classify(code, summary, scope), summary);
    }
}
