package io.dpone.testkit.clickhouse.scenarios;

import io.dpone.testkit.cluster.MemberQueryException;
import java.time.Duration;
import java.util.function.Supplier;

/** Polls a read until it returns the expected value; only for reads, never for mutations. */
final class Eventually {

    private Eventually() {
    }

    static String read(Duration deadline, String expected, Supplier<String> read) throws InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        String last = null;
        while (System.nanoTime() < end) {
            try {
                last = read.get();
                if (expected.equals(last)) {
                    return last;
                }
            } catch (MemberQueryException notYet) {
                last = notYet.getMessage();
            }
            Thread.sleep(100);
        }
        return last;
    }
}
