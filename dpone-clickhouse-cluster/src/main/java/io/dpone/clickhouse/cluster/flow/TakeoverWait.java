package io.dpone.clickhouse.cluster.flow;

import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The look for another worker's cleanup entry before this worker declares its drop lost (ADR 0007,
 * "Takeover waits out the permit"; issue 18 finding 2), shared by both modes: the visibility wait;
 * when no entry is visible, the permit's whole maximum age, then one more whole visibility wait.
 * The holder of that epoch's permit may be frozen right before its send; its permit was issued
 * before the CAS this worker read, so once {@code permitMaxAge} (read from the port that issues the
 * permits) has passed here its age check refuses it, and a drop that passed the check earlier has
 * the second wait to appear.
 */
public final class TakeoverWait {
    private TakeoverWait() {}

    /** The binding after those waits; {@code CANCELLED} when the permit-age wait was cut short. */
    public static QueueBinding bind(
            QueueEntryResolver queue,
            Waits waits,
            ExpectedDdl expected,
            Duration permitMaxAge,
            Consumer<String> evidence) {
        QueueBinding first = queue.bind(expected);
        if (!(first instanceof QueueBinding.Unbound unbound) || unbound.cause() != QueueResolution.Cause.NO_ENTRY) {
            return first;
        }
        evidence.accept("cleanup entry not visible; waiting out the dispatch permit's age before declaring it lost");
        if (!waits.pause("cleanup permit age", 1, new BoundedWait(2, permitMaxAge, permitMaxAge))) {
            return new QueueBinding.Unbound(QueueResolution.Cause.CANCELLED);
        }
        return queue.bind(expected);
    }

    /**
     * The same bound without a queue entry to look for (ADR 0008, "A late CREATE of a superseded
     * attempt"): a successor about to sweep a finished predecessor's attempts waits {@code V + A + V}
     * from its observation of that record, {@code V} the whole visibility wait, {@code A} the
     * {@link io.dpone.clickhouse.cluster.authority.AgeBound} of every such statement (read from the
     * port that issues it). A statement that passed its age check did so before the observation plus
     * {@code A}, and has one more whole {@code V} to land before the sweep. False when cancelled.
     */
    public static boolean outlast(
            Waits waits, BoundedWait visibility, Duration permitMaxAge, Consumer<String> evidence) {
        Duration whole = visibility.totalPause().multipliedBy(2).plus(permitMaxAge);
        evidence.accept(
                "a late statement of the predecessor may still land; waiting out its age bound before the sweep");
        return waits.pause("predecessor statement age", 1, new BoundedWait(2, whole, whole));
    }
}
