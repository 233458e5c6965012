package io.dpone.clickhouse.cluster.contract.inventory;

import static java.util.Objects.requireNonNull;

/**
 * One replica's identity as both {@code system.clusters} ({@code host_name}, {@code port}) and
 * {@code system.distributed_ddl_queue} ({@code host}, {@code port}) report it. Matching is exact:
 * no case folding and no name resolution. Never place it in evidence; use replica numbers there.
 */
public record HostEndpoint(String host, int port) implements Comparable<HostEndpoint> {
    public HostEndpoint {
        requireNonNull(host, "host is null");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be a UInt16");
        }
    }

    @Override
    public int compareTo(HostEndpoint other) {
        int byHost = host.compareTo(other.host);
        return byHost != 0 ? byHost : Integer.compare(port, other.port);
    }

    @Override
    public String toString() {
        return "HostEndpoint[redacted]";
    }
}
