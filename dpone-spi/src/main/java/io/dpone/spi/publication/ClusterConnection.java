package io.dpone.spi.publication;

import static java.util.Objects.requireNonNull;

/**
 * The one admitted coordinator connection the host resolved: an endpoint of any cluster member,
 * its HTTP and native ports, and the publication principal. Publishers read the member inventory
 * through it; a mode that needs direct member connections derives them from the admitted
 * inventory, translated by {@code memberEndpoints} where the host gave one. {@link #toString()}
 * names no host, port or credential.
 *
 * @param host a hostname or address, never placed in evidence
 * @param httpPort the member's HTTP (or HTTPS when {@code secure}) port
 * @param nativePort the member's native protocol port
 * @param memberEndpoints the host's explicit member endpoint translation; {@link MemberEndpoints#none()} for none
 */
public record ClusterConnection(
        String host,
        int httpPort,
        int nativePort,
        boolean secure,
        String user,
        Secret password,
        MemberEndpoints memberEndpoints) {
    public ClusterConnection {
        requireNonNull(host, "host is null");
        requireNonNull(user, "user is null");
        requireNonNull(password, "password is null");
        requireNonNull(memberEndpoints, "memberEndpoints is null");
        if (host.isBlank() || user.isBlank()) {
            throw new IllegalArgumentException("host and user are non-blank");
        }
        requirePort(httpPort);
        requirePort(nativePort);
    }

    /** A connection without a member endpoint translation: members are reached at their admitted endpoints. */
    public ClusterConnection(String host, int httpPort, int nativePort, boolean secure, String user, Secret password) {
        this(host, httpPort, nativePort, secure, user, password, MemberEndpoints.none());
    }

    private static void requirePort(int port) {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("a port is in 1..65535");
        }
    }

    @Override
    public String toString() {
        return "ClusterConnection[redacted]";
    }
}
