package io.dpone.clickhouse.cluster.contract.ddl;

/**
 * Maps one raw queue row to a {@link QueueStatus}. Implementations must be total: every row,
 * however malformed, yields a status and nothing throws. Stateless and thread-safe.
 */
@FunctionalInterface
public interface QueueStatusNormalizer {
    QueueStatus normalize(QueueRow row);
}
