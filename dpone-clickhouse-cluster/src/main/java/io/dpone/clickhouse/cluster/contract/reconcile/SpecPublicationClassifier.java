package io.dpone.clickhouse.cluster.contract.reconcile;

import static io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassification.*;
import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import java.util.Set;

/**
 * The section 5 table, evaluated top to bottom; the first matching row wins and every
 * combination no row covers is OUTCOME_UNKNOWN:
 * <pre>
 *  1 membership inexact                                 -&gt; UNKNOWN (MEMBERSHIP_MISMATCH)
 *  2 any member unavailable                             -&gt; UNKNOWN (MEMBER_UNAVAILABLE)
 *  3 any replica UNKNOWN or CLEANUP_PENDING             -&gt; UNKNOWN (UNKNOWN_IDENTITY)
 *  4 PREPARED, all pending, no entry                    -&gt; DISPATCH_PERMITTED_AFTER_CAS
 *  5 PREPARED, anything else                            -&gt; UNKNOWN (PHASE_MISMATCH / QUEUE_UNRESOLVED)
 *  6 not DISPATCHING/COMMITTED                          -&gt; UNKNOWN (PHASE_MISMATCH)
 *  7 queue NO_ENTRY or UNKNOWN after dispatch           -&gt; UNKNOWN (QUEUE_UNRESOLVED)
 *  8 all committed, terminal                            -&gt; COMMIT_PROVEN_PROCEED_TO_CLEANUP
 *  9 COMMITTED phase, anything else                     -&gt; UNKNOWN (CONTRADICTORY_EVIDENCE)
 * 10 mix, in progress                                   -&gt; PARTIAL_IN_PROGRESS
 * 11 mix, terminal                                      -&gt; PARTIAL_TERMINAL
 * 12 all pending or all committed, in progress          -&gt; IN_PROGRESS
 * 13 all pending, terminal failure                      -&gt; ALL_PENDING_TERMINAL_FAILURE
 * 14 all pending, terminal success                      -&gt; UNKNOWN (CONTRADICTORY_EVIDENCE)
 * </pre>
 * Row 12 is the state machine's InProgress; rows 9 and 14 are contradictions the spec leaves to
 * fail-closed. Stateless and thread-safe given a thread-safe replica classifier.
 */
public final class SpecPublicationClassifier implements PublicationClassifier {
    private final ReplicaStateClassifier replicas;

    public SpecPublicationClassifier(ReplicaStateClassifier replicas) {
        this.replicas = requireNonNull(replicas, "replicas is null");
    }

    @Override
    public PublicationVerdict classify(PublicationFacts facts) {
        requireNonNull(facts, "facts is null");
        ReplicaCensus census =
                ReplicaCensus.take(facts.shapes(), facts.expectedMembers(), facts.observations(), replicas);
        UnknownCause cause = censusCause(census);
        if (cause != null) {
            return unknown(census, cause);
        }
        return decide(census, facts.phase(), facts.queue());
    }

    static UnknownCause censusCause(ReplicaCensus census) {
        if (!census.exactMembership()) {
            return UnknownCause.MEMBERSHIP_MISMATCH;
        }
        if (census.anyUnavailable()) {
            return UnknownCause.MEMBER_UNAVAILABLE;
        }
        Set<ReplicaState> states = census.distinctStates();
        boolean known = Set.of(ReplicaState.PENDING, ReplicaState.COMMITTED).containsAll(states);
        return known ? null : UnknownCause.UNKNOWN_IDENTITY;
    }

    private static PublicationVerdict decide(ReplicaCensus census, AuthorityPhase phase, QueueResult queue) {
        boolean allPending = census.all(ReplicaState.PENDING);
        boolean allCommitted = census.all(ReplicaState.COMMITTED);
        if (phase == AuthorityPhase.PREPARED) {
            if (queue != QueueResult.NO_ENTRY) {
                return unknown(census, UnknownCause.QUEUE_UNRESOLVED);
            }
            return allPending
                    ? verdict(census, DISPATCH_PERMITTED_AFTER_CAS)
                    : unknown(census, UnknownCause.PHASE_MISMATCH);
        }
        if (phase != AuthorityPhase.DISPATCHING && phase != AuthorityPhase.COMMITTED) {
            return unknown(census, UnknownCause.PHASE_MISMATCH);
        }
        if (queue == QueueResult.NO_ENTRY || queue == QueueResult.UNKNOWN) {
            return unknown(census, UnknownCause.QUEUE_UNRESOLVED);
        }
        if (allCommitted && queue.isTerminal()) {
            return verdict(census, COMMIT_PROVEN_PROCEED_TO_CLEANUP);
        }
        if (phase == AuthorityPhase.COMMITTED) {
            return unknown(census, UnknownCause.CONTRADICTORY_EVIDENCE);
        }
        boolean mixed = !allPending && !allCommitted;
        if (mixed) {
            return verdict(census, queue == QueueResult.IN_PROGRESS ? PARTIAL_IN_PROGRESS : PARTIAL_TERMINAL);
        }
        if (queue == QueueResult.IN_PROGRESS) {
            return verdict(census, IN_PROGRESS);
        }
        return queue == QueueResult.TERMINAL_FAILURE
                ? verdict(census, ALL_PENDING_TERMINAL_FAILURE)
                : unknown(census, UnknownCause.CONTRADICTORY_EVIDENCE);
    }

    private static PublicationVerdict verdict(ReplicaCensus census, PublicationClassification classification) {
        return new PublicationVerdict(classification, census.states(), null);
    }

    private static PublicationVerdict unknown(ReplicaCensus census, UnknownCause cause) {
        return new PublicationVerdict(OUTCOME_UNKNOWN, census.states(), cause);
    }
}
