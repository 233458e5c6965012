package io.dpone.testkit.clickhouse.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.testkit.cluster.MemberEndpoint;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A killed container publishes no ports; its member still has an endpoint, the last one, which refuses. */
class LastKnownEndpointTest {

    private static final MemberEndpoint FIRST = new MemberEndpoint("localhost", 32768, 32769);
    private static final MemberEndpoint AFTER_RESTART = new MemberEndpoint("localhost", 32770, 32771);

    @Test
    void keepsTheLastPublishedPortsWhileNoneArePublishedAndFollowsNewOnes() {
        Deque<Optional<MemberEndpoint>> docker = new ArrayDeque<>(List.of(
                Optional.of(FIRST), Optional.empty(), Optional.empty(), Optional.of(AFTER_RESTART), Optional.empty()));
        LastKnownEndpoint endpoint = new LastKnownEndpoint(docker::pop);

        assertEquals(FIRST, endpoint.current());
        assertEquals(FIRST, endpoint.current(), "killed: the last known ports");
        assertEquals(FIRST, endpoint.current());
        assertEquals(AFTER_RESTART, endpoint.current(), "restarted: Docker's new ports");
        assertEquals(AFTER_RESTART, endpoint.current());
    }

    @Test
    void aContainerThatNeverPublishedHasNoEndpoint() {
        LastKnownEndpoint endpoint = new LastKnownEndpoint(Optional::empty);
        assertThrows(IllegalStateException.class, endpoint::current);
    }
}
