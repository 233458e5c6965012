package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.SqlStatement;
import io.dpone.clickhouse.cluster.port.StatementKind;

/**
 * Renders the publication's distributed DDL, one statement each, always {@code ON CLUSTER} and
 * always within one database (cross-database swap is out of scope). Correlation travels in the
 * {@code log_comment} setting of the request, never as a SQL comment: ClickHouse stores
 * {@code queryToString(AST)} in the queue, which drops comments.
 */
public final class DdlStatements {
    private DdlStatements() {
    }

    /** Swaps target and candidate on every host: {@code EXCHANGE TABLES target AND candidate}. */
    public static SqlStatement exchange(String cluster, TableRef target, TableRef candidate) {
        requireSameDatabase(target, candidate);
        return new SqlStatement(StatementKind.DDL_EXCHANGE, "EXCHANGE TABLES " + target.render()
                + " AND " + candidate.render() + onCluster(cluster));
    }

    /** Publishes into an absent target: {@code RENAME TABLE candidate TO target}. */
    public static SqlStatement rename(String cluster, TableRef candidate, TableRef target) {
        requireSameDatabase(target, candidate);
        return new SqlStatement(StatementKind.DDL_RENAME, "RENAME TABLE " + candidate.render()
                + " TO " + target.render() + onCluster(cluster));
    }

    /** Exact cleanup of one table: {@code DROP TABLE IF EXISTS table}. */
    public static SqlStatement dropIfExists(String cluster, TableRef table) {
        return new SqlStatement(StatementKind.DDL_DROP, "DROP TABLE IF EXISTS " + table.render() + onCluster(cluster));
    }

    /**
     * The KeeperMap control table of seed section "Artifacts and evidence", created on every host;
     * {@code keeperRoot} is relative to the server's {@code keeper_map_path_prefix}.
     */
    public static SqlStatement createControlTable(String cluster, TableRef control, String keeperRoot) {
        requireNonNull(keeperRoot, "keeperRoot is null");
        if (keeperRoot.isBlank()) {
            throw new IllegalArgumentException("keeperRoot is blank");
        }
        return new SqlStatement(StatementKind.DDL_CREATE_CONTROL, "CREATE TABLE " + control.render()
                + onCluster(cluster) + " (" + ControlTableColumns.definitions()
                + ") ENGINE = KeeperMap(" + SqlQuoting.string(keeperRoot) + ") PRIMARY KEY "
                + SqlQuoting.identifier(ControlTableColumns.TARGET_KEY));
    }

    static String onCluster(String cluster) {
        return " ON CLUSTER " + SqlQuoting.identifier(cluster);
    }

    private static void requireSameDatabase(TableRef target, TableRef candidate) {
        requireNonNull(target, "target is null");
        requireNonNull(candidate, "candidate is null");
        if (!target.database().equals(candidate.database())) {
            throw new IllegalArgumentException("target and candidate must share one database");
        }
        if (target.table().equals(candidate.table())) {
            throw new IllegalArgumentException("target and candidate must differ");
        }
    }
}
