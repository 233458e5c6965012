package io.dpone.testkit.clickhouse.scenarios;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.ExactHostSetEntryAggregator;
import io.dpone.clickhouse.cluster.contract.ddl.PinnedQueueStatusNormalizer;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.transport.Transports;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The project's real read path over one member, as the publication principal: queue lookup and
 * host rows through {@link DdlDispatchAdapter}, the pinned normalizer and exact-host-set
 * aggregator, and the inventory and candidate health through {@link StrictCatalogAdapter}. The
 * scenarios send their {@code ON CLUSTER} statements with the harness client instead of the
 * adapter's dispatch, so only the reads here are the adapters' (their dispatch contract is being
 * redesigned); the adapter is built with a mutation transport that refuses every call.
 */
final class DdlQueue implements AutoCloseable {

    private static final long CATALOG_SECONDS = 30;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final OneShotMutationTransport NO_DISPATCH = (statement, context) -> {
        throw new AssertionError("scenarios dispatch through the harness client, never the adapter");
    };

    private final String cluster;
    private final ReadTransport reads;
    private final DdlDispatchAdapter ddl;
    private final StrictCatalogAdapter catalog;
    private final ExactHostSetEntryAggregator aggregator =
            new ExactHostSetEntryAggregator(PinnedQueueStatusNormalizer.INSTANCE, Sha256ProtocolDigests.INSTANCE);

    DdlQueue(RunningCluster cluster, ClusterMember reader) {
        this.cluster = cluster.spec().clusterName();
        this.reads = Transports.HTTP.reads(Transports.HTTP.endpoint(reader, cluster.publisher(), "default"));
        this.ddl = new DdlDispatchAdapter(reads, NO_DISPATCH, Sha256ProtocolDigests.INSTANCE, DdlQueue::readId, 60);
        this.catalog = new StrictCatalogAdapter(reads, DdlQueue::readId, CATALOG_SECONDS);
    }

    /** A fresh protocol correlation token, as the authority would issue it. */
    static String token(DdlAction action) {
        byte[] operation = new byte[32];
        RANDOM.nextBytes(operation);
        return DdlCorrelationToken.issue(
                        new Digest(HexFormat.of().formatHex(operation)), action, 1, RandomBits.from(RANDOM))
                .value();
    }

    /**
     * The adapter's four distributed-DDL settings (spec section 4) as HTTP parameters, plus a
     * query id: skip_unavailable_shards = 0, output mode throw, the task timeout and the token.
     */
    static Map<String, String> dispatchSettings(String token, long taskTimeoutSeconds) {
        QueryContext context = QueryContext.distributedDdl("ddl-" + UUID.randomUUID(), token, taskTimeoutSeconds);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("query_id", context.queryId());
        context.settings().forEach((setting, value) -> settings.put(setting.settingName(), value));
        return settings;
    }

    QueueLookup lookup(ExpectedDdl expected) {
        return ddl.lookup(expected);
    }

    /** The bound entry of an expected statement; fails the test on any other lookup outcome. */
    BoundEntry bind(ExpectedDdl expected) {
        return assertInstanceOf(QueueLookup.Bound.class, lookup(expected), "queue lookup by token")
                .entry();
    }

    List<QueueRow> hostRows(BoundEntry entry) {
        return observed(ddl.hostRows(entry), "host rows");
    }

    EntryAggregation aggregate(BoundEntry entry) {
        return aggregator.aggregate(entry, expectedHosts(), hostRows(entry));
    }

    /** Every member's queue identity, from {@code system.clusters} through the catalog adapter. */
    Set<HostEndpoint> expectedHosts() {
        return inventory().endpoints();
    }

    /** The queue identity of one harness member: its replica number is its index plus one. */
    HostEndpoint endpointOf(ClusterMember member) {
        return inventory().members().stream()
                .filter(row -> row.replicaNumber() == member.index() + 1)
                .map(io.dpone.clickhouse.cluster.contract.inventory.ClusterMember::endpoint)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no system.clusters row for " + member.replicaName()));
    }

    List<ReplicaHealth> candidateHealth(TableRef candidate) {
        return observed(catalog.candidateHealth(cluster, candidate), "candidate health");
    }

    private ClusterInventory inventory() {
        return observed(catalog.inventory(cluster), "inventory");
    }

    @SuppressWarnings("unchecked")
    private static <T> T observed(CatalogRead<T> read, String what) {
        if (read instanceof CatalogRead.Unreadable<T> unreadable) {
            throw new AssertionError(what + " unreadable: " + unreadable.describe());
        }
        return ((CatalogRead.Observed<T>) read).facts();
    }

    private static String readId() {
        return "read-" + UUID.randomUUID();
    }

    @Override
    public void close() throws Exception {
        Transports.close(reads);
    }
}
