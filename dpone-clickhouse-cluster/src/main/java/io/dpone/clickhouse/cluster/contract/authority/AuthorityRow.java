package io.dpone.clickhouse.cluster.contract.authority;

import java.math.BigInteger;

/**
 * The V1 control-table row exactly as stored, every column nullable so that whatever the adapter
 * read can be judged by the codec rather than fail in the adapter:
 * <pre>
 * target_key String PRIMARY KEY, operation_id String, fence_token String, phase String,
 * dispatch_epoch UInt64, payload String, payload_sha256 FixedString(64)
 * </pre>
 * The KeeperMap {@code _version} is not part of the row; the authority adapter carries it beside.
 */
public record AuthorityRow(
        String targetKey,
        String operationId,
        String fenceToken,
        String phase,
        BigInteger dispatchEpoch,
        String payload,
        String payloadSha256) {
    @Override
    public String toString() {
        return "AuthorityRow[targetKey=" + targetKey + ", phase=" + phase + ", dispatchEpoch=" + dispatchEpoch + "]";
    }
}
