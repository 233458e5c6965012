package io.dpone.testkit.clickhouse.local;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * One ClickHouse node as one OS process: {@code dpone-ch-node libchdb.so --config-file=...
 * --query=...}. The query opens the configured listeners, then sleeps for decades so the node
 * keeps serving until the process is killed. Output goes to {@code stdout.log} in the node's log
 * directory; the server's own logs go where its config says.
 *
 * <p>Not thread-safe: one test thread drives a node's lifecycle.
 */
final class NodeProcess {

    static final String SERVE_QUERY = "SYSTEM START LISTEN QUERIES ALL; "
            + "SELECT sleepEachRow(1) FROM numbers(1000000000) "
            + "SETTINGS function_sleep_max_microseconds_per_block=0, max_block_size=1 FORMAT Null";

    private final ChdbInstallation installation;
    private final Path config;
    private final Path logDir;
    private final Optional<String> timeZone;
    private Process process;
    private boolean paused;
    private boolean stoppedSinceStart;

    /** @param timeZone the node's server time zone, empty for the machine's */
    NodeProcess(ChdbInstallation installation, Path config, Path logDir, Optional<String> timeZone) {
        this.installation = requireNonNull(installation, "installation is null");
        this.config = requireNonNull(config, "config is null");
        this.logDir = requireNonNull(logDir, "logDir is null");
        this.timeZone = requireNonNull(timeZone, "timeZone is null");
    }

    static final String LOG_LEVEL = "information";

    void start() {
        if (isAlive()) {
            throw new IllegalStateException("node is already running");
        }
        ProcessBuilder builder = new ProcessBuilder(List.of(
                        installation.launcher().toString(),
                        installation.library().toString(),
                        "--config-file=" + config,
                        // clickhouse-local replaces the config's <logger><level> with its --log-level
                        // option, whose default is trace: without this the node writes every trace line
                        // (measured: ~4 MB a minute under the tests, and CPU on every query).
                        "--log-level=" + LOG_LEVEL,
                        "--query=" + SERVE_QUERY))
                .directory(logDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        logDir.resolve("stdout.log").toFile()));
        // clickhouse-local takes its server time zone from TZ, not from the config's <timezone>
        // (observed on 26.7: a node configured Europe/Berlin answered timezone() = Etc/UTC)
        timeZone.ifPresent(zone -> builder.environment().put("TZ", zone));
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot launch a ClickHouse node process", e);
        }
        paused = false;
        stoppedSinceStart = false;
        ProcessJanitor.register(process);
    }

    boolean isAlive() {
        return process != null && process.isAlive();
    }

    long pid() {
        if (process == null) {
            throw new IllegalStateException("node was never started");
        }
        return process.pid();
    }

    /** Exit code if the process has ended. */
    OptionalInt exitCode() {
        return process == null || process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    /** SIGKILL (Process#destroyForcibly on Linux) and wait until the process is gone. */
    void kill() {
        if (process == null) {
            return;
        }
        try {
            ProcessJanitor.killAndWait(process, "node process");
        } finally {
            paused = false;
        }
    }

    void pause() {
        signal("-STOP");
        paused = true;
        stoppedSinceStart = true;
    }

    void resume() {
        signal("-CONT");
        paused = false;
    }

    boolean isPaused() {
        return paused && isAlive();
    }

    /**
     * Whether this process was ever stopped since it was launched, even if resumed since. Such a
     * process may still hold connections its peers abandoned during the stop (see
     * {@link LocalProcessCluster#restoreHealthy()}).
     */
    boolean wasStoppedSinceStart() {
        return stoppedSinceStart && isAlive();
    }

    private void signal(String signal) {
        if (!isAlive()) {
            throw new IllegalStateException("node is not running");
        }
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid()))
                    .redirectErrorStream(true)
                    .start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill " + signal + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run kill " + signal, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling a node", e);
        }
    }
}
