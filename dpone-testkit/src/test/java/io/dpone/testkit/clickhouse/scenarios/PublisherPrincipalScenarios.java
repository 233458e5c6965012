package io.dpone.testkit.clickhouse.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The restricted publication principal can do exactly what publication needs (catalog reads,
 * control-table bootstrap, strict insert and CAS, candidate staging, exchange, rename, exact
 * predecessor drop) and is refused everything else with ACCESS_DENIED.
 */
public abstract class PublisherPrincipalScenarios {

    private static final int ACCESS_DENIED = 497;
    private static final int AUTHENTICATION_FAILED = 516;
    private static final Map<String, String> STRICT = Map.of("keeper_map_strict_mode", "1");

    private MemberClient publisher;
    private MemberClient admin;
    private TestDatabase database;

    @BeforeEach
    void connect(RunningCluster cluster, TestDatabase database) {
        this.database = database;
        this.publisher = cluster.member(0).client(cluster.publisher());
        this.admin = cluster.member(0).client(cluster.admin());
    }

    @Test
    void readsTheCatalogsPublicationInspects(RunningCluster cluster) {
        assertEquals(
                "2",
                publisher.query("SELECT count() FROM system.clusters WHERE cluster = '"
                        + cluster.spec().clusterName() + "'"));
        publisher.query("SELECT name, engine, uuid FROM system.databases");
        publisher.query("SELECT database, name, uuid, engine_full FROM system.tables");
        publisher.query("SELECT database, table, zookeeper_path FROM system.replicas");
        assertEquals("r1", publisher.query("SELECT substitution FROM system.macros WHERE macro = 'replica'"));
    }

    @Test
    void bootstrapsAndCasesTheControlTable() {
        String control = database.control() + ".control";
        publisher.execute("CREATE TABLE " + control + " (target_key String, phase String) ENGINE = KeeperMap('"
                + database.keeperMapPath("control") + "') PRIMARY KEY target_key");
        publisher.execute("INSERT INTO " + control + " VALUES ('k', 'PREPARED')", STRICT);
        publisher.execute(
                "ALTER TABLE " + control + " UPDATE phase = 'DISPATCHING' WHERE target_key = 'k'"
                        + " AND _version = 0 AND phase = 'PREPARED'",
                STRICT);
        assertEquals("DISPATCHING\t1", publisher.query("SELECT phase, _version FROM " + control));
    }

    @Test
    void stagesExchangesRenamesAndDropsInTheTargetDatabase() {
        String target = database.target();
        publisher.execute("CREATE TABLE " + target + ".orders (id UInt32) ENGINE = MergeTree ORDER BY id");
        publisher.execute("CREATE TABLE " + target + ".orders_candidate (id UInt32) ENGINE = MergeTree ORDER BY id");
        publisher.execute("INSERT INTO " + target + ".orders_candidate VALUES (1), (2)");
        publisher.execute("EXCHANGE TABLES " + target + ".orders AND " + target + ".orders_candidate");
        assertEquals("2", publisher.query("SELECT count() FROM " + target + ".orders"));
        publisher.execute("DROP TABLE " + target + ".orders_candidate SYNC");
        publisher.execute("CREATE TABLE " + target + ".fresh_candidate (id UInt32) ENGINE = MergeTree ORDER BY id");
        publisher.execute("RENAME TABLE " + target + ".fresh_candidate TO " + target + ".fresh");
        assertEquals(
                "fresh\norders",
                publisher.query("SELECT name FROM system.tables WHERE database = '" + target + "' ORDER BY name"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "DROP TABLE {control}.control",
                "ALTER TABLE {control}.control DELETE WHERE 1",
                "TRUNCATE TABLE {control}.control",
                "CREATE DATABASE {target}_other",
                "DROP DATABASE {target}",
                "SELECT * FROM {admin_only}.secret",
                "CREATE TABLE {admin_only}.planted (id UInt8) ENGINE = MergeTree ORDER BY id",
                "CREATE TABLE {target}.log_engine (id UInt8) ENGINE = Log",
                "CREATE USER intruder",
                "GRANT ALL ON *.* TO dpone_publisher",
                "SYSTEM DROP DNS CACHE",
                "SYSTEM FLUSH LOGS",
                "SELECT * FROM file('passwd', 'LineAsString')"
            })
    void isRefusedEverythingElse(String template, RunningCluster cluster) {
        String adminOnly = "dpone_admin_only_" + database.id();
        admin.execute("CREATE DATABASE " + adminOnly);
        admin.execute("CREATE TABLE " + database.control() + ".control (k String) ENGINE = KeeperMap('"
                + database.keeperMapPath("control") + "') PRIMARY KEY k");
        admin.execute("CREATE TABLE " + adminOnly + ".secret (id UInt8) ENGINE = MergeTree ORDER BY id");
        try {
            String statement = template.replace("{control}", database.control())
                    .replace("{target}", database.target())
                    .replace("{admin_only}", adminOnly);
            QueryFailedException refused = assertThrows(QueryFailedException.class, () -> publisher.execute(statement));
            assertEquals(ACCESS_DENIED, refused.serverCode(), refused.serverCodeName());
            assertFalse(refused.getMessage().contains(cluster.publisher().password()));
        } finally {
            admin.execute("DROP DATABASE " + adminOnly + " SYNC");
        }
    }

    @Test
    void wrongPasswordIsRejected(RunningCluster cluster) {
        MemberClient impostor = publisher.as(new Credentials(cluster.publisher().user(), "not-the-password"));
        QueryFailedException rejected = assertThrows(QueryFailedException.class, () -> impostor.query("SELECT 1"));
        assertEquals(AUTHENTICATION_FAILED, rejected.serverCode());
    }
}
