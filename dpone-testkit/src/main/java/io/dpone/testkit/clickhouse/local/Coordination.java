package io.dpone.testkit.clickhouse.local;

import io.dpone.testkit.clickhouse.config.KeeperClientConfig;
import java.util.List;
import java.util.Optional;

/**
 * The ZooKeeper service under the local members: one in-JVM standalone server
 * ({@link EmbeddedZooKeeper}) or a three-peer ensemble of child processes ({@link ZooKeeperEnsemble}).
 */
interface Coordination extends AutoCloseable {

    /** What each member's {@code <zookeeper>} section lists. */
    KeeperClientConfig clientConfig();

    /** Starts whatever is not serving and returns once the service accepts sessions. */
    void start();

    /** Stops every server; members lose their sessions until {@link #start()}. */
    void stop();

    boolean isRunning();

    /** The names of {@code path}'s children, sorted; empty when the node does not exist. */
    List<String> children(String path);

    /** The data of {@code path} as UTF-8 text, if the node exists and has data. */
    Optional<String> data(String path);

    @Override
    void close();
}
