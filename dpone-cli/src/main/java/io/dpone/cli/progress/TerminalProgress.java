package io.dpone.cli.progress;

import static java.util.Objects.requireNonNull;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.Supplier;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Shows a publisher's progress on a terminal's stderr with progressbar (me.tongfei): one line at a
 * time, for the current step, the load (bytes against the declared total, with the row count) or a
 * bounded wait ({@code waiting for replication (attempt 2/5)}). Texts come from the publisher's fixed
 * step names and counts, never values. The bar renders at a fixed width through this class's
 * consumer, so jline never probes the terminal (its probe logs warnings on the module path).
 * Called from the publishing thread; progressbar renders on its own daemon thread.
 */
public final class TerminalProgress implements ProgressDisplay {
    private static final int UPDATE_MILLIS = 250;

    private final PrintWriter err;
    private final int width;
    private ProgressBar bar;
    private LineConsumer line;
    private String shown = "";

    private TerminalProgress(PrintWriter err, int width) {
        this.err = requireNonNull(err, "err is null");
        this.width = width;
    }

    /** A display writing to {@code err}, {@code width} columns wide. */
    public static TerminalProgress on(PrintWriter err, int width) {
        if (width < 20) {
            throw new IllegalArgumentException("a progress line needs at least 20 columns");
        }
        return new TerminalProgress(err, width);
    }

    @Override
    public synchronized void step(String name) {
        show(
                "step:" + name,
                () -> builder(name)
                        .setRenderer((state, max) ->
                                fit(state.getTaskName() + " ... " + elapsed(state.getTotalElapsed()), max)));
    }

    @Override
    public synchronized void loaded(long rows, long bytes, long totalBytes) {
        show("load", () -> builder("load").setUnit(" KiB", 1024).showSpeed().setInitialMax(totalBytes));
        if (totalBytes >= 0) {
            bar.maxHint(totalBytes);
        }
        bar.stepTo(bytes);
        bar.setExtraMessage(" " + rows + " rows");
    }

    @Override
    public synchronized void waiting(String what, int attempt, int maxAttempts) {
        show(
                "wait:" + what,
                () -> builder("waiting for " + what)
                        .setInitialMax(Math.max(maxAttempts, 1))
                        .hideEta());
        bar.stepTo(attempt);
        bar.setExtraMessage(" (attempt " + attempt + "/" + maxAttempts + ")");
    }

    /** Ends the current line; later output starts on a line of its own. */
    @Override
    public synchronized void close() {
        if (bar != null) {
            bar.close();
            line.end();
            bar = null;
            line = null;
            shown = "";
        }
    }

    private void show(String kind, Supplier<ProgressBarBuilder> builder) {
        if (bar != null && shown.equals(kind)) {
            return;
        }
        close();
        line = new LineConsumer(err, width);
        bar = builder.get().setConsumer(line).build();
        shown = kind;
    }

    private ProgressBarBuilder builder(String task) {
        return new ProgressBarBuilder()
                .setTaskName(task)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(UPDATE_MILLIS)
                .continuousUpdate();
    }

    /** Exactly {@code max} columns, so a shorter render overwrites the whole previous one. */
    private static String fit(String text, int max) {
        return text.length() >= max ? text.substring(0, max) : text + " ".repeat(max - text.length());
    }

    private static String elapsed(Duration duration) {
        long seconds = duration.toSeconds();
        return String.format("%d:%02d", seconds / 60, seconds % 60);
    }

    /**
     * Rewrites one stderr line per render. progressbar does not close the consumer of a bar closed
     * before its first scheduled render, so the display ends the line itself, exactly once.
     */
    private static final class LineConsumer extends DelegatingProgressBarConsumer {
        private final PrintWriter err;
        private boolean open;

        LineConsumer(PrintWriter err, int width) {
            super(
                    text -> {
                        err.print('\r' + text);
                        err.flush();
                    },
                    width - 1);
            this.err = err;
        }

        @Override
        public synchronized void accept(String text) {
            super.accept(text);
            open = true;
        }

        @Override
        public synchronized void close() {
            end();
        }

        synchronized void end() {
            if (open) {
                err.println();
                err.flush();
                open = false;
            }
        }
    }
}
