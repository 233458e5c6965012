package io.dpone.clickhouse.cluster.contract.phase;

import static io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The allowed-transition table, enumerated over every ordered pair of phases. */
class AuthorityPhaseTest {
    private static final Map<AuthorityPhase, Set<AuthorityPhase>> TABLE = Map.of(
            PREPARED, EnumSet.of(DISPATCHING),
            DISPATCHING, EnumSet.of(DISPATCHING, COMMITTED),
            COMMITTED, EnumSet.of(CLEANUP_DISPATCHING, COMPLETED),
            CLEANUP_DISPATCHING, EnumSet.of(CLEANUP_DISPATCHING, CLEANUP_PENDING, COMPLETED),
            CLEANUP_PENDING, EnumSet.of(CLEANUP_DISPATCHING, COMPLETED),
            COMPLETED, EnumSet.noneOf(AuthorityPhase.class));

    @Test
    void everyPairMatchesTheTable() {
        for (AuthorityPhase from : values()) {
            for (AuthorityPhase to : values()) {
                assertEquals(
                        TABLE.get(from).contains(to),
                        from.sameOperationSuccessors().contains(to),
                        from + " -> " + to);
            }
        }
    }

    @Test
    void onlyCompletedAdmitsANewOperation() {
        for (AuthorityPhase phase : values()) {
            assertEquals(phase == COMPLETED, phase.admitsNewOperation(), phase.name());
        }
    }

    @Test
    void onlyDispatchPhasesStartAnEpoch() {
        for (AuthorityPhase phase : values()) {
            assertEquals(
                    phase == DISPATCHING || phase == CLEANUP_DISPATCHING, phase.startsDispatchEpoch(), phase.name());
        }
    }

    @Test
    void storedTextIsExact() {
        for (AuthorityPhase phase : values()) {
            assertEquals(phase, fromStored(phase.name()));
        }
        assertNull(fromStored("prepared"));
        assertNull(fromStored(null));
        assertNull(fromStored("COMPLETE"));
    }
}
