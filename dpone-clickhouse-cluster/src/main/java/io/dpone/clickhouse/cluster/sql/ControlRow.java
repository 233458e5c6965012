package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

/**
 * The values of one KeeperMap control row as typed columns. {@code payloadSha256} is 64 lowercase
 * hex characters (the column is {@code FixedString(64)}).
 */
public record ControlRow(
        String targetKey,
        String operationId,
        String fenceToken,
        String phase,
        long dispatchEpoch,
        String payload,
        String payloadSha256) {
    public ControlRow {
        requireNonNull(targetKey, "targetKey is null");
        requireNonNull(operationId, "operationId is null");
        requireNonNull(fenceToken, "fenceToken is null");
        requireNonNull(phase, "phase is null");
        requireNonNull(payload, "payload is null");
        requireNonNull(payloadSha256, "payloadSha256 is null");
        if (targetKey.isEmpty() || dispatchEpoch < 0 || !payloadSha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException(
                    "control row needs a target key, epoch >= 0 and a sha256 hex payload digest");
        }
    }
}
