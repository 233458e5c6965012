package io.dpone.testkit.clickhouse.local;

/** The ZooKeeper service a local cluster runs under its members. */
public enum KeeperTopology {
    /** One standalone server inside the test JVM ({@link EmbeddedZooKeeper}); the default. */
    STANDALONE,
    /**
     * Three peers as child JVMs ({@link ZooKeeperEnsemble}): the only topology where a leader can
     * be killed while the service stays available.
     */
    THREE_PEER_ENSEMBLE
}
