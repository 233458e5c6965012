package io.dpone.clickhouse.external.real;

import io.dpone.clickhouse.cluster.authority.AuthorityQueryIds;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.KeeperMapAuthority;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.authority.PermitLifetime;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.adapter.SqlControlStore;
import io.dpone.clickhouse.cluster.catalog.StrictCatalogAdapter;
import io.dpone.clickhouse.cluster.catalog.StrictFacadeAdapter;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.generation.TableIdentityKind;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.MonotonicClock;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.ExternalSlotSchema;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.MemberSessions;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.emulation.EmulatedClusterDdl;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * The external service composed for one test on the local real-ClickHouse harness exactly as the
 * provider composes it (HTTP coordinator connection to member 0 as the publication principal,
 * catalog with direct identities, the core's KeeperMap slot mechanics and facade reads, native
 * member sessions at the admitted {@code system.clusters} endpoints) — except the distributed-DDL
 * fan-out, which the harness cannot run and which is the testkit's {@link EmulatedClusterDdl}.
 * The control facade is the test's own (in its control database), bootstrapped by the service.
 */
final class ExternalRig implements AutoCloseable {
    static final String TARGET = "orders";

    final RunningCluster cluster;
    final TestDatabase db;
    final EmulatedClusterDdl ddl;
    final ArtifactStore store;
    final ExternalSettings settings;
    private final HttpReadTransport reads;
    private final HttpOneShotMutationTransport mutations;
    private final KeeperMapAuthority<ExternalSlot> slots;
    private EndpointResolver endpoints = EndpointResolver.admitted();
    private UnaryOperator<MemberSessions> sessions = UnaryOperator.identity();
    private int batchRows = 5;
    private Credentials memberPrincipal;

    ExternalRig(RunningCluster cluster, TestDatabase db, Path storeDirectory, long rowBudget) {
        this(cluster, db, storeDirectory, rowBudget, "MergeTree");
    }

    /** @param engine the manifest's engine, which an absent target's candidates get */
    ExternalRig(RunningCluster cluster, TestDatabase db, Path storeDirectory, long rowBudget, String engine) {
        this(cluster, db, storeDirectory, rowBudget, engine, db.target());
    }

    /** @param targetDatabase where the target lives (the test database's target database but for a grants test) */
    ExternalRig(
            RunningCluster cluster,
            TestDatabase db,
            Path storeDirectory,
            long rowBudget,
            String engine,
            String targetDatabase) {
        this.cluster = cluster;
        this.db = db;
        ClickHouseEndpoint coordinator = ClickHouseEndpoint.of(
                cluster.member(0).endpoint().host(),
                cluster.member(0).endpoint().httpPort(),
                db.target(),
                cluster.publisher().user(),
                cluster.publisher().password());
        this.reads = new HttpReadTransport(coordinator);
        this.mutations = new HttpOneShotMutationTransport(coordinator);
        this.ddl = EmulatedClusterDdl.forHarness(cluster, cluster.publisher(), db.target());
        this.store = ArtifactStore.open(storeDirectory);
        FacadeSpec facade =
                new FacadeSpec(new TableRef(db.control(), "publication_authority"), db.keeperMapPath("authority"));
        this.settings = new ExternalSettings(
                cluster.spec().clusterName(),
                new TableRef(targetDatabase, TARGET),
                facade,
                engine,
                1L << 30,
                rowBudget,
                30,
                new BoundedWait(5, Duration.ofMillis(50), Duration.ofMillis(200)),
                new BoundedWait(5, Duration.ofMillis(50), Duration.ofMillis(200)));
        this.slots = new KeeperMapAuthority<>(
                new SqlControlStore(facade.control(), mutations, reads, MutationPrevalidation.SERVER_DEFAULT),
                AuthorityQueryIds.random(),
                ExternalSlotSchema.INSTANCE,
                // As ExternalAdapters wires production: permits age against the settings' task timeout.
                PermitLifetime.forTaskTimeout(MonotonicClock.SYSTEM, settings.ddlTaskTimeoutSeconds()));
        warmKeeperSessions();
    }

    ExternalRig resolver(EndpointResolver resolver) {
        this.endpoints = resolver;
        return this;
    }

    /** Wraps the native sessions (a test's fault hook around the real ones). */
    ExternalRig sessions(UnaryOperator<MemberSessions> wrapper) {
        this.sessions = wrapper;
        return this;
    }

    /**
     * The principal of the direct member sessions (the publication principal by default): the
     * admin, for a test that shows what a principal granted every engine would stage.
     */
    ExternalRig memberPrincipal(Credentials principal) {
        this.memberPrincipal = principal;
        return this;
    }

    ExternalRig batchRows(int rows) {
        this.batchRows = rows;
        return this;
    }

    ExternalPorts ports() {
        Credentials principal = memberPrincipal == null ? cluster.publisher() : memberPrincipal;
        MemberSessions natives = new NativeMemberSessions(
                db.target(),
                principal.user(),
                principal.password(),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                () -> "dpone-test-" + UUID.randomUUID(),
                batchRows);
        return new ExternalPorts(
                new StrictCatalogAdapter(reads, () -> "cat-" + UUID.randomUUID(), 30, TableIdentityKind.DIRECT),
                ddl,
                slots,
                new StrictFacadeAdapter(reads, () -> "facade-" + UUID.randomUUID(), 30),
                sessions.apply(natives),
                endpoints,
                store,
                Clock.systemUTC(),
                Sleeper.SYSTEM);
    }

    ExternalPublicationService service() {
        return new ExternalPublicationService(ports(), settings, RandomBits.secure());
    }

    PublicationReceipt publish(String invocation, PublicationSource source) {
        return service().publish(invocation, source, Cancellation.NEVER, ProgressListener.NONE);
    }

    ExternalOperation operation(String invocation) {
        return ExternalOperation.derive(settings.plan(), invocation);
    }

    SlotRead<ExternalSlot> slot(String invocation) {
        return slots.readVersioned(operation(invocation).targetKey());
    }

    TableRef target() {
        return settings.target();
    }

    MemberClient admin(int member) {
        return cluster.member(member).client(cluster.admin());
    }

    /** The members' server time zone, as member 0 reports it (every member of these tests runs in one). */
    java.time.ZoneId serverZone() {
        return java.time.ZoneId.of(admin(0).query("SELECT timezone()"));
    }

    /** Creates the target on every member locally: one logical definition, a table (and UUID) per member. */
    void createTarget(String columns) {
        for (int i = 0; i < cluster.members().size(); i++) {
            admin(i).execute("CREATE TABLE " + target().render() + " (" + columns
                    + ") ENGINE = MergeTree ORDER BY tuple()");
        }
    }

    /**
     * Readiness of each member's Keeper session, not a retry of anything under test: the first
     * KeeperMap write after a member starts may fail with 999 "Session was killed" (the embedded
     * server opens its session lazily). Throwaway writes into a throwaway KeeperMap table.
     */
    private void warmKeeperSessions() {
        for (int i = 0; i < cluster.members().size(); i++) {
            MemberClient admin = admin(i);
            admin.execute(
                    "CREATE TABLE IF NOT EXISTS " + db.control() + ".warmup (k String, v UInt8) ENGINE = KeeperMap('"
                            + db.keeperMapPath("warmup") + "') PRIMARY KEY k");
            for (int attempt = 0; ; attempt++) {
                try {
                    admin.execute(
                            "INSERT INTO " + db.control() + ".warmup VALUES ('m" + i + "-" + System.nanoTime()
                                    + "', 1)",
                            Map.of("keeper_map_strict_mode", "1", "insert_keeper_max_retries", "0"));
                    break;
                } catch (MemberQueryException notReady) {
                    if (attempt > 20) {
                        throw notReady;
                    }
                    sleep();
                }
            }
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        ddl.close();
        for (AutoCloseable transport : new AutoCloseable[] {reads, mutations}) {
            try {
                transport.close();
            } catch (Exception ignored) {
                // releasing a test connection changes nothing under test
            }
        }
    }
}
