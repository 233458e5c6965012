package io.dpone.clickhouse.cluster.transport;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Where and as whom a transport connects, for one protocol port. {@link #toString()} prints
 * neither host, port nor credentials, so an endpoint may reach logs safely.
 *
 * @param host           a host name or address; an IPv6 address without brackets
 * @param connectTimeout bound on establishing the connection (failure there means "not sent")
 * @param socketTimeout  bound on waiting for the answer (failure there means "ambiguous")
 * @param secure         TLS: HTTPS on the HTTP transports, with the JDK's default trust store
 */
public record ClickHouseEndpoint(
        String host,
        int port,
        String database,
        String user,
        String password,
        Duration connectTimeout,
        Duration socketTimeout,
        boolean secure) {
    public ClickHouseEndpoint {
        requireNonNull(host, "host is null");
        requireNonNull(database, "database is null");
        requireNonNull(user, "user is null");
        requireNonNull(password, "password is null");
        requireNonNull(connectTimeout, "connectTimeout is null");
        requireNonNull(socketTimeout, "socketTimeout is null");
        if (host.isBlank() || port < 1 || port > 65_535 || database.isBlank() || user.isBlank()) {
            throw new IllegalArgumentException("endpoint needs a host, a port in 1..65535, a database and a user");
        }
        if (connectTimeout.isNegative()
                || connectTimeout.isZero()
                || socketTimeout.isNegative()
                || socketTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
    }

    /** A plain-text endpoint. */
    public ClickHouseEndpoint(
            String host,
            int port,
            String database,
            String user,
            String password,
            Duration connectTimeout,
            Duration socketTimeout) {
        this(host, port, database, user, password, connectTimeout, socketTimeout, false);
    }

    /** Loopback-free convenience for tests and wiring with 5 s connect and 60 s socket timeouts. */
    public static ClickHouseEndpoint of(String host, int port, String database, String user, String password) {
        return new ClickHouseEndpoint(
                host, port, database, user, password, Duration.ofSeconds(5), Duration.ofSeconds(60));
    }

    public ClickHouseEndpoint withSocketTimeout(Duration timeout) {
        return new ClickHouseEndpoint(host, port, database, user, password, connectTimeout, timeout, secure);
    }

    /** {@code https} with TLS, else {@code http}. */
    public String httpScheme() {
        return secure ? "https" : "http";
    }

    /** {@code host:port} as a URL writes it: an IPv6 address in brackets. */
    public String authority() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return "ClickHouseEndpoint[redacted]";
    }
}
