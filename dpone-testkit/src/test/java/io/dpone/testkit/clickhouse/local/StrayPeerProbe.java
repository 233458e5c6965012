package io.dpone.testkit.clickhouse.local;

import java.nio.file.Path;

/**
 * Child-JVM program for {@link LocalZooKeeperEnsembleTest}: starts an ensemble under the given
 * directory, prints each peer's process id, then waits to be killed without ever closing it.
 */
public final class StrayPeerProbe {

    private StrayPeerProbe() {}

    public static void main(String[] args) throws InterruptedException {
        ZooKeeperEnsemble ensemble =
                ZooKeeperEnsemble.create(Path.of(args[0]), FreePorts.allocate(ZooKeeperEnsemble.PORTS));
        ensemble.start();
        ensemble.processIds().forEach(pid -> System.out.println("PEER " + pid));
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
