package io.dpone.testkit.external.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time the whole machine spent busy (Linux {@code /proc/stat}: user, nice, system, irq,
 * softirq, steal over every core), so a phase's CPU seconds count the JVM and both member servers
 * alike. Only meaningful on an otherwise idle machine, which is why the bench prints the load
 * before and after. Divided by the cores it bounds from below how fast that work can run here.
 */
final class MachineCpu {
    /** USER_HZ: the kernel reports {@code /proc/stat} in 1/100 s on every Linux architecture Java runs on. */
    private static final double TICKS_PER_SECOND = 100.0;

    private MachineCpu() {}

    static double busySeconds() {
        try {
            String[] fields =
                    Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                busy += Long.parseLong(fields[i]);
            }
            return busy / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException unreadable) {
            return Double.NaN;
        }
    }
}
