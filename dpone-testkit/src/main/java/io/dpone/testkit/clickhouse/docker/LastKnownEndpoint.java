package io.dpone.testkit.clickhouse.docker;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.cluster.MemberEndpoint;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A member's endpoint as Docker publishes it now, or, while the container is stopped (killed)
 * and publishes no ports, the last one it published. A client of a killed member then gets what
 * a client of a dead server gets, a refused connection, instead of an exception from the harness.
 * Docker may publish new ports after a restart, so the published ports are read on every call.
 */
final class LastKnownEndpoint {

    private final Supplier<Optional<MemberEndpoint>> published;
    private MemberEndpoint last;

    LastKnownEndpoint(Supplier<Optional<MemberEndpoint>> published) {
        this.published = requireNonNull(published, "published is null");
    }

    /** @throws IllegalStateException if the container never published its ports */
    synchronized MemberEndpoint current() {
        Optional<MemberEndpoint> now = published.get();
        now.ifPresent(endpoint -> last = endpoint);
        if (last == null) {
            throw new IllegalStateException("the member's container has not published its ports yet");
        }
        return last;
    }
}
