package io.dpone.clickhouse.cluster.engine;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
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
 * facts, record builder, stable codes and inventory fence. One instance serves one invocation; it
 * holds that invocation's admitted members and evidence.
 *
 * @param <V> the mode's record version (what a CAS expects)
 * @param <E> the mode's ending
 */
public interface PublicationDriver<V, E> {
    /** The checks right before the dispatch CAS; a result present ends or redirects this step. */
    Optional<StepResult<V, E>> revalidate(V prepared);

    /** Reports the progress step {@code name} to the caller's listener. */
    void progress(String name);

    /** Adds one line to the invocation's evidence. */
    void note(String step);

    /** The one CAS from the pre-dispatch phase to the dispatching phase, opening an epoch. */
    DispatchCas<V, E> openDispatch(V prepared);

    /** Sends the one publication statement the record names, under {@code permit}. */
    DdlDispatch send(V dispatching, DispatchPermit permit);

    /**
     * Empty while {@code current} is in the dispatching phase; otherwise where the step goes: the
     * next phase's record, or an ending for a record the dispatch CAS never moved.
     */
    Optional<StepResult<V, E>> outsideDispatching(V current);

    /** The mode's inventory fence: an ending when the members changed since the record was bound. */
    Optional<E> fence(V dispatching);

    /** Whether the record already names the queue entry carrying its publication token. */
    boolean entryBound(V dispatching);

    /** Looks for the one queue entry carrying the publication token. */
    QueueBinding bind(V dispatching);

    /** Persists the bound entry in the record (one CAS). */
    StepResult<V, E> persistEntry(V dispatching, BoundEntry entry);

    /** Reads every host's state of the bound entry and keeps it as evidence. */
    EntryAggregation read(V dispatching);

    /** Classifies what every member shows with {@code queue}, keeping the classification as evidence. */
    PublicationVerdict classify(V dispatching, QueueResult queue);

    /** Persists the proven commit and its per-host receipt (one CAS). */
    StepResult<V, E> commit(V dispatching, QueueStatus outcome);

    /** Waits before the next look at a running entry; false when the bounded wait is over or cancelled. */
    boolean pause(int attempt);

    // The mode's endings (outcome, stable code, runbook words), one per way the engine ends.

    /** The publication statement provably did not reach the server; the record stays dispatching, never redispatched. */
    E notSent();

    /** The permit expired between the dispatch CAS and the send: nothing was sent. */
    E permitExpired();

    /** No single queue entry carries the publication token of {@code dispatching}. */
    E unbound(V dispatching, QueueResolution.Cause cause);

    /** The entry still runs on some members and the bounded wait ended. */
    E stillRunning();

    /** The entry finished everywhere but only some members committed. */
    E terminalPartial();

    /** The entry failed on every member and no member changed. */
    E allFailed();

    /** The evidence proves no state. */
    E unproven(PublicationVerdict verdict);

    /**
     * What the CAS that opens a dispatch epoch left: a permit to send once, a record another worker of
     * the operation wrote (reconcile what it sent, never send), or the ending that stopped the
     * invocation.
     *
     * @param <V> the mode's record version
     * @param <E> the mode's ending
     */
    sealed interface DispatchCas<V, E> {
        record Granted<V, E>(V current, DispatchPermit permit) implements DispatchCas<V, E> {
            public Granted {
                requireNonNull(current, "current is null");
                requireNonNull(permit, "permit is null");
            }
        }

        record Joined<V, E>(V current) implements DispatchCas<V, E> {
            public Joined {
                requireNonNull(current, "current is null");
            }
        }

        record Stopped<V, E>(E ending) implements DispatchCas<V, E> {
            public Stopped {
                requireNonNull(ending, "ending is null");
            }
        }
    }
}
