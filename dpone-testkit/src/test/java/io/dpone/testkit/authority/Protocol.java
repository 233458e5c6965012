package io.dpone.testkit.authority;

import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.clickhouse.cluster.transport.nativeproto.NativeOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.nativeproto.NativeReadTransport;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.Credentials;
import java.time.Duration;

/** The real adapters of either protocol against one harness member. */
public enum Protocol {
    HTTP,
    NATIVE;

    public ClickHouseEndpoint endpoint(ClusterMember member, Credentials credentials, String database) {
        int port =
                this == HTTP ? member.endpoint().httpPort() : member.endpoint().nativePort();
        return new ClickHouseEndpoint(
                member.endpoint().host(),
                port,
                database,
                credentials.user(),
                credentials.password(),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30));
    }

    public OneShotMutationTransport mutations(ClickHouseEndpoint endpoint) {
        return this == HTTP ? new HttpOneShotMutationTransport(endpoint) : new NativeOneShotMutationTransport(endpoint);
    }

    public ReadTransport reads(ClickHouseEndpoint endpoint) {
        return this == HTTP ? new HttpReadTransport(endpoint) : new NativeReadTransport(endpoint);
    }

    public static void close(Object transport) {
        if (transport instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // test teardown: a close failure cannot change what was asserted
            }
        }
    }
}
