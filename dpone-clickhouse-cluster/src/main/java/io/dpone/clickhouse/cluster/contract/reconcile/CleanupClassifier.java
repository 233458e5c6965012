package io.dpone.clickhouse.cluster.contract.reconcile;

/**
 * The section 6 cleanup preconditions as a decision. Contract (checked by the testkit's
 * {@code CleanupClassifierContract}): any unknown identity, unavailable member, inexact
 * membership, non-terminal receipt or unresolved cleanup queue never permits a drop or completion.
 * Thread-safe.
 */
@FunctionalInterface
public interface CleanupClassifier {
    CleanupVerdict classify(CleanupFacts facts);
}
