package io.dpone.clickhouse.cluster.engine;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import java.util.Optional;

/**
 * What one mode supplies to the {@link PublicationEngine} for one invocation (as Curator's
 * {@code LockInternalsDriver} does for its lock): the mode's record schema, statements, classifier
 * facts, record builder, stable codes and inventory fence. It proposes the record each of the
 * engine's three writes carries (dispatching, entry bound, committed) and never writes the slot
 * itself: the engine decides every write's outcome the same way in both modes. One instance
 * serves one invocation; it holds that invocation's admitted members and evidence.
 *
 * @param <R> the mode's record schema
 */
public interface PublicationDriver<R extends SlotRecord> {
    /** The checks right before the dispatch CAS; a result present ends or redirects this step. */
    Optional<StepResult<R>> revalidate(SlotVersion<R> prepared);

    /**
     * The record of the one CAS from the pre-dispatch phase to the dispatching phase, which opens an
     * epoch: the engine sends only under the permit of that write, never after a re-read.
     */
    R dispatching(SlotVersion<R> prepared);

    /** Sends the one publication statement the record names, under {@code permit}. */
    DdlDispatch send(SlotVersion<R> dispatching, DispatchPermit permit);

    /**
     * Empty while {@code current} is in the dispatching phase; otherwise where the step goes: the
     * next phase's record, or an ending for a record the dispatch CAS never moved.
     */
    Optional<StepResult<R>> outsideDispatching(SlotVersion<R> current);

    /** The mode's inventory fence: an ending when the members changed since the record was bound. */
    Optional<Ending> fence(SlotVersion<R> dispatching);

    /** Whether the record already names the queue entry carrying its publication token. */
    boolean entryBound(SlotVersion<R> dispatching);

    /** Looks for the one queue entry carrying the publication token. */
    QueueBinding bind(SlotVersion<R> dispatching);

    /** The record that persists the bound entry (the engine writes it in one CAS). */
    R bound(SlotVersion<R> dispatching, BoundEntry entry);

    /** Reads every host's state of the bound entry. */
    EntryAggregation read(SlotVersion<R> dispatching);

    /** Classifies what every member shows with {@code queue}, keeping the classification as evidence. */
    PublicationVerdict classify(SlotVersion<R> dispatching, QueueResult queue);

    /** The record of the proven commit with its per-host receipt (the engine writes it in one CAS). */
    R committed(SlotVersion<R> dispatching, QueueStatus outcome);

    // The mode's endings (outcome, stable code, runbook words), one per way the engine ends.

    /** The publication statement provably did not reach the server; the record stays dispatching, never redispatched. */
    Ending notSent();

    /** The permit expired between the dispatch CAS and the send: nothing was sent. */
    Ending permitExpired();

    /** No single queue entry carries the publication token of {@code dispatching}. */
    Ending unbound(SlotVersion<R> dispatching, QueueResolution.Cause cause);

    /** The entry still runs on some members and the bounded wait ended. */
    Ending stillRunning();

    /** The entry finished everywhere but only some members committed. */
    Ending terminalPartial();

    /** The entry failed on every member and no member changed. */
    Ending allFailed();

    /** The evidence proves no state. */
    Ending unproven(PublicationVerdict verdict);
}
