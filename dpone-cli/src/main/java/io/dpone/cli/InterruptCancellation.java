package io.dpone.cli;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.publication.Cancellation;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

/**
 * Ctrl-C (SIGINT) or SIGTERM while a command runs: the JVM starts its shutdown, this hook flips the
 * flag the publisher polls, and then waits (at most {@link #GRACE}) for the command to reach a safe
 * point and print its document, so the person sees where the operation stands. Cancellation only
 * stops waiting: it never cancels or replays a statement that may already have been sent. The
 * process then ends with the command's documented exit code; after the grace period it ends with
 * the signal's status (130 for SIGINT) and no document.
 */
public final class InterruptCancellation implements Cancellation {
    public static final Duration GRACE = Duration.ofSeconds(60);

    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final CountDownLatch finished = new CountDownLatch(1);
    private final IntConsumer halt;
    private final Duration grace;
    private volatile int exitCode;

    InterruptCancellation(IntConsumer halt, Duration grace) {
        this.halt = requireNonNull(halt, "halt is null");
        this.grace = requireNonNull(grace, "grace is null");
    }

    /** Registers the shutdown hook of this process. */
    public static InterruptCancellation install() {
        InterruptCancellation cancellation =
                new InterruptCancellation(code -> Runtime.getRuntime().halt(code), GRACE);
        Runtime.getRuntime().addShutdownHook(new Thread(cancellation::onShutdown, "dpone-cancellation"));
        return cancellation;
    }

    @Override
    public boolean isCancelled() {
        return cancelled.get();
    }

    /** The command returned {@code exit} and its streams are flushed. */
    public void finished(int exit) {
        exitCode = exit;
        finished.countDown();
    }

    /**
     * The hook's body. A normal {@code System.exit} also runs it; the command has finished by then
     * and halting with its own exit code changes nothing. After a signal, {@code System.exit} in the
     * main thread blocks for the rest of the shutdown, so only a halt here can keep the command's
     * exit code instead of the signal's.
     */
    void onShutdown() {
        cancelled.set(true);
        try {
            if (finished.await(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                halt.accept(exitCode);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
