package io.dpone.testkit.clickhouse.local;

import io.dpone.testkit.cluster.ClusterSpec;

/**
 * Child-JVM program for {@link NoStrayProcessTest}: starts a one-member cluster, prints its node
 * process id and work directory, then waits to be killed without ever closing the cluster.
 */
public final class StrayProcessProbe {

    private StrayProcessProbe() {}

    public static void main(String[] args) throws InterruptedException {
        LocalProcessCluster cluster = (LocalProcessCluster)
                new LocalProcessBackend().start(new ClusterSpec(ClusterSpec.DEFAULT_CLUSTER_NAME, 1, true));
        System.out.println("PID " + cluster.processIds().get(0));
        System.out.println("DIR " + cluster.workDirectory());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
