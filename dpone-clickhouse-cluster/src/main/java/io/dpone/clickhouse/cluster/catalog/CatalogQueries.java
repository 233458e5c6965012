package io.dpone.clickhouse.cluster.catalog;

import static io.dpone.clickhouse.cluster.sql.SqlQuoting.string;

import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.TableRef;

/**
 * The catalog reads (spec sections 1 and 2), the control facade's included. Per-member reads wrap one {@code view(...)} in
 * {@code clusterAllReplicas}: the view runs on each member and includes that member's own
 * {@code system.clusters} row ({@code is_local}), so every answer names the member that produced
 * it, and it aggregates without {@code GROUP BY}, so an absent table still yields an answer. Loopback
 * test members share a host name, so identity is the configured (host, port) pair, never
 * {@code hostName()}. Arrays of scalars are used because both transports return them alike.
 */
final class CatalogQueries {
    static final String MEMBER_HOST = "member_host";
    static final String MEMBER_PORT = "member_port";
    static final String MEMBER_SHARD = "member_shard";
    static final String MEMBER_REPLICA = "member_replica";
    static final String MEMBER_RECORDS = "member_records";
    static final String STRICT_MODE_SETTING = ServerSetting.KEEPER_MAP_STRICT_MODE.settingName();
    static final String PREVALIDATION_SETTING = ServerSetting.VALIDATE_MUTATION_QUERY.settingName();

    private CatalogQueries() {}

    static SqlStatement inventory(String cluster) {
        SqlQuoting.requireValidIdentifier(cluster);
        return SqlStatement.read("SELECT cluster, toInt64(shard_num) AS shard_num, toInt64(replica_num) AS replica_num,"
                + " host_name, host_address, toInt64(port) AS port, toInt64(internal_replication) AS internal_replication"
                + " FROM system.clusters WHERE cluster = " + string(cluster)
                + " ORDER BY shard_num, replica_num, host_name, port");
    }

    /**
     * One row per answering member: {@value #MEMBER_RECORDS}, a flat array of tagged records
     * ({@link MemberRecords}). A {@code UNION ALL} of one branch per system table costs the server
     * less planning than cross-joining aggregated subqueries (about 43 instead of 65 ms on the
     * two-member harness; docs/reference/authority.md, "Cost") and needs no join: the member's own
     * {@code is_local} row is one more branch. An aggregate without {@code GROUP BY} yields exactly
     * one row per member even when every branch is empty.
     */
    static SqlStatement members(String cluster, TableRef target, TableRef candidate) {
        String db = string(target.database());
        String names = "(" + string(target.table()) + ", " + string(candidate.table()) + ")";
        return taggedMemberRead(
                cluster,
                "SELECT ['database', engine] FROM system.databases WHERE name = " + db
                        + " UNION ALL SELECT ['table', name, toString(uuid), engine_full] FROM system.tables"
                        + " WHERE database = " + db + " AND name IN " + names
                        + " UNION ALL SELECT ['column', table, toString(position), name, type, default_kind,"
                        + " default_expression, compression_codec] FROM system.columns"
                        + " WHERE database = " + db + " AND table IN " + names
                        + " UNION ALL SELECT ['replica', table, replica_name, zookeeper_name, zookeeper_path]"
                        + " FROM system.replicas WHERE database = " + db + " AND table IN " + names
                        // version() inside the view is the answering member's own (plan --live shows it per member)
                        + " UNION ALL SELECT ['version', version()]");
    }

    /**
     * The control facade's facts per member, in the member read's shape: its {@code table} row
     * (engine_full), its {@code column} rows, and a {@code setting} record for each of
     * {@code keeper_map_strict_mode} and {@code validate_mutation_query} the member knows.
     */
    static SqlStatement facadeFacts(String cluster, TableRef control) {
        String db = string(control.database());
        String name = string(control.table());
        return taggedMemberRead(
                cluster,
                "SELECT ['table', name, toString(uuid), engine_full] FROM system.tables"
                        + " WHERE database = " + db + " AND name = " + name
                        + " UNION ALL SELECT ['column', table, toString(position), name, type, default_kind,"
                        + " default_expression, compression_codec] FROM system.columns"
                        + " WHERE database = " + db + " AND table = " + name
                        + " UNION ALL SELECT ['setting', name] FROM system.settings"
                        + " WHERE name IN (" + string(STRICT_MODE_SETTING) + ", " + string(PREVALIDATION_SETTING)
                        + ")");
    }

    /**
     * The target slot of the control table with its KeeperMap {@code _version}, as every member
     * reads it ({@code slot} records). Valid only when the table exists on every member: a member
     * without it fails the whole read.
     */
    static SqlStatement facadeSlot(String cluster, TableRef control, String targetKeyHex) {
        return taggedMemberRead(
                cluster,
                "SELECT ['slot', target_key, operation_id, fence_token, phase,"
                        + " toString(dispatch_epoch), payload, toString(payload_sha256), toString(_version)]"
                        + " FROM " + control.render() + " WHERE target_key = " + string(targetKeyHex));
    }

    /**
     * {@code clusterAllReplicas} over a view that prepends the answering member's own
     * {@code is_local} {@code system.clusters} row to {@code branches} (a {@code UNION ALL} of
     * {@code SELECT [tag, fields...]}) and folds everything into one {@value #MEMBER_RECORDS} row.
     */
    private static SqlStatement taggedMemberRead(String cluster, String branches) {
        SqlQuoting.requireValidIdentifier(cluster);
        return SqlStatement.read("SELECT " + MEMBER_RECORDS + " FROM clusterAllReplicas(" + string(cluster)
                + ", view(SELECT arrayFlatten(groupArray(record)) AS " + MEMBER_RECORDS + " FROM ("
                + "SELECT ['member', host_name, toString(port), toString(shard_num), toString(replica_num)] AS record"
                + " FROM system.clusters WHERE cluster = " + string(cluster) + " AND is_local"
                + " UNION ALL " + branches + ")))");
    }

    /** The union of {@code database}'s table names starting with {@code prefix} over every member. */
    static SqlStatement tableNames(String cluster, String database, String prefix) {
        SqlQuoting.requireValidIdentifier(cluster);
        return SqlStatement.read("SELECT DISTINCT name FROM clusterAllReplicas(" + string(cluster) + ", system.tables)"
                + " WHERE database = " + string(database) + " AND startsWith(name, " + string(prefix)
                + ") ORDER BY name");
    }

    static SqlStatement candidateHealth(String cluster, TableRef candidate) {
        String db = string(candidate.database());
        return perMember(
                cluster,
                "r.readonly, r.session_expired, r.queue_sizes, r.queue_exceptions, r.keeper_exceptions,"
                        + " r.active, r.total, r.log_pointers, r.log_max_indexes, n.staged_rows",
                "(SELECT groupArray(toInt64(is_readonly)) AS readonly, groupArray(toInt64(is_session_expired)) AS session_expired,"
                        + " groupArray(toInt64(queue_size)) AS queue_sizes, groupArray(last_queue_update_exception) AS queue_exceptions,"
                        + " groupArray(zookeeper_exception) AS keeper_exceptions, groupArray(toInt64(active_replicas)) AS active,"
                        + " groupArray(toInt64(total_replicas)) AS total, groupArray(toInt64(log_pointer)) AS log_pointers,"
                        + " groupArray(toInt64(log_max_index)) AS log_max_indexes"
                        + " FROM system.replicas WHERE database = " + db + " AND table = " + string(candidate.table())
                        + ") AS r,"
                        + " (SELECT toInt64(count()) AS staged_rows FROM " + candidate.render() + ") AS n");
    }

    private static SqlStatement perMember(String cluster, String columns, String sources) {
        SqlQuoting.requireValidIdentifier(cluster);
        return SqlStatement.read("SELECT * FROM clusterAllReplicas(" + string(cluster) + ", view("
                + "SELECT c.host_name AS " + MEMBER_HOST + ", toInt64(c.port) AS " + MEMBER_PORT
                + ", toInt64(c.shard_num) AS " + MEMBER_SHARD + ", toInt64(c.replica_num) AS " + MEMBER_REPLICA
                + ", " + columns + " FROM system.clusters AS c, " + sources
                + " WHERE c.cluster = " + string(cluster) + " AND c.is_local))");
    }
}
