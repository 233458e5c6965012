package io.dpone.clickhouse.cluster.sql;

/** The distributed DDL statement types a queue entry may hold for this protocol. */
public enum DdlStatementType {
    EXCHANGE_TABLES,
    RENAME_TABLE,
    DROP_TABLE_IF_EXISTS,
    CREATE_TABLE
}
