package io.dpone.testkit.clickhouse.config;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The {@code <zookeeper>} section of a member: every coordination server it may connect to and
 * the two client timeouts. ClickHouse picks one listed server per session (random load
 * balancing) and opens a new session on another one when it loses its connection.
 *
 * @param nodes the servers, in {@code <node index="N">} order; at least one
 * @param sessionTimeoutMs {@code <session_timeout_ms>}; the server clamps it to its own bounds
 * @param operationTimeoutMs {@code <operation_timeout_ms>}: how long one Keeper request may wait
 */
public record KeeperClientConfig(List<ReplicaAddress> nodes, int sessionTimeoutMs, int operationTimeoutMs) {

    public KeeperClientConfig {
        nodes = List.copyOf(requireNonNull(nodes, "nodes is null"));
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("at least one coordination server");
        }
        if (sessionTimeoutMs < 1 || operationTimeoutMs < 1) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
    }

    /** One server with the timeouts every single-server harness used so far (10 s session, 5 s per request). */
    public static KeeperClientConfig single(ReplicaAddress node) {
        return new KeeperClientConfig(List.of(requireNonNull(node, "node is null")), 10_000, 5_000);
    }
}
