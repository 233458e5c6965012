package io.dpone.clickhouse.cluster.contract.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.contract.inventory.MemberCoverage.Gap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MemberCoverageTest {
    private static final HostEndpoint A = new HostEndpoint("a", 9000);
    private static final HostEndpoint B = new HostEndpoint("b", 9000);
    private static final HostEndpoint C = new HostEndpoint("a", 9001);

    @Test
    void exactlyTheExpectedMembersOnceIsComplete() {
        assertEquals(Optional.empty(), MemberCoverage.check(Set.of(A, B), List.of(B, A)));
    }

    @Test
    void missingDuplicatedAndUnexpectedMembersAreGaps() {
        assertEquals(Optional.of(Gap.MISSING_MEMBER), MemberCoverage.check(Set.of(A, B), List.of(A)));
        assertEquals(Optional.of(Gap.MISSING_MEMBER), MemberCoverage.check(Set.of(A, B), List.of()));
        assertEquals(Optional.of(Gap.DUPLICATED_MEMBER), MemberCoverage.check(Set.of(A, B), List.of(A, A, B)));
        assertEquals(
                Optional.of(Gap.UNEXPECTED_MEMBER),
                MemberCoverage.check(Set.of(A, B), List.of(A, B, C)),
                "same host, other port is another member");
    }
}
