package io.dpone.testkit.modes.acceptance;

import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.clickhouse.config.FixtureDigest;
import io.dpone.testkit.clickhouse.config.ServerKind;
import io.dpone.testkit.clickhouse.local.ChdbInstallation;
import io.dpone.testkit.clickhouse.local.LocalProcessCluster;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.emulation.EmulatedClusterDdl;
import io.dpone.testkit.fault.SendHook;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * {@link ExternalAcceptanceCluster} on the local real harness: libchdb (ClickHouse 26.7) members
 * with {@code internal_replication = false} and an in-JVM ZooKeeper. Everything is real — the
 * catalog, the KeeperMap authority and its races, the native member sessions, a killed member, a
 * row changed by a real mutation — except the distributed-DDL fan-out, which these members cannot
 * run: it is the testkit's {@link EmulatedClusterDdl} (every host finished before the dispatch
 * returns; named as an emulation in the receipt's fixture digest and the docs). So it runs the
 * scenarios whose outcome does not depend on a real queue ({@link ExternalScenarios#withoutRealQueue()});
 * the distributed-DDL faults and DDL stalls throw {@link UnsupportedOperationException} naming why.
 */
public final class LocalExternalAcceptanceCluster extends RealExternalAcceptanceCluster {
    private final EmulatedClusterDdl emulated;
    private final CountingDdlPort ddl;

    public LocalExternalAcceptanceCluster(LocalProcessCluster local) {
        this(new LocalAcceptanceCluster(local), local);
    }

    private LocalExternalAcceptanceCluster(LocalAcceptanceCluster base, LocalProcessCluster local) {
        super(base, local);
        this.emulated = EmulatedClusterDdl.forHarness(local, local.publisher(), base.database.target());
        this.ddl = new CountingDdlPort(emulated, base.counter());
        warmKeeperSessions();
    }

    /**
     * Readiness, not a retry of anything under test: a member's first KeeperMap write after it
     * started may fail with 999 "Session was killed" while the embedded server opens its session.
     * Throwaway writes into a throwaway KeeperMap table of this scenario's control database.
     */
    private void warmKeeperSessions() {
        String warm = SqlQuoting.qualified(base.database.control(), "warmup");
        for (int member = 0; member < members(); member++) {
            base.sql
                    .admin(member)
                    .execute("CREATE TABLE IF NOT EXISTS " + warm + " (k String, v UInt8) ENGINE = KeeperMap("
                            + SqlQuoting.string(base.database.keeperMapPath("warmup")) + ") PRIMARY KEY k");
            for (int attempt = 0; ; attempt++) {
                try {
                    base.sql
                            .admin(member)
                            .execute(
                                    "INSERT INTO " + warm + " VALUES ('m" + member + "-" + UUID.randomUUID() + "', 1)",
                                    Map.of("keeper_map_strict_mode", "1", "insert_keeper_max_retries", "0"));
                    break;
                } catch (MemberQueryException notReady) {
                    if (attempt > 20) {
                        throw notReady;
                    }
                    DdlStall.sleep();
                }
            }
        }
    }

    @Override
    public String backend() {
        return "local";
    }

    @Override
    public String fixtureDigest() {
        return FixtureDigest.of(List.of(
                "local",
                "libchdb " + ChdbInstallation.VERSION,
                ServerKind.EMBEDDED.name(),
                "members=" + members(),
                "internal_replication=false",
                "external",
                "ddl_fan_out=EmulatedClusterDdl"));
    }

    @Override
    SendHook hook(String name) {
        return SendHook.NONE;
    }

    /** The testkit's emulated fan-out, counted like the production adapter's sends. */
    @Override
    DdlPort emulatedDdl() {
        return ddl;
    }

    @Override
    public void arm(ArmedFault fault) {
        throw unsupported("distributed-DDL faults (lost answers after enqueue, host errors) need a real queue");
    }

    @Override
    public void stallDdl(int member) {
        throw unsupported(
                "the emulated fan-out finishes every host before the dispatch returns: no DDL worker to hold up");
    }

    @Override
    public void releaseDdl(int member) {
        throw unsupported(
                "the emulated fan-out finishes every host before the dispatch returns: no DDL worker to hold up");
    }

    @Override
    void closeBackend() {
        emulated.close();
    }

    private static UnsupportedOperationException unsupported(String why) {
        return new UnsupportedOperationException("the local real harness (libchdb 26.7) has no distributed-DDL queue;"
                + " its ON CLUSTER fan-out is emulated: " + why);
    }
}
