package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import java.util.regex.Pattern;

/**
 * A table engine of the statements the protocol uses, with the {@code engine_full} the server
 * renders from its stored definition (observed on ClickHouse 26.7 and the 24.8 sources: MergeTree
 * engines gain {@code SETTINGS index_granularity = 8192}, macros stay unexpanded, a
 * {@code ReplicatedMergeTree} without arguments is stored with the server's default path
 * {@code '/clickhouse/tables/{uuid}/{shard}'} and name {@code '{replica}'}).
 */
public sealed interface EngineSpec {
    /** The server default replication path and replica name for an engine without arguments. */
    String DEFAULT_REPLICA_PATH = "/clickhouse/tables/{uuid}/{shard}";

    String DEFAULT_REPLICA_NAME = "{replica}";
    String INDEX_GRANULARITY = " SETTINGS index_granularity = 8192";

    /** {@code system.tables.engine}. */
    String name();

    /** {@code engine_full} as stored by a table created in database {@code database} as {@code table}. */
    String engineFull(String database, String table);

    /** The {@code ENGINE = ...} clause of a {@code CREATE TABLE} for a real server. */
    String clause();

    /** A non-replicated MergeTree-family engine, e.g. {@code MergeTree ORDER BY id}. */
    record MergeTree(String name, String orderBy) implements EngineSpec {
        public MergeTree {
            requireFamily(name, false);
            requireNonNull(orderBy, "orderBy is null");
        }

        @Override
        public String engineFull(String database, String table) {
            return name + " ORDER BY " + orderBy + INDEX_GRANULARITY;
        }

        @Override
        public String clause() {
            return name + " ORDER BY " + orderBy;
        }
    }

    /**
     * A replicated MergeTree-family engine. {@code {database}} and {@code {table}} in the path are
     * expanded when the table is created and saved so; {@code {uuid}}, {@code {shard}} and
     * {@code {replica}} stay in the definition and are expanded with the table's own UUID and the
     * member's macros whenever the table is loaded (ClickHouse {@code registerStorageMergeTree.cpp}).
     */
    record Replicated(String name, String zookeeperPath, String replicaName, String orderBy) implements EngineSpec {
        public Replicated {
            requireFamily(name, true);
            requireNonNull(zookeeperPath, "zookeeperPath is null");
            requireNonNull(replicaName, "replicaName is null");
            requireNonNull(orderBy, "orderBy is null");
        }

        /** {@code ReplicatedMergeTree} at the server's default path, the usual publication engine. */
        public static Replicated byUuid(String orderBy) {
            return new Replicated("ReplicatedMergeTree", DEFAULT_REPLICA_PATH, DEFAULT_REPLICA_NAME, orderBy);
        }

        /** The saved path: {@code {database}} and {@code {table}} expanded. */
        public String savedPath(String database, String table) {
            return zookeeperPath.replace("{database}", database).replace("{table}", table);
        }

        @Override
        public String engineFull(String database, String table) {
            return name + "(" + SqlQuoting.string(savedPath(database, table)) + ", " + SqlQuoting.string(replicaName)
                    + ") ORDER BY " + orderBy + INDEX_GRANULARITY;
        }

        @Override
        public String clause() {
            return name + "(" + SqlQuoting.string(zookeeperPath) + ", " + SqlQuoting.string(replicaName) + ") ORDER BY "
                    + orderBy;
        }
    }

    /** The KeeperMap engine of the control table: {@code KeeperMap('<root>') PRIMARY KEY <key>}. */
    record KeeperMap(String root, String primaryKey) implements EngineSpec {
        public KeeperMap {
            requireNonNull(root, "root is null");
            SqlQuoting.requireValidIdentifier(primaryKey);
            if (root.isBlank()) {
                throw new IllegalArgumentException("root is blank");
            }
        }

        @Override
        public String name() {
            return "KeeperMap";
        }

        @Override
        public String engineFull(String database, String table) {
            return clause();
        }

        @Override
        public String clause() {
            return "KeeperMap(" + SqlQuoting.string(root) + ") PRIMARY KEY " + primaryKey;
        }
    }

    private static void requireFamily(String name, boolean replicated) {
        requireNonNull(name, "name is null");
        if (!Pattern.matches("[A-Za-z]*MergeTree", name) || name.startsWith("Replicated") != replicated) {
            throw new IllegalArgumentException(
                    (replicated ? "a Replicated" : "a non-replicated") + " MergeTree-family engine name is expected");
        }
    }
}
