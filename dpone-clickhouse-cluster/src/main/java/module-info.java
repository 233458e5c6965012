/** Internal mode and the cluster protocol core: pure contracts, ports, ClickHouse adapters, the service. */
module io.dpone.clickhouse.cluster {
    requires transitive io.dpone.spi;
    requires static com.google.auto.service;
    requires com.fasterxml.jackson.databind;

    // transport adapters (docs/reference/transport.md, "Module path")
    requires transitive java.sql; // RowCollector and CellValues surface java.sql types
    requires client.v2;
    requires com.clickhouse.data;
    requires org.apache.httpcomponents.client5.httpclient5;
    requires org.apache.httpcomponents.core5.httpcore5;
    requires dev.failsafe.core;
    uses java.sql.Driver;

    exports io.dpone.clickhouse.cluster.authority;
    exports io.dpone.clickhouse.cluster.catalog;
    exports io.dpone.clickhouse.cluster.ddl;
    exports io.dpone.clickhouse.cluster.contract.authority;
    exports io.dpone.clickhouse.cluster.contract.ddl;
    exports io.dpone.clickhouse.cluster.contract.digest;
    exports io.dpone.clickhouse.cluster.contract.generation;
    exports io.dpone.clickhouse.cluster.contract.inventory;
    exports io.dpone.clickhouse.cluster.contract.phase;
    exports io.dpone.clickhouse.cluster.contract.reconcile;
    exports io.dpone.clickhouse.cluster.contract.error;
    exports io.dpone.clickhouse.cluster.port;
    exports io.dpone.clickhouse.cluster.source;
    exports io.dpone.clickhouse.cluster.sql;
    exports io.dpone.clickhouse.cluster.transport;
    exports io.dpone.clickhouse.cluster.transport.http;
    exports io.dpone.clickhouse.cluster.transport.nativeproto;

    provides io.dpone.spi.publication.PublicationStrategyProvider
            with io.dpone.clickhouse.cluster.provider.InternalPublicationStrategyProvider;
}
