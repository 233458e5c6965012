package io.dpone.clickhouse.cluster.contract.reconcile;

/**
 * The aggregate section 5 classifier. Contract (checked by the testkit's
 * {@code PublicationClassifierContract}): total; any unknown identity, unavailable member, inexact
 * membership or unknown queue result yields OUTCOME_UNKNOWN; dispatch only from all-pending
 * PREPARED with no entry; cleanup only from all-committed with a terminal exact-host-set entry.
 * Thread-safe.
 */
@FunctionalInterface
public interface PublicationClassifier {
    PublicationVerdict classify(PublicationFacts facts);
}
