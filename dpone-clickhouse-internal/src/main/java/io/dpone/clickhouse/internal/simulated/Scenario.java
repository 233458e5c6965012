package io.dpone.clickhouse.internal.simulated;

import static java.util.Objects.requireNonNull;

import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import io.dpone.testkit.acceptance.ScenarioCoverage;
import java.util.List;

/**
 * One named acceptance scenario (spec 000, "Docker multi-node acceptance", one bullet each, plus the
 * edge cases): it sets up a fresh cluster of {@code members} replicas, runs the publication
 * service, checks what the spec requires and returns every attempt it made, in order.
 *
 * @param needs which clusters can run it; a backend runs the scenarios its cluster meets
 * @param coverage how much of it a cluster runs, for the receipt: all of it unless its sub-cases depend on the backend
 */
public record Scenario(String name, String description, int members, Needs needs, Body body, Coverage coverage) {
    public Scenario {
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        requireNonNull(needs, "needs is null");
        requireNonNull(body, "body is null");
        requireNonNull(coverage, "coverage is null");
        if (!name.matches("[a-z0-9-]{1,60}")) {
            throw new IllegalArgumentException("a scenario name is lowercase words joined by dashes");
        }
    }

    /** A scenario every cluster that meets {@code needs} runs in full. */
    public Scenario(String name, String description, int members, Needs needs, Body body) {
        this(name, description, members, needs, body, cluster -> new ScenarioCoverage.Full());
    }

    /** A scenario that sends distributed DDL. */
    public Scenario(String name, String description, int members, Body body) {
        this(name, description, members, Needs.DDL_WORKER, body);
    }

    /** How much of the scenario {@code cluster} runs, decided from what the backend says it can do. */
    @FunctionalInterface
    public interface Coverage {
        ScenarioCoverage on(AcceptanceCluster cluster);
    }

    /** What a cluster must offer for a scenario to run on it. */
    public enum Needs {
        /** Refused before any distributed DDL would be sent: runs with or without a DDL worker. */
        ANY_CLUSTER,
        /** Sends distributed DDL: needs members that run a distributed-DDL worker. */
        DDL_WORKER,
        /** Shows how publication fails closed without a distributed-DDL worker: needs members that have none. */
        NO_DDL_WORKER;

        /** Whether a cluster whose members do ({@code true}) or do not run a DDL worker can run the scenario. */
        public boolean metBy(boolean ddlWorker) {
            return this == ANY_CLUSTER || (this == DDL_WORKER) == ddlWorker;
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
