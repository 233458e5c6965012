package io.dpone.clickhouse.cluster.sql;

import static io.dpone.clickhouse.cluster.sql.SqlQuoting.string;

/**
 * Reads of {@code system.distributed_ddl_queue} (spec section 4). Column names are the pinned
 * system-table schema; enum and map cells are converted in SQL so both transports return strings.
 */
public final class QueueStatements {
    public static final String ENTRY = "entry";
    public static final String QUERIES = "queries";
    public static final String LOG_COMMENTS = "log_comments";
    public static final String HOST = "host";
    public static final String PORT = "port";
    public static final String STATUS = "status";
    public static final String EXCEPTION_CODE = "exception_code";
    public static final String EXCEPTION_TEXT = "exception_text";
    public static final String QUERY = "query";
    public static final String LOG_COMMENT = "log_comment";

    private QueueStatements() {}

    /** Entries of {@code cluster} whose {@code settings['log_comment']} is exactly {@code token}, grouped by entry. */
    public static SqlStatement lookupByToken(String cluster, String token) {
        SqlQuoting.requireValidIdentifier(cluster);
        return SqlStatement.read("SELECT entry, groupUniqArray(query) AS " + QUERIES
                + ", groupUniqArray(settings['log_comment']) AS " + LOG_COMMENTS
                + " FROM system.distributed_ddl_queue"
                + " WHERE cluster = " + string(cluster)
                + " AND mapContains(settings, 'log_comment')"
                + " AND settings['log_comment'] = " + string(token)
                + " GROUP BY entry ORDER BY entry");
    }

    /**
     * Entries of {@code cluster} whose {@code settings['log_comment']} starts with {@code prefix},
     * grouped by entry like {@link #lookupByToken}.
     */
    public static SqlStatement lookupByTokenPrefix(String cluster, String prefix) {
        SqlQuoting.requireValidIdentifier(cluster);
        if (prefix == null || !prefix.matches("[A-Za-z0-9._-]{8,160}")) {
            throw new IllegalArgumentException("a token prefix is 8..160 token characters");
        }
        return SqlStatement.read("SELECT entry, groupUniqArray(query) AS " + QUERIES
                + ", groupUniqArray(settings['log_comment']) AS " + LOG_COMMENTS
                + " FROM system.distributed_ddl_queue"
                + " WHERE cluster = " + string(cluster)
                + " AND mapContains(settings, 'log_comment')"
                + " AND startsWith(settings['log_comment'], " + string(prefix) + ")"
                + " GROUP BY entry ORDER BY entry");
    }

    /** Every per-host row of one bound entry, with the status enum as a nullable string. */
    public static SqlStatement hostRows(String cluster, String entry) {
        SqlQuoting.requireValidIdentifier(cluster);
        return SqlStatement.read("SELECT entry, host, port, CAST(status, 'Nullable(String)') AS " + STATUS
                + ", exception_code, exception_text, query, settings['log_comment'] AS " + LOG_COMMENT
                + " FROM system.distributed_ddl_queue"
                + " WHERE cluster = " + string(cluster) + " AND entry = " + string(entry)
                + " ORDER BY host, port");
    }
}
