package io.dpone.clickhouse.cluster.contract.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeErrorCode;

/**
 * The stable, bounded error a record carries for operators: a catalogue code and a summary of at
 * most {@value #MAX_SUMMARY_LENGTH} characters that must hold no hostname, credential, row value
 * or SQL.
 */
public record ErrorSummary(DponeErrorCode code, String summary) {
    public static final int MAX_SUMMARY_LENGTH = 256;

    public ErrorSummary {
        requireNonNull(code, "code is null");
        requireNonNull(summary, "summary is null");
        if (summary.length() > MAX_SUMMARY_LENGTH) {
            throw new IllegalArgumentException("summary exceeds " + MAX_SUMMARY_LENGTH + " characters");
        }
    }
}
