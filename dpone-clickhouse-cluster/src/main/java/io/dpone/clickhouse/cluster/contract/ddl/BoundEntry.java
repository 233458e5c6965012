package io.dpone.clickhouse.cluster.contract.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;

/**
 * The one distributed-DDL entry an operation is bound to: every later queue read must show this
 * exact cluster, entry name, query digest and correlation token (spec section 4).
 */
public record BoundEntry(String cluster, String entry, Digest queryDigest, String correlationToken) {
    public BoundEntry {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(entry, "entry is null");
        requireNonNull(queryDigest, "queryDigest is null");
        requireNonNull(correlationToken, "correlationToken is null");
    }

    @Override
    public String toString() {
        return "BoundEntry[queryDigest=" + queryDigest + "]";
    }
}
