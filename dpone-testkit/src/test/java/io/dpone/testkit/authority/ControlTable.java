package io.dpone.testkit.authority;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadeRules;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictFacadeAdapter;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The KeeperMap control table of one test on a real harness, and adapters over it. {@code ON
 * CLUSTER} cannot execute on the local harness (392, no DDL worker), so the facade is created on
 * each member with the same local statement, engine and Keeper path. Adapters use the CAS
 * prevalidation the real facade check chose, as the composition root does.
 */
final class ControlTable {
    static final String TABLE = "publication_authority";
    private static final String SHA = "0".repeat(64);

    final RunningCluster cluster;
    final TestDatabase database;
    final TableRef ref;
    /** Chosen by {@link #create}'s facade check. */
    private MutationPrevalidation casPrevalidation;

    private ControlTable(RunningCluster cluster, TestDatabase database) {
        this.cluster = cluster;
        this.database = database;
        this.ref = new TableRef(database.control(), TABLE);
    }

    /** Creates the facade on every member and warms each member's Keeper session. */
    static ControlTable create(RunningCluster cluster, TestDatabase database) {
        ControlTable table = new ControlTable(cluster, database);
        for (int member = 0; member < cluster.members().size(); member++) {
            table.admin(member).execute(localCreate(cluster, table.ref, database.keeperMapPath("authority")));
        }
        for (int member = 0; member < cluster.members().size(); member++) {
            warm(cluster.member(member).client(cluster.publisher()), table.ref, member);
        }
        table.casPrevalidation = table.verifyFacade(Protocol.HTTP).casPrevalidation();
        return table;
    }

    /**
     * The real facade check as the composition root makes it: one {@code clusterAllReplicas} read
     * through member 0 as the publication principal, judged against the inventory that the catalog
     * adapter reads; must be ready.
     */
    FacadeVerdict.Ready verifyFacade(Protocol protocol) {
        ReadTransport reads =
                protocol.reads(protocol.endpoint(cluster.member(0), cluster.publisher(), database.control()));
        try {
            FacadeVerdict verdict =
                    judge(reads, cluster, spec(), AuthorityRecords.prepared().targetKey());
            if (!(verdict instanceof FacadeVerdict.Ready ready)) {
                throw new IllegalStateException("control facade not ready: " + verdict);
            }
            return ready;
        } finally {
            Protocol.close(reads);
        }
    }

    FacadeSpec spec() {
        return new FacadeSpec(ref, database.keeperMapPath("authority"));
    }

    /** The admitted endpoints: the cluster's inventory as the strict catalog adapter reads it. */
    static Set<HostEndpoint> admitted(ReadTransport reads, RunningCluster cluster) {
        CatalogRead<ClusterInventory> inventory =
                catalog(reads).inventory(cluster.spec().clusterName());
        if (!(inventory instanceof CatalogRead.Observed<ClusterInventory> observed)) {
            throw new IllegalStateException("inventory unreadable: " + inventory);
        }
        return observed.facts().endpoints();
    }

    /** The inventory endpoint of harness member {@code member} (its native port is its cluster port). */
    static HostEndpoint endpointOf(Set<HostEndpoint> admitted, RunningCluster cluster, int member) {
        int port = cluster.member(member).endpoint().nativePort();
        return admitted.stream()
                .filter(endpoint -> endpoint.port() == port)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("member " + member + " is not in the inventory"));
    }

    static StrictCatalogAdapter catalog(ReadTransport reads) {
        return new StrictCatalogAdapter(reads, () -> "cat-" + UUID.randomUUID(), 10);
    }

    static StrictFacadeAdapter facades(ReadTransport reads) {
        return new StrictFacadeAdapter(reads, () -> "facade-" + UUID.randomUUID(), 10);
    }

    /** The facade observations through {@code reads}; a failed read is a test failure. */
    static List<FacadeObservation> observe(
            ReadTransport reads, RunningCluster cluster, FacadeSpec spec, Digest targetKey) {
        CatalogRead<List<FacadeObservation>> read =
                facades(reads).observe(cluster.spec().clusterName(), spec, targetKey);
        if (!(read instanceof CatalogRead.Observed<List<FacadeObservation>> observed)) {
            throw new IllegalStateException("facade unreadable: " + ((CatalogRead.Unreadable<?>) read).describe());
        }
        return observed.facts();
    }

    static FacadeVerdict judge(ReadTransport reads, RunningCluster cluster, FacadeSpec spec, Digest targetKey) {
        return FacadeRules.judge(spec, admitted(reads, cluster), observe(reads, cluster, spec, targetKey));
    }

    MutationPrevalidation casPrevalidation() {
        return casPrevalidation;
    }

    /** The bootstrap statement without {@code ON CLUSTER}: what every member would execute. */
    static String localCreate(RunningCluster cluster, TableRef ref, String keeperPath) {
        String onCluster = " ON CLUSTER `" + cluster.spec().clusterName() + "`";
        return DdlStatements.createControlTable(cluster.spec().clusterName(), ref, keeperPath)
                .sql()
                .replace(onCluster, "");
    }

    /**
     * Readiness, not a retry of anything under test: the first KeeperMap writes after a member
     * starts, with insert_keeper_max_retries = 0, may fail with 999 "Session was killed" (the
     * server re-establishes its Keeper session lazily; observed more than once per member).
     * Throwaway writes of probe keys, as the publication principal, until one succeeds; the
     * statements under test use other keys.
     */
    static void warm(MemberClient client, TableRef ref, int member) {
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                client.execute(
                        "INSERT INTO " + ref.render() + " (target_key, payload_sha256) VALUES ('readiness-probe-"
                                + member + "-" + System.nanoTime() + "', '" + SHA + "')",
                        Map.of("keeper_map_strict_mode", "1", "insert_keeper_max_retries", "0"));
                return;
            } catch (MemberQueryException sessionNotReady) {
                sleepBriefly();
            }
        }
        throw new IllegalStateException("member " + member + " never accepted a KeeperMap write");
    }

    private static void sleepBriefly() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    MemberClient admin(int member) {
        return cluster.member(member).client(cluster.admin());
    }

    /** The stored row as text, read by the admin principal outside any adapter. */
    String rawRow(int member, String targetKeyHex) {
        return admin(member)
                .query("SELECT target_key, operation_id, fence_token, phase, dispatch_epoch, payload,"
                        + " payload_sha256, _version FROM " + ref.render() + " WHERE target_key = '" + targetKeyHex
                        + "'");
    }

    /** An adapter through {@code member} as the restricted publication principal. */
    Adapter publisherAdapter(Protocol protocol, int member) {
        return adapter(protocol, member, cluster.publisher());
    }

    Adapter adapter(Protocol protocol, int member, Credentials credentials) {
        ClickHouseEndpoint endpoint = protocol.endpoint(cluster.member(member), credentials, database.control());
        return new Adapter(protocol.mutations(endpoint), protocol.reads(endpoint), ref, casPrevalidation);
    }

    /** An adapter and the transports it owns; close releases them. */
    static final class Adapter implements AutoCloseable {
        final OneShotMutationTransport mutations;
        final ReadTransport reads;
        final KeeperMapAuthority<AuthorityRecord> authority;

        Adapter(
                OneShotMutationTransport mutations,
                ReadTransport reads,
                TableRef ref,
                MutationPrevalidation casPrevalidation) {
            this.mutations = mutations;
            this.reads = reads;
            this.authority =
                    SqlControlStore.authority(ref, mutations, reads, AuthorityQueryIds.random(), casPrevalidation);
        }

        @Override
        public void close() {
            Protocol.close(mutations);
            Protocol.close(reads);
        }
    }
}
