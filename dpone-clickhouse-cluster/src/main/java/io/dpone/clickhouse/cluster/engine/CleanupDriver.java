package io.dpone.clickhouse.cluster.engine;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.spi.error.DponeErrorCode;
import java.util.Optional;

/**
 * One mode's side of {@link Cleanup} for one invocation, as Curator's {@code LockInternalsDriver}
 * is a lock's: the mode's records and record builder, its drop statement, the facts its
 * classifier judges, its error codes and its inventory fence. The engine decides; the driver only
 * answers, and never writes the slot or sends a statement itself.
 *
 * @param <R> the mode's record schema
 */
public interface CleanupDriver<R extends SlotRecord> {
    // the mode's records

    boolean completed(R record);

    /** The recorded cleanup drop, or null before the first one. */
    DdlBinding cleanup(R record);

    /** True when the record marks its unbound drop lost ({@link LostDrop}). */
    boolean dropLost(R record);

    // statements, reads and classifier facts

    /** The fenced {@code DROP TABLE IF EXISTS ... ON CLUSTER} of the record's current epoch and token. */
    FencedDdl drop(R record);

    /** One read of the bound drop entry over the admitted hosts. */
    EntryAggregation read(DdlBinding bound);

    /** The section 6 verdict (spec 000) or its external counterpart, from the mode's facts; records the classification. */
    CleanupVerdict classify(R record, QueueResult dropQueue, boolean dropLost);

    /** Records what a completed cleanup left, for the receipt. */
    void reportCompleted(R record);

    // the record builder (each stamps the injected clock)

    R completedRecord(R record, QueueStatus dropReceipt);

    /** The record persisting a terminal earlier drop's receipt before a new epoch, when the mode needs one. */
    Optional<R> receiptBeforeRedrop(R record, EntryAggregation previousDrop);

    /** Whether the drop goes on from the receipt write's result, or the engine decides again on it. */
    boolean dropsAfterReceipt(SlotWrites.Step.Advanced<R> receipted);

    R dispatching(R record);

    R bound(R record, BoundEntry entry);

    R lost(R record);

    // error codes and endings

    /** Empty when the inventory is the recorded one; else the ending that sends nothing. */
    Optional<Ending> inventoryFence(R record);

    /** The ending when cancellation stops the invocation after {@code verdict}, if the mode stops there. */
    Optional<Ending> cancelledAfter(CleanupVerdict verdict);

    /** The code of "cleanup is not finished yet; run again". */
    DponeErrorCode unfinishedCode();

    Ending prohibited(UnknownCause cause);

    /** No single queue entry carries the drop's token (two, an unreadable queue, a changed query, a cancelled wait). */
    Ending unresolved(QueueResolution.Cause cause);
}
