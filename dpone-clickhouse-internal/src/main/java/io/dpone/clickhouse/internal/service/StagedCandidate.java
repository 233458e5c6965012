package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;

/**
 * A candidate that passed the readiness barrier and the section 2 rules on every member, ready to
 * be bound in a PREPARED record.
 *
 * @param predecessor the target generation it will replace, or null for an absent target
 */
record StagedCandidate(GenerationIdentity predecessor, GenerationIdentity desired, long rows) {
    StagedCandidate {
        requireNonNull(desired, "desired is null");
    }
}
