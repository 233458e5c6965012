package io.dpone.spi.decision;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StaticDecisionTest {
    private static final Blocker BLOCKER = new Blocker(DponeErrorCode.PUBLICATION_PROVIDER_UNAVAILABLE, "absent");
    private static final Optional<ReplicationMode> INTERNAL = Optional.of(ReplicationMode.INTERNAL);

    @Test
    void aDecisionCanNeverAllowAFallback() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new StaticDecision(true, true, "cluster_internal", INTERNAL, true, false, List.of()));
    }

    @Test
    void aBlockedRequestCannotBeSelected() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new StaticDecision(true, true, "cluster_internal", INTERNAL, true, true, List.of(BLOCKER)));
    }

    @Test
    void aClusterRequestCannotBeRelabelledLocalOrTheOtherMode() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new StaticDecision(true, false, "local", INTERNAL, true, true, List.of(BLOCKER)));
        assertThrows(
                IllegalArgumentException.class,
                () -> new StaticDecision(true, false, "cluster_external", INTERNAL, true, true, List.of(BLOCKER)));
    }

    @Test
    void aClusterRequestAlwaysNeedsRuntimeAdmission() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new StaticDecision(true, true, "cluster_internal", INTERNAL, false, true, List.of()));
    }

    @Test
    void blockerMessagesAreBounded() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new Blocker(DponeErrorCode.PUBLICATION_PROVIDER_UNAVAILABLE, "x".repeat(301)));
        assertThrows(
                IllegalArgumentException.class,
                () -> new Blocker(DponeErrorCode.PUBLICATION_PROVIDER_UNAVAILABLE, " "));
    }
}
