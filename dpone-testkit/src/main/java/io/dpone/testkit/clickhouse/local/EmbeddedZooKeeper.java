package io.dpone.testkit.clickhouse.local;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.clickhouse.config.KeeperClientConfig;
import io.dpone.testkit.clickhouse.config.ReplicaAddress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.zookeeper.server.DataNode;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;

/**
 * Apache ZooKeeper 3.9 standalone server inside the test JVM, serving ClickHouse as its Keeper on
 * a fixed loopback port. {@link #stop()} and {@link #start()} can alternate during a test: the
 * server comes back on the same port with the same data, so sessions that have not expired resume.
 *
 * <p>Not thread-safe; one test thread drives it.
 */
final class EmbeddedZooKeeper implements Coordination {

    private static final int TICK_MS = 500;
    private static final int MAX_CONNECTIONS = 200;

    private final Path dataDir;
    private final int port;
    private ServerCnxnFactory factory;
    private ZooKeeperServer server;

    EmbeddedZooKeeper(Path dataDir, int port) {
        this.dataDir = requireNonNull(dataDir, "dataDir is null");
        this.port = port;
    }

    @Override
    public KeeperClientConfig clientConfig() {
        return KeeperClientConfig.single(new ReplicaAddress("127.0.0.1", port));
    }

    @Override
    public boolean isRunning() {
        return factory != null;
    }

    @Override
    public void start() {
        if (isRunning()) {
            return;
        }
        try {
            ZooKeeperServer candidate = new ZooKeeperServer(dataDir.toFile(), dataDir.toFile(), TICK_MS);
            ServerCnxnFactory cnxnFactory = ServerCnxnFactory.createFactory(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), port), MAX_CONNECTIONS);
            cnxnFactory.startup(candidate);
            server = candidate;
            factory = cnxnFactory;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start embedded ZooKeeper", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting embedded ZooKeeper", e);
        }
    }

    /**
     * The names of {@code path}'s children in the serving server's data tree, sorted; empty when
     * the node does not exist. Read in process, so no client session is involved.
     */
    @Override
    public List<String> children(String path) {
        DataNode node = node(path);
        return node == null ? List.of() : node.getChildren().stream().sorted().toList();
    }

    /** The data of {@code path} as UTF-8 text, if the node exists and has data. */
    @Override
    public Optional<String> data(String path) {
        DataNode node = node(path);
        byte[] data = node == null ? null : node.getData();
        return data == null ? Optional.empty() : Optional.of(new String(data, StandardCharsets.UTF_8));
    }

    private DataNode node(String path) {
        requireNonNull(path, "path is null");
        if (!isRunning()) {
            throw new IllegalStateException("the embedded ZooKeeper is not serving");
        }
        return server.getZKDatabase().getDataTree().getNode(path);
    }

    @Override
    public void stop() {
        if (!isRunning()) {
            return;
        }
        factory.shutdown();
        server.shutdown();
        factory = null;
        server = null;
    }

    @Override
    public void close() {
        stop();
    }
}
