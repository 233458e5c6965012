package io.dpone.testkit.clickhouse.docker;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Ends this test JVM when a test class outlives the JUnit configuration parameter
 * {@value #PARAMETER} (e.g. {@code 150 m}), after saying so: it prints every thread's frames,
 * copies the running Docker clusters' logs to {@code target/docker-logs/<class>/fork-deadline/},
 * then halts. The acceptance receipt on disk already names the scenario that was running.
 *
 * <p>Why not Surefire's {@code forkedProcessTimeoutInSeconds}: measured with Surefire 3.5.4 on a
 * test that ignores interrupts, it dumps the threads and fails the build but lets the fork run on
 * to the end (docs/testkit/real-clickhouse.md, "Timeouts"). The docker profile runs one fork per
 * test class, so halting one ends only that class; the next runs in a fresh JVM. Without the
 * parameter (the default build, one JVM for every class) this extension does nothing.
 */
public final class ForkDeadline implements BeforeAllCallback, AfterAllCallback {
    static final String PARAMETER = "dpone.fork.deadline";
    /** The exit status of a halted fork, as {@code timeout(1)} uses. */
    static final int STATUS = 124;

    private static final Pattern DURATION = Pattern.compile("\\s*(\\d+)\\s*(s|m|h)\\s*");
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ForkDeadline.class);

    /** Ends the JVM; {@link Runtime#halt} in a fork, a recorder in tests. */
    @FunctionalInterface
    interface Halt {
        void halt(int status);
    }

    private final ScheduledExecutorService timer;
    private final Halt halt;
    private final PrintStream err;
    private final Path logDirectory;

    /** Instantiated by JUnit. */
    public ForkDeadline() {
        this(
                Executors.newSingleThreadScheduledExecutor(runnable -> {
                    Thread thread = new Thread(runnable, "dpone-fork-deadline");
                    thread.setDaemon(true);
                    return thread;
                }),
                status -> Runtime.getRuntime().halt(status),
                System.err,
                DockerClusters.directory());
    }

    ForkDeadline(ScheduledExecutorService timer, Halt halt, PrintStream err, Path logDirectory) {
        this.timer = requireNonNull(timer, "timer is null");
        this.halt = requireNonNull(halt, "halt is null");
        this.err = requireNonNull(err, "err is null");
        this.logDirectory = requireNonNull(logDirectory, "logDirectory is null");
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getConfigurationParameter(PARAMETER)
                .map(ForkDeadline::parse)
                .ifPresent(deadline -> context.getStore(NAMESPACE)
                        .put(
                                ScheduledFuture.class,
                                arm(context.getRequiredTestClass().getSimpleName(), deadline)));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Optional.ofNullable(context.getStore(NAMESPACE).remove(ScheduledFuture.class, ScheduledFuture.class))
                .ifPresent(timeout -> timeout.cancel(false));
    }

    ScheduledFuture<?> arm(String testClass, Duration deadline) {
        Instant started = Instant.now();
        return timer.schedule(() -> expire(testClass, deadline, started), deadline.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void expire(String testClass, Duration deadline, Instant started) {
        try {
            err.println("dpone: " + testClass + " ran longer than its fork deadline (" + deadline.toMinutes()
                    + " min); halting this test JVM. Threads:");
            for (Map.Entry<Thread, StackTraceElement[]> thread :
                    Thread.getAllStackTraces().entrySet()) {
                err.println("\"" + thread.getKey().getName() + "\" "
                        + thread.getKey().getState());
                for (StackTraceElement frame : thread.getValue()) {
                    err.println("    at " + frame);
                }
            }
            DockerLogsOnFailure.copyAll(started, logDirectory.resolve(testClass).resolve("fork-deadline"));
            err.flush();
        } finally {
            halt.halt(STATUS);
        }
    }

    /** {@code <n> s|m|h}, the form JUnit's timeout parameters use. */
    static Duration parse(String text) {
        Matcher matcher = DURATION.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException(PARAMETER + " must be '<number> s|m|h'");
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }
}
