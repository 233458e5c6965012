/**
 * The cluster protocol core both modes build on: pure contracts, ports, SQL, catalog, authority,
 * DDL, transports, sources and the mechanics both services share. It provides no service; the mode
 * plugins (io.dpone.clickhouse.internal, io.dpone.clickhouse.external) do.
 */
module io.dpone.clickhouse.cluster {
    requires transitive io.dpone.spi;
    requires com.fasterxml.jackson.databind;
    requires aircompressor; // zstd sources (automatic module; docs/reference/sources.md)

    // transport adapters (docs/reference/transport.md, "Module path")
    requires transitive java.sql; // RowCollector and CellValues surface java.sql types
    requires client.v2;
    requires com.clickhouse.data;
    requires org.apache.httpcomponents.client5.httpclient5;
    requires org.apache.httpcomponents.core5.httpcore5;
    requires dev.failsafe.core;

    uses java.sql.Driver;

    // Unqualified: what a third-party connector author compiles against through the testkit's
    // property suites, fault transport and simulator (examples/testkit-consumer): the contracts the
    // suites check, the ports the fault transport wraps, and the table names the simulator answers.
    exports io.dpone.clickhouse.cluster.authority;
    exports io.dpone.clickhouse.cluster.contract.authority;
    exports io.dpone.clickhouse.cluster.contract.ddl;
    exports io.dpone.clickhouse.cluster.contract.digest;
    exports io.dpone.clickhouse.cluster.contract.error;
    exports io.dpone.clickhouse.cluster.contract.generation;
    exports io.dpone.clickhouse.cluster.contract.inventory;
    exports io.dpone.clickhouse.cluster.contract.phase;
    exports io.dpone.clickhouse.cluster.contract.reconcile;
    exports io.dpone.clickhouse.cluster.ddl;
    exports io.dpone.clickhouse.cluster.port;
    exports io.dpone.clickhouse.cluster.sql;

    // Qualified: the mode plugins compose the rest, the testkit's harnesses wire it the same way.
    // The runtime admission checks both modes share (issue 24).
    exports io.dpone.clickhouse.cluster.admission to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external;
    // One invocation's context, evidence and receipt in both modes (issue 24).
    exports io.dpone.clickhouse.cluster.invocation to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external;
    exports io.dpone.clickhouse.cluster.authority.adapter to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external,
            io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.catalog to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external,
            io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.ddl.adapter to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external,
            io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.flow to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external;
    // The protocol rules and step results both modes share (issue 24, one engine).
    exports io.dpone.clickhouse.cluster.engine to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external;
    exports io.dpone.clickhouse.cluster.provider to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external,
            io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.source to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external,
            io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.transport to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external,
            io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.transport.http to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external,
            io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.transport.nativeproto to
            io.dpone.clickhouse.internal,
            io.dpone.clickhouse.external,
            io.dpone.testkit;
}
