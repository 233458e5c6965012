package io.dpone.clickhouse.cluster.catalog;

import static io.dpone.clickhouse.cluster.sql.SqlQuoting.string;

import io.dpone.clickhouse.cluster.port.SqlStatement;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;

/**
 * The catalog reads (seed sections 1 and 2). Per-member reads wrap one {@code view(...)} in
 * {@code clusterAllReplicas}: the view runs on each member and joins that member's own
 * {@code system.clusters} row ({@code is_local}) to one aggregate row per system table, so every
 * answered row names the member that produced it and an absent table still yields a row. Loopback
 * test members share a host name, so identity is the configured (host, port) pair, never
 * {@code hostName()}. Arrays of scalars are used because both transports return them alike.
 */
final class CatalogQueries {
    static final String MEMBER_HOST = "member_host";
    static final String MEMBER_PORT = "member_port";
    static final String MEMBER_SHARD = "member_shard";
    static final String MEMBER_REPLICA = "member_replica";

    private CatalogQueries() {
    }

    static SqlStatement inventory(String cluster) {
        SqlQuoting.requireValidIdentifier(cluster);
        return SqlStatement.read("SELECT cluster, toInt64(shard_num) AS shard_num, toInt64(replica_num) AS replica_num,"
                + " host_name, host_address, toInt64(port) AS port, toInt64(internal_replication) AS internal_replication"
                + " FROM system.clusters WHERE cluster = " + string(cluster)
                + " ORDER BY shard_num, replica_num, host_name, port");
    }

    static SqlStatement members(String cluster, TableRef target, TableRef candidate) {
        String db = string(target.database());
        String names = "(" + string(target.table()) + ", " + string(candidate.table()) + ")";
        return perMember(cluster, "d.database_engines, t.table_names, t.table_uuids, t.table_engines, t.engine_fulls,"
                + " s.column_tables, s.column_positions, s.column_names, s.column_types, s.column_default_kinds,"
                + " s.column_default_exprs, s.column_codecs, r.replica_tables, r.replica_names, r.zookeeper_names,"
                + " r.zookeeper_paths",
                "(SELECT groupArray(engine) AS database_engines FROM system.databases WHERE name = " + db + ") AS d,"
                + " (SELECT groupArray(name) AS table_names, groupArray(toString(uuid)) AS table_uuids,"
                + " groupArray(engine) AS table_engines, groupArray(engine_full) AS engine_fulls"
                + " FROM system.tables WHERE database = " + db + " AND name IN " + names + ") AS t,"
                + " (SELECT groupArray(table) AS column_tables, groupArray(toInt64(position)) AS column_positions,"
                + " groupArray(name) AS column_names, groupArray(type) AS column_types,"
                + " groupArray(default_kind) AS column_default_kinds, groupArray(default_expression) AS column_default_exprs,"
                + " groupArray(compression_codec) AS column_codecs"
                + " FROM system.columns WHERE database = " + db + " AND table IN " + names + ") AS s,"
                + " (SELECT groupArray(table) AS replica_tables, groupArray(replica_name) AS replica_names,"
                + " groupArray(zookeeper_name) AS zookeeper_names, groupArray(zookeeper_path) AS zookeeper_paths"
                + " FROM system.replicas WHERE database = " + db + " AND table IN " + names + ") AS r");
    }

    static SqlStatement candidateHealth(String cluster, TableRef candidate) {
        String db = string(candidate.database());
        return perMember(cluster, "r.readonly, r.session_expired, r.queue_sizes, r.queue_exceptions, r.keeper_exceptions,"
                + " r.active, r.total, r.log_pointers, r.log_max_indexes, n.staged_rows",
                "(SELECT groupArray(toInt64(is_readonly)) AS readonly, groupArray(toInt64(is_session_expired)) AS session_expired,"
                + " groupArray(toInt64(queue_size)) AS queue_sizes, groupArray(last_queue_update_exception) AS queue_exceptions,"
                + " groupArray(zookeeper_exception) AS keeper_exceptions, groupArray(toInt64(active_replicas)) AS active,"
                + " groupArray(toInt64(total_replicas)) AS total, groupArray(toInt64(log_pointer)) AS log_pointers,"
                + " groupArray(toInt64(log_max_index)) AS log_max_indexes"
                + " FROM system.replicas WHERE database = " + db + " AND table = " + string(candidate.table()) + ") AS r,"
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
