package io.dpone.testkit.schedule;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.MemberStep;
import io.dpone.testkit.simulator.PortEvent;
import io.dpone.testkit.simulator.TableView;
import java.util.Optional;

/**
 * One mode's own invariants, run by {@link InvariantChecker} at the steps it names after the
 * invariants both modes share; each reports through {@link InvariantChecker.Checks#violation}. The
 * checker has re-read the authority rows before every hook that judges them.
 */
public interface ModeInvariants {
    /** A new version of the slot row of {@code operation}: the mode decodes and remembers what it needs. */
    void learned(String operation, VersionedRow row);

    /** Another operation took the slot over from {@code previousHolder}. */
    default void takenOver(String previousHolder) {}

    /** A publication DDL (EXCHANGE or RENAME) of {@code operation} is sent, with a permit checked. */
    default void publicationSent(String operation, PortEvent call) {}

    /** The operation's latest record as the shared cleanup rule reads it; empty when there is none. */
    Optional<CleanupFacts> cleanupFacts(String operation);

    /** A cleanup DROP of {@code operation} is sent, after the shared permit and cleanup checks: the mode's own. */
    default void cleanupSent(String operation, PortEvent call) {}

    /** A port call ended (before the shared checks of its answer). */
    default void answered(CallRecord record) {}

    /** A host is about to drop {@code table} (it exists there) for a queue entry. */
    void hostDrops(HostStep step, TableView table);

    /** A member is about to apply a statement of a direct member session. */
    default void memberApplies(MemberStep step) {}

    /**
     * What a cleanup DROP needs of its operation's record: whether its phase is CLEANUP_DISPATCHING
     * (and the phase's name for the report), its cleanup binding and its publication binding.
     */
    record CleanupFacts(String phase, boolean cleanupDispatching, DdlBinding cleanup, DdlBinding publication) {}
}
