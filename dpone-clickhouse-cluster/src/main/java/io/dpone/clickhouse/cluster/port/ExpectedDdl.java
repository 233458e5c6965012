package io.dpone.clickhouse.cluster.port;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.ParsedDdl;
import java.util.Optional;

/**
 * The statement an operation dispatched, as its queue entry must parse back: type, cluster,
 * database, target and candidate (spec section 4), plus the correlation token it carried.
 */
public record ExpectedDdl(
        DdlStatementType type,
        String cluster,
        String database,
        Optional<String> target,
        Optional<String> candidate,
        String correlationToken) {
    public ExpectedDdl {
        requireNonNull(type, "type is null");
        requireNonNull(cluster, "cluster is null");
        requireNonNull(database, "database is null");
        requireNonNull(target, "target is null");
        requireNonNull(candidate, "candidate is null");
        requireNonNull(correlationToken, "correlationToken is null");
    }

    /** True when {@code parsed} names exactly this statement; the digest is not compared here. */
    public boolean matches(ParsedDdl parsed) {
        return parsed.type() == type
                && parsed.cluster().equals(cluster)
                && parsed.database().equals(database)
                && parsed.target().equals(target)
                && parsed.candidate().equals(candidate);
    }

    @Override
    public String toString() {
        return "ExpectedDdl[type=" + type + "]";
    }
}
