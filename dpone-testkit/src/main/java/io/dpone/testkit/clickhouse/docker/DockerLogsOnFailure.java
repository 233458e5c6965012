package io.dpone.testkit.clickhouse.docker;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * When a test fails, copies what every running Docker cluster's containers printed since the test
 * started into {@code target/docker-logs/<test class>/<test method>/<cluster>/<container>.log}; the
 * clusters are still up (they close after the class). Registered by {@code @ClickHouseCluster} and
 * {@code @AcceptanceReceipt}; with no Docker cluster running it does nothing. A directory given by
 * the JUnit configuration parameter {@value #DIRECTORY_PARAMETER} replaces {@code target/docker-logs}.
 */
public final class DockerLogsOnFailure implements BeforeTestExecutionCallback, TestWatcher {
    static final String DIRECTORY_PARAMETER = "dpone.docker.logDirectory";
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(DockerLogsOnFailure.class);

    /** Instantiated by JUnit. */
    public DockerLogsOnFailure() {}

    @Override
    public void beforeTestExecution(ExtensionContext context) {
        context.getParent().orElseThrow().getStore(NAMESPACE).put(context.getUniqueId(), Instant.now());
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        Instant since = Optional.ofNullable(
                        context.getParent().orElseThrow().getStore(NAMESPACE).get(context.getUniqueId(), Instant.class))
                .orElse(Instant.EPOCH);
        Path directory = context.getConfigurationParameter(DIRECTORY_PARAMETER)
                .map(Path::of)
                .orElseGet(DockerClusters::directory)
                .resolve(context.getRequiredTestClass().getSimpleName())
                .resolve(context.getRequiredTestMethod().getName());
        copyAll(since.minusSeconds(2), directory);
    }

    /** Where failed tests' container logs go: {@code target/docker-logs} of the module under test. */
    public static Path directory() {
        return DockerClusters.directory();
    }

    /** Copies every live cluster's logs; one cluster's failure to copy does not stop the others. */
    static void copyAll(Instant since, Path directory) {
        Set<String> labels = new HashSet<>();
        for (DockerClusters.Logs cluster : DockerClusters.live()) {
            String label = cluster.label();
            for (int n = 2; !labels.add(label); n++) {
                label = cluster.label() + "-" + n;
            }
            try {
                cluster.copy(since, directory.resolve(label));
            } catch (IOException | RuntimeException e) {
                System.err.println("dpone: could not copy the container logs of " + label + " ("
                        + e.getClass().getSimpleName() + ")");
            }
        }
    }
}
