package io.dpone.clickhouse.cluster.sql;

import static java.util.Objects.requireNonNull;

/**
 * One rendered SQL statement and its kind. {@link #toString()} never prints the SQL, so a
 * statement can appear in logs and messages without leaking identifiers or values.
 */
public record SqlStatement(StatementKind kind, String sql) {
    public static final int MAX_SQL_LENGTH = 262_144;

    public SqlStatement {
        requireNonNull(kind, "kind is null");
        requireNonNull(sql, "sql is null");
        if (sql.isBlank() || sql.length() > MAX_SQL_LENGTH) {
            throw new IllegalArgumentException("sql must be non-blank and at most " + MAX_SQL_LENGTH + " chars");
        }
    }

    public static SqlStatement read(String sql) {
        return new SqlStatement(StatementKind.READ, sql);
    }

    @Override
    public String toString() {
        return "SqlStatement[kind=" + kind + ", length=" + sql.length() + "]";
    }
}
