package io.dpone.clickhouse.cluster.contract.reconcile;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.Set;

/**
 * Section 6, evaluated top to bottom:
 * <pre>
 * membership inexact / member unavailable / any UNKNOWN replica        -&gt; PROHIBITED
 * publication receipt not terminal                                      -&gt; PROHIBITED
 * absent target: COMMITTED phase, all COMMITTED, no cleanup entry       -&gt; NOTHING_TO_CLEAN
 * existing target, COMMITTED: all COMMITTED, no entry, healthy          -&gt; DISPATCH_PERMITTED_AFTER_CAS
 * existing target, CLEANUP_*: any PENDING replica                       -&gt; PROHIBITED
 * existing target, CLEANUP_*: cleanup entry IN_PROGRESS                 -&gt; WAIT_FOR_CLEANUP_ENTRY
 * existing target, CLEANUP_PENDING: previous drop LOST, healthy         -&gt; REDISPATCH_PERMITTED_AFTER_CAS
 * existing target, CLEANUP_*: all CLEANUP_PENDING, entry terminal       -&gt; CLEANUP_VERIFIED
 * existing target, CLEANUP_*: some COMMITTED, entry terminal, healthy   -&gt; REDISPATCH_PERMITTED_AFTER_CAS
 * everything else (unknown or absent cleanup entry, other phases)       -&gt; PROHIBITED
 * </pre>
 * Redispatch is monotonic only because every remaining candidate still has the exact predecessor
 * identity (COMMITTED) and every other member shows a clean absence (CLEANUP_PENDING). A lost drop
 * response is first reconciled to a terminal entry; an unresolved entry never licenses a drop. A
 * drop the record marks LOST (never sent, or no entry carries its token) is redispatched under
 * the same monotonic condition even when every member already shows absence: completion needs a
 * terminal drop receipt, which a lost drop never gives, and a no-op {@code DROP ... IF EXISTS} does.
 */
public final class SpecCleanupClassifier implements CleanupClassifier {
    private final ReplicaStateClassifier replicas;

    public SpecCleanupClassifier(ReplicaStateClassifier replicas) {
        this.replicas = requireNonNull(replicas, "replicas is null");
    }

    @Override
    public CleanupVerdict classify(CleanupFacts facts) {
        requireNonNull(facts, "facts is null");
        ReplicaCensus census =
                ReplicaCensus.take(facts.shapes(), facts.expectedMembers(), facts.observations(), replicas);
        UnknownCause cause = censusCause(census);
        if (cause == null && !facts.publicationReceipt().isTerminal()) {
            cause = UnknownCause.QUEUE_UNRESOLVED;
        }
        if (cause != null) {
            return new CleanupVerdict(CleanupDecision.PROHIBITED, census.states(), cause);
        }
        CleanupDecision decision = facts.shapes().absentTarget() ? absent(census, facts) : existing(census, facts);
        return decision == CleanupDecision.PROHIBITED
                ? new CleanupVerdict(decision, census.states(), prohibitionCause(census, facts))
                : new CleanupVerdict(decision, census.states(), null);
    }

    private static UnknownCause censusCause(ReplicaCensus census) {
        if (!census.exactMembership()) {
            return UnknownCause.MEMBERSHIP_MISMATCH;
        }
        if (census.anyUnavailable()) {
            return UnknownCause.MEMBER_UNAVAILABLE;
        }
        return census.distinctStates().contains(ReplicaState.UNKNOWN) ? UnknownCause.UNKNOWN_IDENTITY : null;
    }

    private static CleanupDecision absent(ReplicaCensus census, CleanupFacts facts) {
        boolean done = facts.phase() == AuthorityPhase.COMMITTED
                && census.all(ReplicaState.COMMITTED)
                && facts.cleanupQueue() == QueueResult.NO_ENTRY;
        return done ? CleanupDecision.NOTHING_TO_CLEAN : CleanupDecision.PROHIBITED;
    }

    private static CleanupDecision existing(ReplicaCensus census, CleanupFacts facts) {
        QueueResult queue = facts.cleanupQueue();
        if (facts.phase() == AuthorityPhase.COMMITTED) {
            boolean ready =
                    census.all(ReplicaState.COMMITTED) && queue == QueueResult.NO_ENTRY && facts.replicationHealthy();
            return ready ? CleanupDecision.DISPATCH_PERMITTED_AFTER_CAS : CleanupDecision.PROHIBITED;
        }
        if (facts.phase() != AuthorityPhase.CLEANUP_DISPATCHING && facts.phase() != AuthorityPhase.CLEANUP_PENDING) {
            return CleanupDecision.PROHIBITED;
        }
        // Only exact predecessor copies or clean absences may remain once a drop was dispatched.
        boolean monotonic =
                Set.of(ReplicaState.COMMITTED, ReplicaState.CLEANUP_PENDING).containsAll(census.distinctStates());
        if (!monotonic) {
            return CleanupDecision.PROHIBITED;
        }
        if (queue == QueueResult.IN_PROGRESS) {
            return CleanupDecision.WAIT_FOR_CLEANUP_ENTRY;
        }
        if (queue == QueueResult.LOST) {
            boolean recorded = facts.phase() == AuthorityPhase.CLEANUP_PENDING;
            return recorded && facts.replicationHealthy()
                    ? CleanupDecision.REDISPATCH_PERMITTED_AFTER_CAS
                    : CleanupDecision.PROHIBITED;
        }
        if (!queue.isTerminal()) {
            return CleanupDecision.PROHIBITED;
        }
        if (census.all(ReplicaState.CLEANUP_PENDING)) {
            return CleanupDecision.CLEANUP_VERIFIED;
        }
        return facts.replicationHealthy() ? CleanupDecision.REDISPATCH_PERMITTED_AFTER_CAS : CleanupDecision.PROHIBITED;
    }

    private static UnknownCause prohibitionCause(ReplicaCensus census, CleanupFacts facts) {
        if (census.distinctStates().contains(ReplicaState.PENDING)) {
            return UnknownCause.CONTRADICTORY_EVIDENCE;
        }
        if (facts.cleanupQueue() == QueueResult.UNKNOWN
                || facts.cleanupQueue() == QueueResult.LOST && facts.phase() != AuthorityPhase.CLEANUP_PENDING) {
            return UnknownCause.QUEUE_UNRESOLVED;
        }
        if (!facts.replicationHealthy()) {
            return UnknownCause.REPLICATION_NOT_READY;
        }
        return UnknownCause.PHASE_MISMATCH;
    }
}
