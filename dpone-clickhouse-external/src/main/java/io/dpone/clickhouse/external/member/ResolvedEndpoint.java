package io.dpone.clickhouse.external.member;

import static java.util.Objects.requireNonNull;

/**
 * Where the runtime reaches one member's native port. Part of the fenced inventory snapshot: it is
 * hashed into the inventory digest, so a different resolution fences the operation. Never placed in
 * evidence; {@link #toString()} is redacted.
 */
public record ResolvedEndpoint(String host, int port) {
    public ResolvedEndpoint {
        requireNonNull(host, "host is null");
        if (host.isBlank() || port < 1 || port > 65_535) {
            throw new IllegalArgumentException("an endpoint has a host and a port in 1..65535");
        }
    }

    @Override
    public String toString() {
        return "ResolvedEndpoint[redacted]";
    }
}
