package io.dpone.clickhouse.cluster.transport;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Where and as whom a transport connects, for one protocol port. {@link #toString()} prints
 * neither host, port nor credentials, so an endpoint may reach logs safely.
 *
 * @param connectTimeout bound on establishing the connection (failure there means "not sent")
 * @param socketTimeout  bound on waiting for the answer (failure there means "ambiguous")
 */
public record ClickHouseEndpoint(String host, int port, String database, String user, String password,
                                 Duration connectTimeout, Duration socketTimeout) {
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
        if (connectTimeout.isNegative() || connectTimeout.isZero() || socketTimeout.isNegative() || socketTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
    }

    /** Loopback-free convenience for tests and wiring with 5 s connect and 60 s socket timeouts. */
    public static ClickHouseEndpoint of(String host, int port, String database, String user, String password) {
        return new ClickHouseEndpoint(host, port, database, user, password, Duration.ofSeconds(5), Duration.ofSeconds(60));
    }

    public ClickHouseEndpoint withSocketTimeout(Duration timeout) {
        return new ClickHouseEndpoint(host, port, database, user, password, connectTimeout, timeout);
    }

    @Override
    public String toString() {
        return "ClickHouseEndpoint[redacted]";
    }
}
