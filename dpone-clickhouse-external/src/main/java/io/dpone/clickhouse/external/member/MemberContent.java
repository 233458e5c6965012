package io.dpone.clickhouse.external.member;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;

/** What re-observing one member candidate's rows proved. Callers must switch over every variant. */
public sealed interface MemberContent {
    /** Every row was read back, decoded as its column type, and digested. */
    record Observed(long rows, Digest contentDigest) implements MemberContent {
        public Observed {
            requireNonNull(contentDigest, "contentDigest is null");
        }
    }

    /** The candidate holds more rows than the content budget: it cannot be the artifact. */
    record OverBudget(long budget) implements MemberContent {}

    /** A value read back is not a valid text form of its column type (row and column by number only). */
    record Undecodable(long row, int column) implements MemberContent {}
}
