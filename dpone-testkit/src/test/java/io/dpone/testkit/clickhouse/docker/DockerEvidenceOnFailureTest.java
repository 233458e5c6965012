package io.dpone.testkit.clickhouse.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * What the Docker profile leaves behind when a test fails or a class hangs (pure: a fabricated run
 * and fake clusters, no Docker engine): the running clusters' container logs, redacted, under the
 * failed test's name; and a class past its fork deadline prints its threads, copies the logs and
 * halts its JVM.
 */
class DockerEvidenceOnFailureTest {

    @Test
    void aFailedTestGetsTheContainerLogsOfEveryRunningClusterAndAPassedOneNone(@TempDir Path directory) {
        FakeCluster cluster = new FakeCluster("2-members-internal");
        DockerClusters.started(cluster);
        try {
            SummaryGeneratingListener summary = new SummaryGeneratingListener();
            LauncherFactory.create()
                    .execute(
                            LauncherDiscoveryRequestBuilder.request()
                                    .selectors(DiscoverySelectors.selectClass(FabricatedDockerClass.class))
                                    .configurationParameter(
                                            DockerLogsOnFailure.DIRECTORY_PARAMETER, directory.toString())
                                    .build(),
                            summary);
            assertEquals(2, summary.getSummary().getTestsStartedCount());
            assertEquals(1, summary.getSummary().getTestsFailedCount());
        } finally {
            DockerClusters.closed(cluster);
        }
        assertEquals(
                List.of(directory
                        .resolve("FabricatedDockerClass")
                        .resolve("fails")
                        .resolve("2-members-internal")),
                cluster.copiedTo);
        assertTrue(
                cluster.since.get(0).isAfter(Instant.now().minusSeconds(60)), "the log since the failed test started");
    }

    @Test
    void copiedLogsLoseTheGeneratedPasswordsAndTheContainerAddresses(@TempDir Path directory) throws IOException {
        Map<String, String> containers = new LinkedHashMap<>();
        containers.put("keeper", "id-keeper");
        containers.put("ch1", "id-ch1");
        containers.put("ch2", "id-ch2");
        ContainerLogs logs = new ContainerLogs(
                (id, since) -> switch (id) {
                    case "id-keeper" -> "Raft server listening on 172.18.0.2:9234\n";
                    case "id-ch1" ->
                        "<Information> Application: Ready for connections. version 24.8.14.39, peer 10.0.0.7,"
                                + " user dpone_admin password s3cr3t-generated\n";
                    default -> throw new IOException("the container is gone");
                },
                new LogRedaction(List.of("s3cr3t-generated", "")));

        assertEquals(3, logs.copy(containers, Instant.EPOCH, directory));

        assertEquals("Raft server listening on [address]:9234\n", Files.readString(directory.resolve("keeper.log")));
        String ch1 = Files.readString(directory.resolve("ch1.log"));
        assertTrue(ch1.contains("version 24.8.14.39"), "a version is not an address");
        assertTrue(ch1.contains("peer [address],"));
        assertTrue(ch1.contains("password [credential]"));
        assertFalse(ch1.contains("s3cr3t"));
        assertEquals(
                "dpone: the container's log could not be read (IOException)\n",
                Files.readString(directory.resolve("ch2.log")));
        assertEquals(
                "[address] [address] [address] 8.8.8.8 300.1.1.1",
                new LogRedaction(List.of()).apply("192.168.1.10 169.254.0.1 127.0.0.11 8.8.8.8 300.1.1.1"));
    }

    @Test
    void aClassPastItsForkDeadlineSaysSoCopiesTheLogsAndHalts(@TempDir Path directory) throws Exception {
        FakeCluster cluster = new FakeCluster("3-members-internal");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<Integer> halted = new ArrayList<>();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        DockerClusters.started(cluster);
        try {
            ForkDeadline deadline =
                    new ForkDeadline(timer, halted::add, new PrintStream(err, true, StandardCharsets.UTF_8), directory);
            deadline.arm("DockerAcceptanceTest", Duration.ofMillis(50)).get(10, TimeUnit.SECONDS);
        } finally {
            DockerClusters.closed(cluster);
            timer.shutdownNow();
        }
        assertEquals(List.of(ForkDeadline.STATUS), halted);
        String said = err.toString(StandardCharsets.UTF_8);
        assertTrue(said.startsWith("dpone: DockerAcceptanceTest ran longer than its fork deadline"), said);
        assertTrue(said.contains("Threads:") && said.contains("\"main\""), "every thread's frames");
        assertEquals(
                List.of(directory
                        .resolve("DockerAcceptanceTest")
                        .resolve("fork-deadline")
                        .resolve("3-members-internal")),
                cluster.copiedTo);
    }

    @Test
    void theDeadlineReadsLikeJUnitsTimeouts() {
        assertEquals(Duration.ofMinutes(150), ForkDeadline.parse("150 m"));
        assertEquals(Duration.ofSeconds(90), ForkDeadline.parse("90s"));
        assertEquals(Duration.ofHours(2), ForkDeadline.parse(" 2 h "));
        assertThrows(IllegalArgumentException.class, () -> ForkDeadline.parse("150 minutes"));
    }

    /** A running cluster that records where its logs were asked for. */
    private static final class FakeCluster implements DockerClusters.Logs {
        private final String label;
        final List<Path> copiedTo = new ArrayList<>();
        final List<Instant> since = new ArrayList<>();

        FakeCluster(String label) {
            this.label = label;
        }

        @Override
        public String label() {
            return label;
        }

        @Override
        public synchronized void copy(Instant from, Path directory) {
            since.add(from);
            copiedTo.add(directory);
        }
    }

    /** One failing and one passing test; run only through the launcher (Surefire skips nested classes). */
    @ExtendWith(DockerLogsOnFailure.class)
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class FabricatedDockerClass {
        @Test
        @Order(1)
        void passes() {}

        @Test
        @Order(2)
        void fails() {
            throw new AssertionError("a scenario expectation did not hold");
        }
    }
}
