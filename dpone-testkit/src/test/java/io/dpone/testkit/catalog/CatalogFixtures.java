package io.dpone.testkit.catalog;

import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.transport.Transports;
import java.time.Duration;
import java.util.UUID;

/** Shared set-up of the real-server catalog tests: tables, transports and the adapter under test. */
final class CatalogFixtures {
    static final String COLUMNS = "(id UInt64, v String DEFAULT 'x')";

    private CatalogFixtures() {}

    static TableRef target(TestDatabase db) {
        return new TableRef(db.target(), "events");
    }

    static TableRef candidate(TestDatabase db) {
        return new TableRef(db.target(), "events__cand");
    }

    /**
     * Creates one ReplicatedMergeTree table locally on one member with an explicit UUID and Keeper
     * path ({@code {uuid}} is refused outside ON CLUSTER). Same UUID and path on every member makes
     * one generation; the harness registers it in Keeper but it stays read-only (no interserver).
     */
    static void createReplicated(
            RunningCluster cluster, int member, TableRef table, UUID uuid, String columns, String keeperPath) {
        MemberClient admin = cluster.member(member).client(cluster.admin());
        admin.execute("CREATE TABLE " + table.render() + " UUID '" + uuid + "' " + columns
                + " ENGINE = ReplicatedMergeTree('" + keeperPath + "', '{replica}') ORDER BY id");
    }

    static void createOnEveryMember(RunningCluster cluster, TableRef table, UUID uuid, String keeperPath) {
        for (int i = 0; i < cluster.members().size(); i++) {
            createReplicated(cluster, i, table, uuid, COLUMNS, keeperPath);
        }
    }

    static String keeperPath(TestDatabase db, String table) {
        return "/clickhouse/tables/" + db.id() + "/" + table;
    }

    /** A read transport of {@code protocol} to member 0 with a short socket timeout, so hangs stay bounded. */
    static ReadTransport reads(Transports protocol, RunningCluster cluster, Credentials credentials) {
        int port = protocol == Transports.HTTP
                ? cluster.member(0).endpoint().httpPort()
                : cluster.member(0).endpoint().nativePort();
        var endpoint = new io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint(
                cluster.member(0).endpoint().host(),
                port,
                "default",
                credentials.user(),
                credentials.password(),
                Duration.ofSeconds(3),
                Duration.ofSeconds(8));
        return protocol.reads(endpoint);
    }

    static StrictCatalogAdapter adapter(ReadTransport reads) {
        return new StrictCatalogAdapter(reads, () -> "cat-" + UUID.randomUUID(), 5);
    }
}
