package io.dpone.clickhouse.cluster.sql;

/** A database-qualified table name, validated by {@link SqlQuoting}. */
public record TableRef(String database, String table) {
    public TableRef {
        SqlQuoting.requireValidIdentifier(database);
        SqlQuoting.requireValidIdentifier(table);
    }

    /** Back-quoted {@code database.table}. */
    public String render() {
        return SqlQuoting.qualified(database, table);
    }
}
