package io.dpone.testkit.clickhouse.config;

/**
 * Which ClickHouse program reads the rendered configs. The two differ in what they accept, so
 * {@code fixtures/clickhouse/node.xml} and {@code users.xml} render a few sections per kind
 * (docs/testkit/real-clickhouse.md, "What differs between the backends").
 */
public enum ServerKind {
    /**
     * The local backend: ClickHouse 26.7 embedded through libchdb (clickhouse-local's server
     * start-up). It reads only the {@code users_xml} access storage, so the publication principal
     * lives in {@code users.xml} with prefix-wildcard database grants; every node has the nil
     * server UUID, so each needs its own Keeper {@code sessions_path}; logs go to files only.
     */
    EMBEDDED,
    /**
     * The Docker backend: {@code clickhouse-server} 24.8 in a container. 24.8 has no wildcard
     * grants, so the publication principal is an SQL-defined user in a {@code local_directory}
     * access storage, granted per test database; logs also go to the console, so a container
     * that fails to start explains itself.
     */
    SERVER
}
