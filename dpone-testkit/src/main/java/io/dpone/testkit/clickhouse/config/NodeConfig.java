package io.dpone.testkit.clickhouse.config;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.cluster.RemoteServersLayout;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Everything that differs between members and backends in {@code fixtures/clickhouse/node.xml}.
 * Paths are as the server sees them (host paths locally, container paths in Docker).
 *
 * @param clusterName name in {@code <remote_servers>}
 * @param internalReplication the shard's {@code <internal_replication>}
 * @param selfIndex this member's position in {@code replicas}
 * @param replicas all members in shard order
 * @param listenHost listener address ({@code 127.0.0.1} locally)
 * @param httpPort this member's HTTP port
 * @param tcpPort this member's native port; must equal {@code replicas[selfIndex].port}
 * @param dataDir server {@code <path>} without trailing slash
 * @param logDir directory for the server log files
 * @param usersXml path of the rendered {@code users.xml}
 * @param keeper the coordination servers and client timeouts of {@code <zookeeper>}
 * @param keeperMapPathPrefix {@code <keeper_map_path_prefix>}
 * @param interserverPort interserver HTTP port for replication, absent where it cannot open
 * @param layout how {@code <remote_servers>} lists {@code replicas}
 * @param serverKind the program that reads the config; decides the few kind-specific sections
 * @param timeZone the server's {@code <timezone>}, empty for the server's default
 */
public record NodeConfig(
        String clusterName,
        boolean internalReplication,
        int selfIndex,
        List<ReplicaAddress> replicas,
        String listenHost,
        int httpPort,
        int tcpPort,
        String dataDir,
        String logDir,
        String usersXml,
        KeeperClientConfig keeper,
        String keeperMapPathPrefix,
        OptionalInt interserverPort,
        RemoteServersLayout layout,
        ServerKind serverKind,
        Optional<String> timeZone) {

    public NodeConfig {
        requireNonNull(clusterName, "clusterName is null");
        replicas = List.copyOf(requireNonNull(replicas, "replicas is null"));
        requireNonNull(listenHost, "listenHost is null");
        requireNonNull(dataDir, "dataDir is null");
        requireNonNull(logDir, "logDir is null");
        requireNonNull(usersXml, "usersXml is null");
        requireNonNull(keeper, "keeper is null");
        requireNonNull(keeperMapPathPrefix, "keeperMapPathPrefix is null");
        requireNonNull(interserverPort, "interserverPort is null");
        requireNonNull(layout, "layout is null");
        requireNonNull(serverKind, "serverKind is null");
        requireNonNull(timeZone, "timeZone is null");
        if (selfIndex < 0 || selfIndex >= replicas.size()) {
            throw new IllegalArgumentException("selfIndex outside replicas");
        }
        if (replicas.get(selfIndex).port() != tcpPort) {
            throw new IllegalArgumentException("tcpPort must be this member's replica port");
        }
    }

    /** A member in the server's default time zone. */
    public NodeConfig(
            String clusterName,
            boolean internalReplication,
            int selfIndex,
            List<ReplicaAddress> replicas,
            String listenHost,
            int httpPort,
            int tcpPort,
            String dataDir,
            String logDir,
            String usersXml,
            KeeperClientConfig keeper,
            String keeperMapPathPrefix,
            OptionalInt interserverPort,
            RemoteServersLayout layout,
            ServerKind serverKind) {
        this(
                clusterName,
                internalReplication,
                selfIndex,
                replicas,
                listenHost,
                httpPort,
                tcpPort,
                dataDir,
                logDir,
                usersXml,
                keeper,
                keeperMapPathPrefix,
                interserverPort,
                layout,
                serverKind,
                Optional.empty());
    }

    /** A member whose {@code <zookeeper>} lists one server, with {@link KeeperClientConfig#single} timeouts. */
    public NodeConfig(
            String clusterName,
            boolean internalReplication,
            int selfIndex,
            List<ReplicaAddress> replicas,
            String listenHost,
            int httpPort,
            int tcpPort,
            String dataDir,
            String logDir,
            String usersXml,
            ReplicaAddress zooKeeper,
            String keeperMapPathPrefix,
            OptionalInt interserverPort,
            RemoteServersLayout layout,
            ServerKind serverKind) {
        this(
                clusterName,
                internalReplication,
                selfIndex,
                replicas,
                listenHost,
                httpPort,
                tcpPort,
                dataDir,
                logDir,
                usersXml,
                KeeperClientConfig.single(zooKeeper),
                keeperMapPathPrefix,
                interserverPort,
                layout,
                serverKind);
    }

    /** This member with the server time zone {@code zone} (empty: the server's default). */
    public NodeConfig withTimeZone(Optional<String> zone) {
        return new NodeConfig(
                clusterName,
                internalReplication,
                selfIndex,
                replicas,
                listenHost,
                httpPort,
                tcpPort,
                dataDir,
                logDir,
                usersXml,
                keeper,
                keeperMapPathPrefix,
                interserverPort,
                layout,
                serverKind,
                zone);
    }

    /** A member of the local (embedded) backend. */
    public NodeConfig(
            String clusterName,
            boolean internalReplication,
            int selfIndex,
            List<ReplicaAddress> replicas,
            String listenHost,
            int httpPort,
            int tcpPort,
            String dataDir,
            String logDir,
            String usersXml,
            KeeperClientConfig keeper,
            String keeperMapPathPrefix,
            OptionalInt interserverPort,
            RemoteServersLayout layout) {
        this(
                clusterName,
                internalReplication,
                selfIndex,
                replicas,
                listenHost,
                httpPort,
                tcpPort,
                dataDir,
                logDir,
                usersXml,
                keeper,
                keeperMapPathPrefix,
                interserverPort,
                layout,
                ServerKind.EMBEDDED);
    }

    /** A member of the local (embedded) backend with one coordination server. */
    public NodeConfig(
            String clusterName,
            boolean internalReplication,
            int selfIndex,
            List<ReplicaAddress> replicas,
            String listenHost,
            int httpPort,
            int tcpPort,
            String dataDir,
            String logDir,
            String usersXml,
            ReplicaAddress zooKeeper,
            String keeperMapPathPrefix,
            OptionalInt interserverPort,
            RemoteServersLayout layout) {
        this(
                clusterName,
                internalReplication,
                selfIndex,
                replicas,
                listenHost,
                httpPort,
                tcpPort,
                dataDir,
                logDir,
                usersXml,
                KeeperClientConfig.single(zooKeeper),
                keeperMapPathPrefix,
                interserverPort,
                layout,
                ServerKind.EMBEDDED);
    }

    /** A member of the local (embedded) backend in the supported one-shard layout. */
    public NodeConfig(
            String clusterName,
            boolean internalReplication,
            int selfIndex,
            List<ReplicaAddress> replicas,
            String listenHost,
            int httpPort,
            int tcpPort,
            String dataDir,
            String logDir,
            String usersXml,
            ReplicaAddress zooKeeper,
            String keeperMapPathPrefix,
            OptionalInt interserverPort) {
        this(
                clusterName,
                internalReplication,
                selfIndex,
                replicas,
                listenHost,
                httpPort,
                tcpPort,
                dataDir,
                logDir,
                usersXml,
                zooKeeper,
                keeperMapPathPrefix,
                interserverPort,
                RemoteServersLayout.ONE_SHARD);
    }

    /** This member's {@code {replica}} macro: {@code r1}, {@code r2}, ... */
    public String replicaName() {
        return replicaName(selfIndex);
    }

    public static String replicaName(int index) {
        return "r" + (index + 1);
    }
}
