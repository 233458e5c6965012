package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One named acceptance scenario (seed 000, "Docker multi-node acceptance", one bullet each, plus the
 * edge cases): it sets up a fresh cluster of {@code members} replicas, runs the publication
 * service, checks what the seed requires and returns every attempt it made, in order.
 */
public record Scenario(String name, String description, int members, Body body) {
    public Scenario {
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        requireNonNull(body, "body is null");
        if (!name.matches("[a-z0-9-]{1,60}")) {
            throw new IllegalArgumentException("a scenario name is lowercase words joined by dashes");
        }
    }

    @FunctionalInterface
    public interface Body {
        List<Attempt> run(AcceptanceCluster cluster, Narrator narrator);
    }

    public List<Attempt> run(AcceptanceCluster cluster, Narrator narrator) {
        return body.run(cluster, narrator);
    }
}
