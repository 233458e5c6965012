package io.dpone.clickhouse.cluster.flow;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.spi.publication.ProgressListener;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How long one invocation spent in each step it reported and how much of that was bounded
 * waiting, for the receipt. Every reading comes from the service's own clock port, so on the
 * simulator's virtual clock the numbers are the same on every run. A step begins when the service
 * reports it to its {@link ProgressListener} and ends when the next begins; a wait is one pause of
 * its {@link Sleeper}, measured on the same clock. Both are observed through wrappers, so the
 * protocol code needs no timing calls. Used by one thread.
 */
public final class PhaseTimings {
    /** Waits before the first reported step belong to this phase. */
    static final String START = "start";

    private final Clock clock;
    private final Instant began;
    private final List<Phase> phases = new ArrayList<>();

    public PhaseTimings(Clock clock) {
        this.clock = requireNonNull(clock, "clock is null");
        this.began = clock.instant();
    }

    /** {@code delegate}, also starting a phase on every step it is told about. */
    public ProgressListener observing(ProgressListener delegate) {
        requireNonNull(delegate, "delegate is null");
        return new ProgressListener() {
            @Override
            public void step(String name) {
                phases.add(new Phase(name, clock.instant()));
                delegate.step(name);
            }

            @Override
            public void loaded(long rows, long bytes, long totalBytes) {
                delegate.loaded(rows, bytes, totalBytes);
            }

            @Override
            public void waiting(String what, int attempt, int maxAttempts) {
                delegate.waiting(what, attempt, maxAttempts);
            }
        };
    }

    /** {@code delegate}, also counting every pause against the current phase. */
    public Sleeper observing(Sleeper delegate) {
        requireNonNull(delegate, "delegate is null");
        return duration -> {
            Instant from = clock.instant();
            try {
                delegate.sleep(duration);
            } finally {
                current(from).waited(Duration.between(from, clock.instant()));
            }
        };
    }

    /** {@code {total_ms, phases: [{phase, duration_ms, waited_ms, waits}]}} as of now; JSON-shaped, value-free. */
    public Map<String, Object> receiptField() {
        Instant now = clock.instant();
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < phases.size(); i++) {
            Phase phase = phases.get(i);
            Instant end = i + 1 < phases.size() ? phases.get(i + 1).start : now;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("phase", phase.name);
            row.put("duration_ms", millis(phase.start, end));
            row.put("waited_ms", phase.waited.toMillis());
            row.put("waits", phase.waits);
            rows.add(row);
        }
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("total_ms", millis(began, now));
        field.put("phases", rows);
        return field;
    }

    private Phase current(Instant at) {
        if (phases.isEmpty()) {
            phases.add(new Phase(START, began.isAfter(at) ? at : began));
        }
        return phases.get(phases.size() - 1);
    }

    private static long millis(Instant from, Instant to) {
        return Math.max(0, Duration.between(from, to).toMillis());
    }

    private static final class Phase {
        private final String name;
        private final Instant start;
        private Duration waited = Duration.ZERO;
        private long waits;

        Phase(String name, Instant start) {
            this.name = name;
            this.start = start;
        }

        void waited(Duration pause) {
            waited = waited.plus(pause.isNegative() ? Duration.ZERO : pause);
            waits++;
        }
    }
}
