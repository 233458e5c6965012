package io.dpone.testkit.clickhouse.config;

import static java.util.Objects.requireNonNull;

/** How members reach one replica over the native protocol, as written in {@code <remote_servers>}. */
public record ReplicaAddress(String host, int port) {
    public ReplicaAddress {
        requireNonNull(host, "host is null");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range");
        }
    }
}
