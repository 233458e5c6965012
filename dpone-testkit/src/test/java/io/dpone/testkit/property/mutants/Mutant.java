package io.dpone.testkit.property.mutants;

import java.util.List;

/**
 * The deliberately wrong implementations of the core's property suites, one per suite (external mode's codec
 * suite has its own in that mode's tests, ExternalSchemaMutantTest), each with the properties
 * aimed at its bug, the rule those properties must name when they catch it and a field of the
 * offending values the message must show.
 */
enum Mutant {
    LENIENT_CODE_NORMALIZER(
            LenientCodeNormalizerMutant.class,
            List.of("agreesWithThePinnedTable"),
            "rule: the pinned queue table",
            "exception_code=\""),
    MISSING_HOST_AGGREGATOR(
            MissingHostAggregatorMutant.class,
            List.of("agreesWithTheExactHostSetOracle"),
            "rule: exact expected host set",
            "expectedHosts="),
    OBSERVED_MEMBERS_CLASSIFIER(
            ObservedMembersClassifierMutant.class,
            List.of("anyHazardIsOutcomeUnknownAndPermitsNothing"),
            "rule (spec 5): an unknown identity, unavailable member, partial host set or unknown queue result",
            "hazards="),
    IGNORES_REPLICATION_HEALTH_CLEANUP(
            IgnoresReplicationHealthCleanupMutant.class,
            List.of("dropNeedsAHealthyCommittedPublicationAndOnlyPredecessorCopies"),
            "rule (spec 6): a drop needs complete replication health",
            "replicationHealthy=false"),
    EPOCHLESS_TOKEN(
            EpochlessTokenMutant.class,
            List.of("oneOperationNeverReusesATokenAcrossActionsOrEpochs"),
            "rule (spec 4/6): each action and dispatch epoch of an operation has its own token",
            " epoch "),
    CONCATENATED_TARGET_KEY(
            ConcatenatedTargetKeyMutant.class,
            List.of("shiftingTextBetweenFieldsChangesTheKey"),
            "rule (spec 3): moving text between the cluster, database and table fields changes the target key",
            "QualifiedTarget[cluster="),
    MISSING_REPLICA_GENERATION(
            MissingReplicaGenerationMutant.class,
            List.of("agreesWithTheSpecOracle"),
            "rule (spec 2, after staging)",
            "candidate="),
    CHECKSUM_BLIND_CODEC(
            ChecksumBlindCodecMutant.class,
            List.of("everySingleColumnMutationIsBlocked"),
            "rule: a change to any one stored column of an encoded row is Blocked",
            "payloadSha256=");

    final Class<?> suite;
    final List<String> properties;
    final String rule;
    final String shownField;

    Mutant(Class<?> suite, List<String> properties, String rule, String shownField) {
        this.suite = suite;
        this.properties = properties;
        this.rule = rule;
        this.shownField = shownField;
    }
}
