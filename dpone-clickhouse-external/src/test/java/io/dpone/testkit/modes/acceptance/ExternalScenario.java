package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.external.simulated.ExternalAcceptanceCluster;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Narrator;
import java.util.List;

/**
 * One named external-mode acceptance scenario: it sets up a fresh cluster of {@code members}
 * plain {@code MergeTree} members with {@code internal_replication = false}, runs the external
 * publication service, checks what spec 001 and issue 12 require and returns every attempt it
 * made, in order.
 *
 * @param needs what distributed DDL the scenario's outcome depends on
 */
public record ExternalScenario(String name, String description, int members, Needs needs, Body body) {
    public ExternalScenario {
        requireNonNull(name, "name is null");
        requireNonNull(description, "description is null");
        requireNonNull(needs, "needs is null");
        requireNonNull(body, "body is null");
        if (!name.matches("[a-z0-9-]{1,60}")) {
            throw new IllegalArgumentException("a scenario name is lowercase words joined by dashes");
        }
    }

    /** What distributed DDL a scenario needs. */
    public enum Needs {
        /**
         * A real distributed-DDL queue: entries executed asynchronously by each host's DDL worker,
         * host errors from real execution, an answer lost after the entry was enqueued.
         */
        DDL_QUEUE,
        /**
         * Any {@code ON CLUSTER} fan-out whose every host has finished when the dispatch returns
         * (the testkit's {@code EmulatedClusterDdl} would do): the outcome is decided by the
         * authority, the member sessions and the catalog, not by the queue's timing.
         */
        DDL_FAN_OUT
    }

    @FunctionalInterface
    public interface Body {
        List<Attempt> run(ExternalAcceptanceCluster cluster, Narrator narrator);
    }

    public List<Attempt> run(ExternalAcceptanceCluster cluster, Narrator narrator) {
        return body.run(cluster, narrator);
    }
}
