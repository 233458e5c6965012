package io.dpone.testkit.external.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Two views of the heap per phase, each reset by {@link #phase()}:
 * <ul>
 *   <li>peak used: total minus free, sampled every millisecond (as bench/seal.sh's sampler); it
 *       includes garbage not yet collected, so it mostly shows the young generation filling;</li>
 *   <li>peak live: the largest heap in use right after any collection during the phase, i.e. what
 *       the phase actually kept reachable at those points. This is the figure that would grow if
 *       a phase held per-row state.</li>
 * </ul>
 */
final class HeapSampler extends Thread {
    /** One phase's figures, in MiB. */
    record Peaks(double used, double live) {}

    private volatile boolean running = true;
    private volatile long used;
    private volatile long live;

    HeapSampler() {
        super("heap-sampler");
        setDaemon(true);
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) collector)
                    .addNotificationListener(
                            (notification, handback) -> {
                                if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                                        notification.getType())) {
                                    long after = 0;
                                    GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                                            (CompositeData) notification.getUserData());
                                    for (MemoryUsage pool : info.getGcInfo()
                                            .getMemoryUsageAfterGc()
                                            .values()) {
                                        after += pool.getUsed();
                                    }
                                    synchronized (this) {
                                        live = Math.max(live, after - nonHeap(info));
                                    }
                                }
                            },
                            null,
                            null);
        }
    }

    /** Code cache and metaspace are reported with the heap pools; only heap pools count. */
    private static long nonHeap(GarbageCollectionNotificationInfo info) {
        long nonHeap = 0;
        for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.NON_HEAP) {
                MemoryUsage usage = info.getGcInfo().getMemoryUsageAfterGc().get(pool.getName());
                if (usage != null) {
                    nonHeap += usage.getUsed();
                }
            }
        }
        return nonHeap;
    }

    @Override
    public void run() {
        Runtime runtime = Runtime.getRuntime();
        while (running) {
            long now = runtime.totalMemory() - runtime.freeMemory();
            if (now > used) {
                used = now;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The peaks since the previous call (or since start); starts the next phase. */
    synchronized Peaks phase() {
        Peaks peaks = new Peaks(used / 1048576.0, live / 1048576.0);
        Runtime runtime = Runtime.getRuntime();
        used = runtime.totalMemory() - runtime.freeMemory();
        live = 0;
        return peaks;
    }

    void finish() {
        running = false;
        interrupt();
    }
}
