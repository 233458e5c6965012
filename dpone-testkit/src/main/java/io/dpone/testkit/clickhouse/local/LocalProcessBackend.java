package io.dpone.testkit.clickhouse.local;

import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterBackend;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.ClusterUnavailableException;
import io.dpone.testkit.cluster.RunningCluster;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * Real ClickHouse 26.7 without Docker: every member is a {@code libchdb.so} process started by the
 * compiled launcher, coordinated by ZooKeeper 3.9: one standalone server inside the test JVM by
 * default, or a three-peer ensemble of child JVMs ({@link KeeperTopology}). Distributed DDL and
 * replication are not available in this mode (no DDL worker, no interserver listener).
 */
public final class LocalProcessBackend implements ClusterBackend {

    public static final String NAME = "local";

    private final KeeperTopology keeper;

    /** Members over one standalone ZooKeeper in the test JVM. */
    public LocalProcessBackend() {
        this(KeeperTopology.STANDALONE);
    }

    public LocalProcessBackend(KeeperTopology keeper) {
        this.keeper = Objects.requireNonNull(keeper, "keeper is null");
    }

    static final Set<ClusterCapability> CAPABILITIES = Set.copyOf(EnumSet.of(
            ClusterCapability.KEEPER_MAP, ClusterCapability.PROCESS_FAULTS, ClusterCapability.COORDINATION_FAULTS));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<ClusterCapability> capabilities() {
        return CAPABILITIES;
    }

    @Override
    public BackendAvailability availability() {
        return ChdbInstallation.availability();
    }

    @Override
    public RunningCluster start(ClusterSpec spec) {
        ChdbInstallation installation = ChdbInstallation.find()
                .orElseThrow(() -> new ClusterUnavailableException(NAME, ChdbInstallation.missing()));
        return LocalProcessCluster.start(spec, installation, keeper);
    }
}
