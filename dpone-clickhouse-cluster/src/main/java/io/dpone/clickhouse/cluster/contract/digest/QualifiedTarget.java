package io.dpone.clickhouse.cluster.contract.digest;

import static java.util.Objects.requireNonNull;

/** The publication target: cluster name, database and table exactly as configured. */
public record QualifiedTarget(String cluster, String database, String table) {
    public QualifiedTarget {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(database, "database is null");
        requireNonNull(table, "table is null");
    }
}
