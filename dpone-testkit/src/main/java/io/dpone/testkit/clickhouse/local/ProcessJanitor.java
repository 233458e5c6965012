package io.dpone.testkit.clickhouse.local;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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

    private ProcessJanitor() {
    }

    static void register(Process process) {
        LIVE.add(process);
    }

    static void unregister(Process process) {
        LIVE.remove(process);
    }

    private static void killAll() {
        for (Process process : LIVE) {
            process.destroyForcibly();
        }
    }
}
