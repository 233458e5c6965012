package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.AcceptanceCluster;
import io.dpone.testkit.acceptance.Drift;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The acceptance harness's own SQL on a real cluster, always as the admin principal and never
 * through the adapters under test: set-up, drift, and the observations the scenarios check.
 * Every statement names its tables explicitly. Thread-safe.
 */
final class ClusterSql {
    static final String COLUMNS = "(id UInt64, v String)";
    /** The scenarios' table: one replication path per table UUID, as {@code {uuid}} makes it. */
    static final String ENGINE = "ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY id";
    /**
     * A table-level setting ClickHouse keeps per replica (it is not part of the replicated table
     * metadata a replica must share with the others), so a replica can be created with it on the
     * same path; it shows in {@code engine_full}.
     */
    static final String ENGINE_DRIFT = ENGINE + " SETTINGS min_bytes_for_wide_part = 0";
    /**
     * The {@code log_comment} of the harness's own {@code ON CLUSTER} statements, so queue
     * observations can leave them out: a scenario sees only the entries the service made.
     */
    static final String HARNESS_LOG_COMMENT = "dpone-acceptance-harness";

    private static final Duration DDL_DEADLINE = Duration.ofSeconds(120);
    private static final long DDL_TIMEOUT_SECONDS = 90;

    private final RunningCluster cluster;

    ClusterSql(RunningCluster cluster) {
        this.cluster = requireNonNull(cluster, "cluster is null");
    }

    MemberClient admin(int member) {
        return cluster.member(member).client(cluster.admin());
    }

    int members() {
        return cluster.members().size();
    }

    String serverVersion() {
        return admin(0).query("SELECT version()");
    }

    /** Atomic databases on every member, created only where absent. */
    void createDatabases(String... databases) {
        for (int member = 0; member < members(); member++) {
            for (String database : databases) {
                admin(member)
                        .execute("CREATE DATABASE IF NOT EXISTS " + SqlQuoting.identifier(database)
                                + " ENGINE = Atomic");
            }
        }
    }

    /** The scenarios' table created once {@code ON CLUSTER} (one UUID from the initiator), as the admin. */
    void createOnCluster(String clusterName, TableRef table) {
        admin(0).withTimeout(DDL_DEADLINE)
                .execute(
                        "CREATE TABLE " + table.render() + " ON CLUSTER " + SqlQuoting.identifier(clusterName) + " "
                                + COLUMNS + " ENGINE = " + ENGINE,
                        Map.of(
                                "distributed_ddl_task_timeout",
                                Long.toString(DDL_TIMEOUT_SECONDS),
                                "distributed_ddl_output_mode",
                                "throw",
                                "log_comment",
                                HARNESS_LOG_COMMENT));
    }

    /** {@code rows} rows inserted through member 0, then waited for on every replica ({@code SYSTEM SYNC REPLICA}). */
    void insertAndSync(TableRef table, long rows) {
        admin(0).execute("INSERT INTO " + table.render() + " SELECT number, concat('v', toString(number)) FROM numbers("
                + rows + ")");
        for (int member = 0; member < members(); member++) {
            admin(member).withTimeout(DDL_DEADLINE).execute("SYSTEM SYNC REPLICA " + table.render());
            long seen = rows(member, table);
            if (seen != rows) {
                throw new IllegalStateException(
                        "member " + member + " has " + seen + " of " + rows + " rows after SYNC REPLICA");
            }
        }
    }

    /** One member's table created locally, with an explicit UUID (which allows {@code {uuid}} outside ON CLUSTER). */
    void createLocally(int member, TableRef table, UUID uuid, String columns, String engine) {
        admin(member)
                .execute("CREATE TABLE " + table.render() + " UUID '" + uuid + "' " + columns + " ENGINE = " + engine);
    }

    /** Drops one member's table and waits until it is gone, replica metadata in Keeper included ({@code SYNC}). */
    void dropLocally(int member, TableRef table) {
        admin(member).execute("DROP TABLE IF EXISTS " + table.render() + " SYNC");
    }

    /** The control facade created on one member only: the bootstrap statement without {@code ON CLUSTER}. */
    void createFacadeOn(int member, String clusterName, FacadeSpec spec) {
        String onCluster = DdlStatements.createControlTable(clusterName, spec.control(), spec.keeperRoot())
                .sql();
        String local = onCluster.replace(" ON CLUSTER " + SqlQuoting.identifier(clusterName), "");
        if (local.equals(onCluster)) {
            throw new IllegalStateException("the bootstrap statement changed shape: no ON CLUSTER clause to remove");
        }
        admin(member).execute(local);
    }

    /**
     * Drift of one member's table, recreated locally with {@code SYNC} (so the same UUID and
     * replica can come back at once). Real ClickHouse keeps one column list and one table-metadata
     * record per replication path, so a schema drift needs its own path; a path drift is spelled in
     * the engine arguments, so it changes {@code engine_full} too (docs/testkit/acceptance.md).
     */
    void drift(int member, TableRef table, Drift drift) {
        UUID current = uuid(member, table)
                .orElseThrow(() -> new IllegalStateException("no table to drift on member " + member));
        switch (drift) {
            case UUID -> recreate(member, table, UUID.randomUUID(), COLUMNS, ENGINE);
            case ENGINE -> recreate(member, table, current, COLUMNS, ENGINE_DRIFT);
            case SCHEMA ->
                recreate(
                        member,
                        table,
                        current,
                        "(id UInt64, v String, extra UInt8)",
                        "ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}/schema-drift', '{replica}') ORDER BY id");
            case KEEPER_PATH ->
                recreate(
                        member,
                        table,
                        current,
                        COLUMNS,
                        "ReplicatedMergeTree('/clickhouse/tables/{uuid}/{shard}/moved', '{replica}') ORDER BY id");
            case MEMBERSHIP ->
                throw new UnsupportedOperationException("membership is the servers' remote_servers"
                        + " configuration, which this harness renders once when the members start; it cannot change under"
                        + " running members");
        }
    }

    private void recreate(int member, TableRef table, UUID uuid, String columns, String engine) {
        dropLocally(member, table);
        createLocally(member, table, uuid, columns, engine);
    }

    java.util.Set<String> tableNames(int member, String database) {
        String names = admin(member)
                .query("SELECT name FROM system.tables WHERE database = " + SqlQuoting.string(database)
                        + " ORDER BY name FORMAT TSVRaw");
        return new java.util.TreeSet<>(names.isBlank() ? java.util.List.of() : java.util.List.of(names.split("\n")));
    }

    Optional<UUID> uuid(int member, TableRef table) {
        String text = admin(member)
                .query("SELECT toString(uuid) FROM system.tables WHERE database = "
                        + SqlQuoting.string(table.database()) + " AND name = " + SqlQuoting.string(table.table()));
        return text.isEmpty() ? Optional.empty() : Optional.of(UUID.fromString(text));
    }

    long rows(int member, TableRef table) {
        if (uuid(member, table).isEmpty()) {
            return 0;
        }
        return Long.parseLong(admin(member).query("SELECT count() FROM " + table.render()));
    }

    /**
     * Every member's catalog of {@code databases} and every KeeperMap table's rows with
     * {@code _version} there, as canonical text (see {@link AcceptanceCluster#catalogFingerprint()}).
     */
    String fingerprint(List<String> databases) {
        String names = databases.stream().map(SqlQuoting::string).collect(Collectors.joining(", ", "(", ")"));
        StringBuilder out = new StringBuilder();
        for (int member = 0; member < members(); member++) {
            MemberClient admin = admin(member);
            out.append("member ")
                    .append(member)
                    .append("\ndatabases\n")
                    .append(admin.query("SELECT name, engine, toString(uuid) FROM system.databases WHERE name IN "
                            + names + " ORDER BY name"))
                    .append("\ntables\n")
                    .append(admin.query(
                            "SELECT database, name, toString(uuid), engine_full, metadata_modification_time,"
                                    + " total_rows FROM system.tables WHERE database IN " + names
                                    + " ORDER BY database, name"));
            String keeperMaps = admin.query("SELECT database, name FROM system.tables WHERE database IN " + names
                    + " AND engine = 'KeeperMap' ORDER BY database, name");
            for (String line : keeperMaps.lines().toList()) {
                String[] cells = line.split("\t");
                TableRef control = new TableRef(cells[0], cells[1]);
                out.append("\nrows of ")
                        .append(control.render())
                        .append('\n')
                        .append(admin.query("SELECT *, _version FROM " + control.render() + " ORDER BY 1"));
            }
            out.append('\n');
        }
        return out.toString();
    }
}
