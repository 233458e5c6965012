/** Internal mode and the cluster protocol core: pure contracts, ports, ClickHouse adapters, the service. */
module io.dpone.clickhouse.cluster {
    requires transitive io.dpone.spi;
    requires static com.google.auto.service;
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

    // The protocol's contracts, ports and service: what hosts, the external mode and connector authors use.
    exports io.dpone.clickhouse.cluster.authority;
    exports io.dpone.clickhouse.cluster.ddl;
    // the SQL adapters: only composition roots and the real-server test harness build them
    exports io.dpone.clickhouse.cluster.authority.adapter to io.dpone.clickhouse.external, io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.ddl.adapter to io.dpone.clickhouse.external, io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.contract.authority;
    exports io.dpone.clickhouse.cluster.contract.ddl;
    exports io.dpone.clickhouse.cluster.contract.digest;
    exports io.dpone.clickhouse.cluster.contract.generation;
    exports io.dpone.clickhouse.cluster.contract.inventory;
    exports io.dpone.clickhouse.cluster.contract.phase;
    exports io.dpone.clickhouse.cluster.contract.reconcile;
    exports io.dpone.clickhouse.cluster.contract.error;
    exports io.dpone.clickhouse.cluster.port;
    exports io.dpone.clickhouse.cluster.service;
    exports io.dpone.clickhouse.cluster.source;
    exports io.dpone.clickhouse.cluster.sql;
    // ClickHouse adapters: only the external mode and the testkit compose them.
    exports io.dpone.clickhouse.cluster.provider to io.dpone.clickhouse.external, io.dpone.testkit;
    // Mechanics both modes' services share: bounded waits and the per-member reconciliation read.
    exports io.dpone.clickhouse.cluster.flow to io.dpone.clickhouse.external;
    // The protocol rules and step results both modes share (issue 24, one engine).
    exports io.dpone.clickhouse.cluster.engine to io.dpone.clickhouse.external;
    exports io.dpone.clickhouse.cluster.catalog to io.dpone.clickhouse.external, io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.transport to io.dpone.clickhouse.external, io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.transport.http to io.dpone.clickhouse.external, io.dpone.testkit;
    exports io.dpone.clickhouse.cluster.transport.nativeproto to io.dpone.clickhouse.external, io.dpone.testkit;

    provides io.dpone.spi.publication.PublicationStrategyProvider
            with io.dpone.clickhouse.cluster.provider.InternalPublicationStrategyProvider;
    provides io.dpone.spi.source.SourceInspector with io.dpone.clickhouse.cluster.source.ReadingSourceInspector;
}
