package io.dpone.testkit.clickhouse.docker;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The Docker clusters this JVM has running, so a failed test's container logs can be copied
 * ({@link DockerLogsOnFailure}) by whichever harness started them: {@code @ClickHouseCluster}
 * classes and the acceptance classes' shared clusters alike.
 */
final class DockerClusters {
    /** A running cluster's log copier. */
    interface Logs {
        /** A short name for the directory: member count and mode, e.g. {@code 2-members-internal}. */
        String label();

        void copy(Instant since, Path directory) throws IOException;
    }

    private static final List<Logs> LIVE = new CopyOnWriteArrayList<>();

    private DockerClusters() {}

    static void started(Logs cluster) {
        LIVE.add(cluster);
    }

    static void closed(Logs cluster) {
        LIVE.remove(cluster);
    }

    static List<Logs> live() {
        return List.copyOf(LIVE);
    }

    /** {@code target/docker-logs} of the module under test: uploaded by the docker-acceptance workflow. */
    static Path directory() {
        return Path.of(System.getProperty("basedir", ".")).resolve("target").resolve("docker-logs");
    }
}
