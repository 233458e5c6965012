package io.dpone.clickhouse.external.service;

import io.dpone.spi.publication.Cancellation;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stages every member, at most {@code concurrent} at once on a pool of its own (issue 20: members
 * in parallel, never one after another), or one after another on the caller's thread when only one
 * may run. The first member that does not end READY cancels the others (their loads stop at the
 * next block; nothing sent is replayed or cancelled) and is the result; the call returns only when
 * every member's staging has ended, so no load is left running unobserved. A member's staging that
 * throws is rethrown after the others ended.
 */
final class MemberLanes {
    /** The staging of member {@code index}, polling {@code cancellation} between blocks. */
    @FunctionalInterface
    interface MemberTask {
        MemberResult stage(int index, Cancellation cancellation);
    }

    private static final AtomicInteger POOLS = new AtomicInteger();

    /** The first result that is not READY (in completion order), else the last READY one. */
    MemberResult stageAll(int count, int concurrent, Cancellation outer, MemberTask task) {
        int threads = Math.min(count, Math.max(1, concurrent));
        if (threads <= 1) {
            MemberResult last = null;
            for (int index = 0; index < count; index++) {
                last = task.stage(index, outer);
                if (!(last instanceof MemberResult.Ready)) {
                    return last;
                }
            }
            return last;
        }
        AtomicBoolean stopping = new AtomicBoolean();
        Cancellation cancellation = () -> stopping.get() || outer.isCancelled();
        String name = "dpone-member-staging-" + POOLS.incrementAndGet() + "-";
        AtomicInteger threadNumber = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, name + threadNumber.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        try {
            CompletionService<MemberResult> done = new ExecutorCompletionService<>(pool);
            for (int index = 0; index < count; index++) {
                int member = index;
                done.submit(() -> task.stage(member, cancellation));
            }
            return collect(done, count, stopping);
        } finally {
            pool.shutdown();
        }
    }

    private static MemberResult collect(CompletionService<MemberResult> done, int count, AtomicBoolean stopping) {
        MemberResult first = null;
        MemberResult last = null;
        Throwable thrown = null;
        boolean interrupted = false;
        for (int ended = 0; ended < count; ended++) {
            Future<MemberResult> next;
            while (true) {
                try {
                    next = done.take();
                    break;
                } catch (InterruptedException e) {
                    // the caller is interrupted: stop the loads, but still wait for every one of them
                    interrupted = true;
                    stopping.set(true);
                }
            }
            try {
                last = next.get();
                if (!(last instanceof MemberResult.Ready) && first == null) {
                    first = last;
                    stopping.set(true);
                }
            } catch (ExecutionException e) {
                thrown = thrown == null ? e.getCause() : thrown;
                stopping.set(true);
            } catch (InterruptedException e) {
                throw new IllegalStateException("a completed member staging cannot block", e);
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (thrown instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (thrown instanceof Error error) {
            throw error;
        }
        return first != null ? first : last;
    }
}
