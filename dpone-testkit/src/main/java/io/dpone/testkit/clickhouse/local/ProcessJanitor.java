package io.dpone.testkit.clickhouse.local;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Last line of defence against stray node processes: a JVM shutdown hook SIGKILLs every process
 * still registered. The first lines are {@code close()} of the cluster and, for a JVM killed
 * without shutdown hooks, the launcher's own parent watchdog.
 */
final class ProcessJanitor {

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ProcessJanitor::killAll, "dpone-ch-janitor"));
    }

    private ProcessJanitor() {}

    static void register(Process process) {
        LIVE.add(process);
    }

    static void unregister(Process process) {
        LIVE.remove(process);
    }

    /**
     * SIGKILL ({@link Process#destroyForcibly()} on Linux), wait until the process is gone and
     * stop tracking it.
     *
     * @param what names the process in failures, e.g. {@code "node process"}
     */
    static void killAndWait(Process process, String what) {
        process.destroyForcibly();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException(what + " survived SIGKILL for 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a killed " + what, e);
        } finally {
            unregister(process);
        }
    }

    private static void killAll() {
        for (Process process : LIVE) {
            process.destroyForcibly();
        }
    }
}
