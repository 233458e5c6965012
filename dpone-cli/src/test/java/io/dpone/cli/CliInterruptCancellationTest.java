package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Ctrl-C hook's contract, driven directly (no signal is sent): it flips the flag the publisher
 * polls, waits for the command's own document and exit code, and gives up after its grace period.
 */
class CliInterruptCancellationTest {
    @Test
    void aSignalDuringACommandCancelsAndKeepsTheCommandsExitCode() throws Exception {
        List<Integer> halts = new CopyOnWriteArrayList<>();
        InterruptCancellation cancellation = new InterruptCancellation(halts::add, Duration.ofSeconds(30));
        Thread hook = new Thread(cancellation::onShutdown);
        hook.start();
        while (!cancellation.isCancelled()) {
            Thread.onSpinWait();
        }
        assertTrue(hook.isAlive(), "the hook waits for the command");
        assertEquals(List.of(), halts);
        cancellation.finished(ExitCode.WAITING.code());
        hook.join(TimeUnit.SECONDS.toMillis(30));
        assertEquals(List.of(ExitCode.WAITING.code()), halts);
    }

    @Test
    void aCommandThatNeverFinishesLeavesTheSignalsExitToTheJvm() throws Exception {
        List<Integer> halts = new CopyOnWriteArrayList<>();
        InterruptCancellation cancellation = new InterruptCancellation(halts::add, Duration.ofMillis(50));
        cancellation.onShutdown();
        assertTrue(cancellation.isCancelled());
        assertEquals(List.of(), halts);
    }

    @Test
    void aNormalExitHaltsWithTheSameCode() {
        List<Integer> halts = new CopyOnWriteArrayList<>();
        InterruptCancellation cancellation = new InterruptCancellation(halts::add, Duration.ofSeconds(30));
        assertFalse(cancellation.isCancelled());
        cancellation.finished(ExitCode.OK.code());
        cancellation.onShutdown();
        assertEquals(List.of(ExitCode.OK.code()), halts);
    }
}
