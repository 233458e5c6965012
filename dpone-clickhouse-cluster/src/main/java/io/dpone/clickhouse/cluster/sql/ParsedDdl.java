package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * A queue entry's query read back: statement type, cluster, database, target and candidate.
 * EXCHANGE has both; RENAME has both (candidate renamed to target); DROP names only the dropped
 * table as candidate; CREATE names only the created table as target.
 *
 * @param queryDigest SHA-256 hex of the normalised query (see {@link DdlQueryParser})
 */
public record ParsedDdl(
        DdlStatementType type,
        String cluster,
        String database,
        Optional<String> target,
        Optional<String> candidate,
        String queryDigest) {
    public ParsedDdl {
        requireNonNull(type, "type is null");
        requireNonNull(cluster, "cluster is null");
        requireNonNull(database, "database is null");
        requireNonNull(target, "target is null");
        requireNonNull(candidate, "candidate is null");
        requireNonNull(queryDigest, "queryDigest is null");
        if (!queryDigest.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("queryDigest must be sha256 hex");
        }
    }
}
