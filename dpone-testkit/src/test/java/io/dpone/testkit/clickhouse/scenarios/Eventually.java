package io.dpone.testkit.clickhouse.scenarios;

import io.dpone.testkit.cluster.MemberQueryException;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Polls a read until it returns the expected value; only for reads, never for mutations. */
final class Eventually {

    private static final long POLL_MILLIS = 100;

    private Eventually() {}

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
            Thread.sleep(POLL_MILLIS);
        }
        return last;
    }

    /** The first read that {@code done} accepts, or the last read when the deadline passed. */
    static <T> T until(Duration deadline, Supplier<T> read, Predicate<T> done) throws InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        T last = read.get();
        while (!done.test(last) && System.nanoTime() < end) {
            Thread.sleep(POLL_MILLIS);
            last = read.get();
        }
        return last;
    }
}
