package io.dpone.testkit.clickhouse.local;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;

/**
 * Apache ZooKeeper 3.9 standalone server inside the test JVM, serving ClickHouse as its Keeper on
 * a fixed loopback port. {@link #stop()} and {@link #start()} can alternate during a test: the
 * server comes back on the same port with the same data, so sessions that have not expired resume.
 *
 * <p>Not thread-safe; one test thread drives it.
 */
final class EmbeddedZooKeeper implements AutoCloseable {

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

    int port() {
        return port;
    }

    boolean isRunning() {
        return factory != null;
    }

    void start() {
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

    void stop() {
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
