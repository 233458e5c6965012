package io.dpone.clickhouse.external.nativeproto;

import static io.dpone.clickhouse.cluster.sql.SqlQuoting.identifier;
import static io.dpone.clickhouse.cluster.sql.SqlQuoting.string;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.artifact.TypedColumn;
import java.util.StringJoiner;
import java.util.UUID;

/**
 * The statements of direct member staging, rendered once here. All are local to the member (no
 * {@code ON CLUSTER}); identifiers are quoted by the shared renderer. The content read selects
 * every column through {@code toString}: ClickHouse's text of a value is exactly the form the
 * sealer accepts (docs/reference/external-mode.md, "Accepted text forms"), so the member's rows are
 * decoded by the same parser that sealed the artifact, whatever the driver's own type mapping; a
 * date-time as the UTC text of its instant.
 */
final class MemberSql {
    private MemberSql() {}

    static String identify(String cluster) {
        SqlQuoting.requireValidIdentifier(cluster);
        return "SELECT toInt64(shard_num), toInt64(replica_num), timezone() FROM system.clusters WHERE cluster = "
                + string(cluster) + " AND is_local";
    }

    /** 1 when the connection's principal holds {@code privilege} on every table of {@code database}. */
    static String checkGrant(String privilege, String database) {
        return "CHECK GRANT " + privilege + " ON " + SqlQuoting.identifier(database) + ".*";
    }

    /** The server's default, as text; no row on a server without the setting. */
    static String deduplicationWindowDefault() {
        return "SELECT value FROM system.merge_tree_settings WHERE name = 'non_replicated_deduplication_window'";
    }

    static String table(TableRef table) {
        return "SELECT toString(uuid), engine_full FROM system.tables WHERE database = " + string(table.database())
                + " AND name = " + string(table.table());
    }

    /**
     * In position order: name, type, default_type, default_expression, comment, codec_expression,
     * ttl_expression ({@link #DESCRIBED_COLUMNS}). {@code DESCRIBE TABLE} has carried the column TTL
     * for many releases, where {@code system.columns} may not.
     */
    static String columns(TableRef table) {
        return "DESCRIBE TABLE " + table.render();
    }

    /** The columns {@link #columns} answers with. */
    static final int DESCRIBED_COLUMNS = 7;

    /** The explicit {@code UUID} clause comes right after the name, before {@code AS} or the columns. */
    static String create(TableRef candidate, UUID uuid, CandidateDefinition definition) {
        return "CREATE TABLE " + candidate.render() + " UUID " + string(uuid.toString()) + " "
                + definition.renderTail();
    }

    static String drop(TableRef candidate) {
        return "DROP TABLE IF EXISTS " + candidate.render();
    }

    static String rename(TableRef from, TableRef to) {
        return "RENAME TABLE " + from.render() + " TO " + to.render();
    }

    static String insert(TableRef candidate, ArtifactSchema schema) {
        StringJoiner names = new StringJoiner(", ", " (", ")");
        StringJoiner marks = new StringJoiner(", ", " VALUES (", ")");
        for (TypedColumn column : schema.columns()) {
            names.add(identifier(column.name()));
            marks.add("?");
        }
        return "INSERT INTO " + candidate.render() + names + marks;
    }

    /**
     * Every column as text, at most {@code limit} rows; row order is whatever the member returns.
     * A date-time is rendered in UTC ({@code toString(c, 'UTC')}): the text of the instant it
     * stores, whatever the column's or the member's zone, so the proof compares stored values. Each
     * row is one tuple of the texts: the native driver then costs one call per row instead of one
     * per cell (its per-cell accessor allocates for a trace log line on every call).
     */
    static String content(TableRef candidate, ArtifactSchema schema, long limit) {
        StringJoiner columns = new StringJoiner(", ", "tuple(", ")");
        for (TypedColumn column : schema.columns()) {
            boolean instant = column.type().base() instanceof ColumnType.DateTimeType;
            columns.add("toString(" + identifier(column.name()) + (instant ? ", 'UTC')" : ")"));
        }
        return "SELECT " + columns + " FROM " + candidate.render() + " LIMIT " + limit;
    }

    static String count(TableRef table) {
        return "SELECT toInt64(count()) FROM " + table.render();
    }
}
