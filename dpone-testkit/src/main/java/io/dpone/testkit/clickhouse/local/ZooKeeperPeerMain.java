package io.dpone.testkit.clickhouse.local;

import java.io.IOException;
import java.io.InputStream;
import org.apache.zookeeper.server.quorum.QuorumPeerMain;

/**
 * Entry point of one ZooKeeper ensemble peer process ({@link ZooKeeperPeer}): runs
 * {@link QuorumPeerMain} on the given {@code zoo.cfg} and halts when its standard input closes.
 * The parent test JVM holds the other end of that pipe for the peer's whole life, so the pipe
 * closes exactly when the parent ends, however it ends (even SIGKILL, which skips its shutdown
 * hooks): no peer outlives the JVM that started it.
 */
public final class ZooKeeperPeerMain {

    private ZooKeeperPeerMain() {}

    public static void main(String[] args) {
        Thread watchdog = new Thread(() -> haltAtEndOf(System.in), "dpone-zk-parent-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        QuorumPeerMain.main(args);
    }

    private static void haltAtEndOf(InputStream parent) {
        try {
            while (parent.read() >= 0) {
                // the parent never writes; any byte is ignored
            }
        } catch (IOException closed) {
            // a broken pipe means the parent is gone as well
        }
        Runtime.getRuntime().halt(0);
    }
}
