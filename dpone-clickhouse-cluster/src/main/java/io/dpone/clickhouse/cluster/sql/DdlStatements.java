package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

/**
 * Renders the publication's distributed DDL, one statement each, always {@code ON CLUSTER} and
 * always within one database (cross-database swap is out of scope). Correlation travels in the
 * {@code log_comment} setting of the request, never as a SQL comment: ClickHouse stores
 * {@code queryToString(AST)} in the queue, which drops comments.
 */
public final class DdlStatements {
    private DdlStatements() {}

    /** Swaps target and candidate on every host: {@code EXCHANGE TABLES target AND candidate}. */
    public static SqlStatement exchange(String cluster, TableRef target, TableRef candidate) {
        requireSameDatabase(target, candidate);
        return new SqlStatement(
                StatementKind.DDL_EXCHANGE,
                "EXCHANGE TABLES " + target.render() + " AND " + candidate.render() + onCluster(cluster));
    }

    /** Publishes into an absent target: {@code RENAME TABLE candidate TO target}. */
    public static SqlStatement rename(String cluster, TableRef candidate, TableRef target) {
        requireSameDatabase(target, candidate);
        return new SqlStatement(
                StatementKind.DDL_RENAME,
                "RENAME TABLE " + candidate.render() + " TO " + target.render() + onCluster(cluster));
    }

    /** Exact cleanup of one table: {@code DROP TABLE IF EXISTS table}. */
    public static SqlStatement dropIfExists(String cluster, TableRef table) {
        return new SqlStatement(StatementKind.DDL_DROP, "DROP TABLE IF EXISTS " + table.render() + onCluster(cluster));
    }

    /**
     * The KeeperMap control table of spec section "Artifacts and evidence", created on every host;
     * {@code keeperRoot} is relative to the server's {@code keeper_map_path_prefix}.
     */
    public static SqlStatement createControlTable(String cluster, TableRef control, String keeperRoot) {
        return createControlTable(cluster, control, keeperRoot, false);
    }

    /** The control table; {@code ifNotExists} for a fill, where some hosts already hold the verified facade. */
    public static SqlStatement createControlTable(
            String cluster, TableRef control, String keeperRoot, boolean ifNotExists) {
        requireNonNull(keeperRoot, "keeperRoot is null");
        if (keeperRoot.isBlank()) {
            throw new IllegalArgumentException("keeperRoot is blank");
        }
        return new SqlStatement(
                StatementKind.DDL_CREATE_CONTROL,
                "CREATE TABLE " + (ifNotExists ? "IF NOT EXISTS " : "")
                        + control.render()
                        + onCluster(cluster) + " (" + ControlTableColumns.definitions()
                        + ") ENGINE = KeeperMap(" + SqlQuoting.string(keeperRoot) + ") PRIMARY KEY "
                        + SqlQuoting.identifier(ControlTableColumns.TARGET_KEY));
    }

    /** The operation's candidate: {@code CREATE TABLE candidate ON CLUSTER cluster <tail>}. */
    public static SqlStatement createCandidate(String cluster, TableRef candidate, String definitionTail) {
        requireNonNull(definitionTail, "definitionTail is null");
        return new SqlStatement(
                StatementKind.DDL_CREATE_CANDIDATE,
                "CREATE TABLE " + candidate.render() + onCluster(cluster) + " " + definitionTail);
    }

    /** An attempt's own unpublished candidate, or a completed operation's leftover attempt staging: never a bound one. */
    public static SqlStatement discardStaging(String cluster, TableRef candidate) {
        return new SqlStatement(
                StatementKind.DDL_DISCARD_STAGING, "DROP TABLE IF EXISTS " + candidate.render() + onCluster(cluster));
    }

    /**
     * The synthetic capability assertion: a no-op {@code DROP TABLE IF EXISTS} of a name that never
     * exists, after a leading comment that carries {@code marker}. ClickHouse stores the formatted
     * AST in the queue, so the marker must not appear there while {@code log_comment} must.
     */
    public static SqlStatement capabilityProbe(String cluster, TableRef probe, String marker) {
        if (!marker.matches("[0-9a-f]{16,64}")) {
            throw new IllegalArgumentException("marker must be lowercase hex");
        }
        return new SqlStatement(
                StatementKind.DDL_CAPABILITY_PROBE,
                "/* dpone-capability-probe " + marker + " */ " + "DROP TABLE IF EXISTS " + probe.render()
                        + onCluster(cluster));
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
