package io.dpone.testkit.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.CapabilityAssertion;
import io.dpone.clickhouse.cluster.ddl.CapabilityVerdict;
import io.dpone.clickhouse.cluster.ddl.CapabilityVerdict.CapabilityProblem;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.ddl.adapter.DdlDispatchAdapter;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.transport.Transports;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The synthetic capability assertion on real members (local real ClickHouse 26.7 via libchdb, two
 * members, ZooKeeper), as the publication principal. This harness has no distributed-DDL worker:
 * the initiator answers 392 to the {@code ON CLUSTER} probe and {@code system.distributed_ddl_queue}
 * cannot be read, so the assertion must fail closed with {@code CLICKHOUSE_CLUSTER_CAPABILITY_MISSING}
 * after one send, and leave every catalog and the control table byte-identical. The positive case
 * needs a DDL worker (the simulator and the Docker 24.8 profile); offline it is
 * {@code CapabilityAssertionTest}.
 */
@ClickHouseCluster(members = 2)
class RealCapabilityAssertionTest {
    private static final String CONTROL_TABLE = "publication_authority";

    @ParameterizedTest
    @EnumSource(Transports.class)
    void theProbeFailsClosedOnTheHarnessAndChangesNothing(Transports protocol, RunningCluster cluster, TestDatabase db)
            throws Exception {
        String clusterName = cluster.spec().clusterName();
        TableRef control = new TableRef(db.control(), CONTROL_TABLE);
        for (int member = 0; member < cluster.members().size(); member++) {
            admin(cluster, member)
                    .execute("CREATE TABLE " + db.target() + ".events (id UInt64) ENGINE = MergeTree ORDER BY id");
            admin(cluster, member)
                    .execute(DdlStatements.createControlTable(clusterName, control, db.keeperMapPath("authority"))
                            .sql()
                            .replace(" ON CLUSTER `" + clusterName + "`", ""));
        }
        // Default KeeperMap retries: the admin's seed write may meet the server's lazily re-created session.
        admin(cluster, 0)
                .execute("INSERT INTO " + control.render() + " (target_key, operation_id, phase, payload_sha256)"
                        + " VALUES ('slot-1', 'op', 'PREPARED', '" + "0".repeat(64) + "')");
        List<String> before = dump(cluster, db, control);

        ReadTransport reads = protocol.reads(protocol.endpoint(cluster.member(0), cluster.publisher(), "default"));
        OneShotMutationTransport http =
                Transports.HTTP.mutations(Transports.HTTP.endpoint(cluster.member(0), cluster.publisher(), "default"));
        List<StatementKind> sent = Collections.synchronizedList(new ArrayList<>());
        OneShotMutationTransport counted = (statement, context) -> {
            sent.add(statement.kind());
            return http.execute(statement, context);
        };
        try {
            ClusterInventory inventory = observed(
                    new StrictCatalogAdapter(reads, () -> "cat-" + UUID.randomUUID(), 10).inventory(clusterName));
            Digest inventoryDigest = Sha256ProtocolDigests.INSTANCE.inventory(inventory);
            DdlDispatchAdapter ddl = new DdlDispatchAdapter(
                    reads, counted, Sha256ProtocolDigests.INSTANCE, () -> "ddl-" + UUID.randomUUID(), 30);
            BoundedWait wait = new BoundedWait(4, Duration.ofMillis(100), Duration.ofMillis(400));
            CapabilityAssertion assertion = new CapabilityAssertion(
                    ddl,
                    new QueueEntryResolver(
                            ddl,
                            Sha256ProtocolDigests.INSTANCE,
                            wait,
                            wait,
                            d -> Thread.sleep(d.toMillis()),
                            Cancellation.NEVER),
                    RandomBits.from(new SecureRandom()));

            long started = System.nanoTime();
            CapabilityVerdict verdict =
                    assertion.prove(clusterName, db.target(), inventory.endpoints(), inventoryDigest);
            long millis = (System.nanoTime() - started) / 1_000_000;

            CapabilityVerdict.Missing missing = assertInstanceOf(CapabilityVerdict.Missing.class, verdict);
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, missing.code());
            assertEquals(CapabilityProblem.PROBE_UNBOUND, missing.problem(), missing.detail());
            assertEquals(
                    "probe entry QUEUE_UNREADABLE (initiator: code 392)",
                    missing.detail(),
                    "the preflight facts held; the queue, not the 392, decided");
            assertEquals(List.of(StatementKind.DDL_CAPABILITY_PROBE), sent, "one probe, never retried");
            assertEquals(before, dump(cluster, db, control), "catalogs and control rows byte-identical");
            System.out.println("[ddl] capability assertion " + protocol + ": " + missing.problem() + " ("
                    + missing.detail() + ") in " + millis + " ms");
        } finally {
            Transports.close(reads);
            Transports.close(http);
        }
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void overTheNativeMutationTransportTheProbeIsNeverSent(Transports protocol, RunningCluster cluster, TestDatabase db)
            throws Exception {
        ReadTransport reads = protocol.reads(protocol.endpoint(cluster.member(0), cluster.publisher(), "default"));
        OneShotMutationTransport nativeMutations = Transports.NATIVE.mutations(
                Transports.NATIVE.endpoint(cluster.member(0), cluster.publisher(), "default"));
        try {
            DdlDispatchAdapter ddl = new DdlDispatchAdapter(
                    reads, nativeMutations, Sha256ProtocolDigests.INSTANCE, () -> "ddl-" + UUID.randomUUID(), 30);
            CapabilityVerdict verdict = new CapabilityAssertion(
                            ddl,
                            new QueueEntryResolver(
                                    ddl,
                                    Sha256ProtocolDigests.INSTANCE,
                                    BoundedWait.once(),
                                    BoundedWait.once(),
                                    d -> {},
                                    Cancellation.NEVER),
                            RandomBits.from(new SecureRandom()))
                    .prove(
                            cluster.spec().clusterName(),
                            db.target(),
                            Set.of(new HostEndpoint("h", 1)),
                            new Digest("a".repeat(64)));
            assertEquals(
                    CapabilityProblem.PROBE_NOT_SENT,
                    assertInstanceOf(CapabilityVerdict.Missing.class, verdict).problem(),
                    "the native driver cannot carry the task timeout");
        } finally {
            Transports.close(reads);
            Transports.close(nativeMutations);
        }
    }

    private static MemberClient admin(RunningCluster cluster, int member) {
        return cluster.member(member).client(cluster.admin());
    }

    /** Every member's catalog of the test databases and the control rows with their versions, as text. */
    private static List<String> dump(RunningCluster cluster, TestDatabase db, TableRef control) {
        List<String> dump = new ArrayList<>();
        for (int member = 0; member < cluster.members().size(); member++) {
            MemberClient admin = admin(cluster, member);
            dump.add(admin.query(
                    "SELECT database, name, uuid, engine_full, metadata_modification_time FROM system.tables"
                            + " WHERE database IN ('" + db.target() + "', '" + db.control()
                            + "') ORDER BY database, name FORMAT TSVRaw"));
            dump.add(admin.query("SELECT *, _version FROM " + control.render() + " ORDER BY target_key FORMAT TSVRaw"));
        }
        assertTrue(dump.get(0).contains("events") && dump.get(1).contains("slot-1"), "the dump sees the fixtures");
        return dump;
    }

    private static <T> T observed(CatalogRead<T> read) {
        if (read instanceof CatalogRead.Observed<T> observed) {
            return observed.facts();
        }
        throw new AssertionError("catalog read failed: " + ((CatalogRead.Unreadable<T>) read).describe());
    }
}
