package io.dpone.clickhouse.cluster.contract.inventory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the members that answered a per-member read are exactly the admitted inventory (spec
 * section 1: "A missing, unavailable, duplicated, or unexpected member blocks"). Pure and
 * thread-safe.
 */
public final class MemberCoverage {
    /** The first coverage fault found; stable names for evidence. */
    public enum Gap {
        UNEXPECTED_MEMBER,
        DUPLICATED_MEMBER,
        MISSING_MEMBER
    }

    private MemberCoverage() {}

    /** Empty when {@code answered} holds every expected endpoint exactly once and nothing else. */
    public static Optional<Gap> check(Set<HostEndpoint> expected, List<HostEndpoint> answered) {
        Map<HostEndpoint, Integer> counts = new HashMap<>();
        for (HostEndpoint member : answered) {
            if (!expected.contains(member)) {
                return Optional.of(Gap.UNEXPECTED_MEMBER);
            }
            if (counts.merge(member, 1, Integer::sum) > 1) {
                return Optional.of(Gap.DUPLICATED_MEMBER);
            }
        }
        return counts.size() == expected.size() ? Optional.empty() : Optional.of(Gap.MISSING_MEMBER);
    }
}
