package io.dpone.testkit.clickhouse.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.clickhouse.junit.RealClickHouseRequirement;
import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** No node process outlives its cluster: not after close(), not after the JVM is terminated or killed. */
class NoStrayProcessTest {

    @BeforeEach
    void requireLibrary() {
        if (new LocalProcessBackend().availability() instanceof BackendAvailability.Unavailable missing) {
            RealClickHouseRequirement.current().onUnavailable(LocalProcessBackend.NAME, missing);
        }
    }

    @Test
    void closeKillsEveryNodeAndDeletesTheWorkDirectory() {
        LocalProcessCluster cluster = (LocalProcessCluster) new LocalProcessBackend().start(ClusterSpec.twoMembers());
        List<Long> pids = cluster.processIds();
        Path work = cluster.workDirectory();
        assertTrue(pids.stream().allMatch(NoStrayProcessTest::alive));

        cluster.close();
        cluster.close();

        assertTrue(pids.stream().noneMatch(NoStrayProcessTest::alive), "no node survives close()");
        assertFalse(Files.exists(work), "the temporary directory is removed");
    }

    /** TERM runs the JVM's shutdown hooks (janitor); KILL skips them, leaving the launcher's watchdog. */
    @ParameterizedTest
    @ValueSource(strings = {"TERM", "KILL"})
    void nodesDieWithTheirJvm(String signal) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(
                        javaExecutable(),
                        "-cp",
                        ZooKeeperPeer.classPath(),
                        "-Ddpone.cacheDir=" + ChdbInstallation.cacheRoot(),
                        StrayProcessProbe.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        long pid;
        Path work;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            pid = Long.parseLong(expectLine(out, "PID "));
            work = Path.of(expectLine(out, "DIR "));
            assertTrue(alive(pid), "the child's node is serving");

            if (signal.equals("TERM")) {
                child.destroy();
            } else {
                child.destroyForcibly();
            }
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "child JVM ended");
        } finally {
            child.destroyForcibly();
        }
        assertTrue(
                ProcessHandle.of(pid)
                        .map(handle -> handle.onExit()
                                .orTimeout(10, TimeUnit.SECONDS)
                                .handle((done, timeout) -> timeout == null)
                                .join())
                        .orElse(true),
                "the node exits within 10 s of its JVM");
        assertFalse(alive(pid));
        deleteTree(work);
    }

    private static String expectLine(BufferedReader out, String prefix) throws IOException {
        String line = out.readLine();
        while (line != null && !line.startsWith(prefix)) {
            line = out.readLine();
        }
        assertEquals(prefix, line == null ? null : line.substring(0, prefix.length()), "child reported " + prefix);
        return line.substring(prefix.length()).strip();
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
