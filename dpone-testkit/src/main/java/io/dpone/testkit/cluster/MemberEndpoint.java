package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

/**
 * Where a test reaches one member from the test JVM.
 *
 * @param host address to connect to (loopback for the local backend)
 * @param httpPort ClickHouse HTTP interface
 * @param nativePort ClickHouse native (TCP) protocol
 */
public record MemberEndpoint(String host, int httpPort, int nativePort) {
    public MemberEndpoint {
        requireNonNull(host, "host is null");
        checkPort(httpPort, "httpPort");
        checkPort(nativePort, "nativePort");
    }

    private static void checkPort(int port, String name) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(name + " out of range");
        }
    }

    /** Base URL of the HTTP interface, e.g. {@code http://127.0.0.1:8123}. */
    public String httpUrl() {
        return "http://" + host + ":" + httpPort;
    }

    /** URL for {@code com.clickhouse:clickhouse-jdbc} over HTTP. */
    public String jdbcHttpUrl(String database) {
        return "jdbc:clickhouse:http://" + host + ":" + httpPort + "/" + requireNonNull(database, "database is null");
    }

    /** URL for {@code clickhouse-native-jdbc} over the native protocol. */
    public String jdbcNativeUrl(String database) {
        return "jdbc:clickhouse://" + host + ":" + nativePort + "/" + requireNonNull(database, "database is null");
    }
}
