package io.dpone.clickhouse.external.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Members staged at once (pure, real threads, no ClickHouse): they really overlap, the first one
 * that stops cancels the others and is the result, and the call returns only after every member's
 * staging ended, also when one throws.
 */
class MemberLanesTest {
    private static final MemberResult READY = new MemberResult.Ready(null);
    private static final MemberResult STOPPED = new MemberResult.Stopped(Ending.of(
            PublicationOutcome.PREPARED,
            DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
            "member 1/2 could not be read"));

    private final MemberLanes lanes = new MemberLanes();

    @Test
    void twoMembersRunAtOnceAndBothMustBeReady() {
        CountDownLatch both = new CountDownLatch(2);
        MemberResult result = lanes.stageAll(2, 4, Cancellation.NEVER, (index, cancellation) -> {
            both.countDown();
            // each waits for the other: only members staged at the same time get past this
            return await(both) ? READY : STOPPED;
        });
        assertSame(READY, result);
    }

    @Test
    void theFirstStopCancelsTheOthersAndWaitsForThemToEnd() {
        List<Integer> ended = new CopyOnWriteArrayList<>();
        AtomicBoolean sawCancellation = new AtomicBoolean();
        MemberResult result = lanes.stageAll(3, 3, Cancellation.NEVER, (index, cancellation) -> {
            if (index == 1) {
                ended.add(index);
                return STOPPED;
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!cancellation.isCancelled() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            sawCancellation.set(cancellation.isCancelled());
            ended.add(index);
            return READY;
        });
        assertSame(STOPPED, result);
        assertTrue(sawCancellation.get(), "a sibling's load is cancelled, not abandoned");
        assertEquals(3, ended.size(), "every member's staging ended before the call returned");
    }

    @Test
    void aThrowingMemberIsRethrownAfterTheOthersEnded() {
        List<Integer> ended = new CopyOnWriteArrayList<>();
        IllegalStateException thrown = assertThrows(
                IllegalStateException.class,
                () -> lanes.stageAll(2, 2, Cancellation.NEVER, (index, cancellation) -> {
                    if (index == 0) {
                        throw new IllegalStateException("boom");
                    }
                    while (!cancellation.isCancelled()) {
                        Thread.onSpinWait();
                    }
                    ended.add(index);
                    return READY;
                }));
        assertEquals("boom", thrown.getMessage());
        assertEquals(List.of(1), ended);
    }

    @Test
    void oneLaneStagesMembersInOrderOnTheCallersThreadAndStopsAtTheFirstStop() {
        Thread caller = Thread.currentThread();
        List<Integer> staged = new CopyOnWriteArrayList<>();
        MemberResult result = lanes.stageAll(3, 1, Cancellation.NEVER, (index, cancellation) -> {
            assertSame(caller, Thread.currentThread());
            staged.add(index);
            return index == 1 ? STOPPED : READY;
        });
        assertInstanceOf(MemberResult.Stopped.class, result);
        assertEquals(List.of(0, 1), staged);
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
