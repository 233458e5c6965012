package io.dpone.testkit.conformance;

import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictFacadeAdapter;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.sql.DdlStatementType;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.TableSpec;
import io.dpone.testkit.transport.Transports;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A real cluster (local libchdb harness or Docker) as a conformance backend: the REAL adapters over
 * HTTP ({@link StrictCatalogAdapter}, {@link SqlControlStore}, {@link StrictFacadeAdapter},
 * {@link DdlDispatchAdapter}) as the publication principal, and local statements through the
 * harness's own member client as admin.
 */
final class RealBackend implements ConformanceBackend, AutoCloseable {
    private static final Map<String, String> STRICT =
            Map.of("keeper_map_strict_mode", "1", "insert_keeper_max_retries", "0");

    private final RunningCluster cluster;
    private final TestDatabase database;
    private final List<Object> transports = new ArrayList<>();

    RealBackend(RunningCluster cluster, TestDatabase database) {
        this.cluster = cluster;
        this.database = database;
    }

    @Override
    public String clusterName() {
        return cluster.spec().clusterName();
    }

    @Override
    public int members() {
        return cluster.members().size();
    }

    @Override
    public String database() {
        return database.target();
    }

    @Override
    public TableRef control() {
        return new TableRef(database.control(), "publication_authority");
    }

    @Override
    public String keeperRoot() {
        return database.keeperMapPath("authority");
    }

    @Override
    public LocalResult createTable(int member, TableRef table, TableSpec spec, UUID uuid) {
        return local(member, spec.createStatement(table, uuid));
    }

    @Override
    public void createControlTable(int member) {
        String onCluster = " ON CLUSTER `" + clusterName() + "`";
        admin(member)
                .execute(DdlStatements.createControlTable(clusterName(), control(), keeperRoot())
                        .sql()
                        .replace(onCluster, ""));
        warm(member);
    }

    @Override
    public LocalResult exchange(int member, TableRef first, TableRef second) {
        return local(member, "EXCHANGE TABLES " + first.render() + " AND " + second.render());
    }

    @Override
    public LocalResult rename(int member, TableRef from, TableRef to) {
        return local(member, "RENAME TABLE " + from.render() + " TO " + to.render());
    }

    @Override
    public LocalResult dropIfExists(int member, TableRef table) {
        return local(member, "DROP TABLE IF EXISTS " + table.render());
    }

    @Override
    public void insertRows(int member, TableRef table, long rows) {
        admin(member)
                .execute("INSERT INTO " + table.render() + " (id, v) SELECT number, 'x' FROM numbers(" + rows + ")");
    }

    @Override
    public void kill(int member) {
        cluster.member(member).kill();
    }

    @Override
    public void pause(int member) {
        cluster.member(member).pause();
    }

    @Override
    public void resume(int member) {
        cluster.member(member).resume();
    }

    /** {@code <zookeeper><session_timeout_ms>} of the fixtures' node configuration. */
    @Override
    public Duration keeperSessionTimeout() {
        return Duration.ofSeconds(10);
    }

    /**
     * {@code CREATE TABLE ... ON CLUSTER ... ENGINE = Memory AS SELECT sleepEachRow(1) ...}: every
     * host runs the select, one row (one second) per block; {@code distributed_ddl_task_timeout = 0}
     * returns at once.
     */
    @Override
    public ExpectedDdl startLongEntry(Duration duration, DdlCorrelationToken token) {
        TableRef table = new TableRef(database(), "dpone_long_entry");
        admin(0).execute(
                        "CREATE TABLE " + table.render() + " ON CLUSTER " + clusterName() + " ENGINE = Memory AS SELECT"
                                + " sleepEachRow(1) AS s FROM numbers(" + Math.max(1, duration.toSeconds()) + ")",
                        Map.of(
                                "max_block_size",
                                "1",
                                "distributed_ddl_task_timeout",
                                "0",
                                "log_comment",
                                token.value()));
        return new ExpectedDdl(
                DdlStatementType.CREATE_TABLE,
                clusterName(),
                database(),
                Optional.of(table.table()),
                Optional.empty(),
                token.value());
    }

    @Override
    public CatalogPort catalog() {
        return new StrictCatalogAdapter(reads(0), () -> "conformance-catalog-" + UUID.randomUUID(), 20);
    }

    @Override
    public ControlStore controlStore(int member) {
        return new SqlControlStore(control(), mutations(member), reads(member), MutationPrevalidation.SERVER_DEFAULT);
    }

    @Override
    public FacadePort facade() {
        return new StrictFacadeAdapter(reads(0), () -> "conformance-facade-" + UUID.randomUUID(), 20);
    }

    @Override
    public DdlPort ddl() {
        return new DdlDispatchAdapter(
                reads(0),
                mutations(0),
                Sha256ProtocolDigests.INSTANCE,
                () -> "conformance-ddl-" + UUID.randomUUID(),
                60);
    }

    @Override
    public Sleeper sleeper() {
        return Sleeper.SYSTEM;
    }

    @Override
    public String queryId(String purpose) {
        return "conformance-" + purpose + "-" + UUID.randomUUID();
    }

    /** Production's secure source: a real cluster's runs are not replayed from a seed. */
    @Override
    public RandomBits randomBits() {
        return RandomBits.secure();
    }

    @Override
    public void close() throws Exception {
        for (Object transport : transports) {
            Transports.close(transport);
        }
    }

    private LocalResult local(int member, String sql) {
        try {
            admin(member).execute(sql);
            return new LocalResult.Ok();
        } catch (QueryFailedException failed) {
            return new LocalResult.Failed(failed.serverCode(), failed.serverMessage());
        }
    }

    private MemberClient admin(int member) {
        return cluster.member(member).client(cluster.admin());
    }

    private ReadTransport reads(int member) {
        ReadTransport reads =
                Transports.HTTP.reads(Transports.HTTP.endpoint(cluster.member(member), cluster.publisher(), "default"));
        transports.add(reads);
        return reads;
    }

    private OneShotMutationTransport mutations(int member) {
        OneShotMutationTransport mutations = Transports.HTTP.mutations(
                Transports.HTTP.endpoint(cluster.member(member), cluster.publisher(), "default"));
        transports.add(mutations);
        return mutations;
    }

    /**
     * Readiness, not a retry of anything under test: a member's first KeeperMap writes after it
     * started may fail with 999 "Session was killed" while it re-establishes its Keeper session;
     * throwaway writes of probe keys until one succeeds (as the authority tests' ControlTable does).
     */
    private void warm(int member) {
        MemberClient publisher = cluster.member(member).client(cluster.publisher());
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                publisher.execute(
                        "INSERT INTO " + control().render() + " (target_key, payload_sha256) VALUES ('readiness-probe-"
                                + member + "-" + UUID.randomUUID() + "', '" + "0".repeat(64) + "')",
                        STRICT);
                return;
            } catch (MemberQueryException notReady) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        throw new IllegalStateException("member " + member + " never accepted a KeeperMap write");
    }
}
