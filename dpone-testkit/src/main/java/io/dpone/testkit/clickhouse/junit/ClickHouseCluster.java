package io.dpone.testkit.clickhouse.junit;

import io.dpone.testkit.clickhouse.docker.DockerLogsOnFailure;
import io.dpone.testkit.clickhouse.docker.ForkDeadline;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.RemoteServersLayout;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against one real ClickHouse cluster, started once before the class and stopped
 * after it (also when tests fail). Each test gets a fresh {@link io.dpone.testkit.cluster.TestDatabase}
 * and starts healthy: faults a test injected are undone after it. Test methods and constructors may
 * declare {@link io.dpone.testkit.cluster.RunningCluster} and
 * {@link io.dpone.testkit.cluster.TestDatabase} parameters.
 *
 * <p>A failed test gets the container logs of a Docker cluster ({@link DockerLogsOnFailure}), and
 * under the docker profile a class that outlives its deadline ends its JVM ({@link ForkDeadline}).
 *
 * <p>When the backend cannot run here, the class fails if {@code -Ddpone.realClickHouse=required}
 * (CI) and is aborted with one message saying how to get it otherwise.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
// The deadline first, so it also bounds the cluster start; the docker profile sets it (ForkDeadline).
@ExtendWith({ForkDeadline.class, DockerLogsOnFailure.class, ClickHouseClusterExtension.class})
public @interface ClickHouseCluster {

    /** Number of members in the single shard. */
    int members() default 2;

    /** Cluster name in {@code <remote_servers>}. */
    String name() default ClusterSpec.DEFAULT_CLUSTER_NAME;

    /** {@code true}: internal mode; {@code false}: external mode. */
    boolean internalReplication() default true;

    /** How {@code <remote_servers>} lists the members; unsupported layouts are for admission tests. */
    RemoteServersLayout layout() default RemoteServersLayout.ONE_SHARD;

    /**
     * Each member's server {@code <timezone>}, in member order (one per member); empty leaves every
     * member in the server's default zone.
     */
    String[] timeZones() default {};

    /** Backend name ({@code local}, {@code docker}); empty uses {@code -Ddpone.backend}, default local. */
    String backend() default "";
}
