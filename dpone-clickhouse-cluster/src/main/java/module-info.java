/** Internal mode and the cluster protocol core: pure contracts, ports, ClickHouse adapters, the service. */
module io.dpone.clickhouse.cluster {
    requires transitive io.dpone.spi;
    requires static com.google.auto.service;

    // transport adapters (docs/reference/transport.md, "Module path")
    requires transitive java.sql; // RowCollector and CellValues surface java.sql types
    requires client.v2;
    requires com.clickhouse.data;
    requires org.apache.httpcomponents.client5.httpclient5;
    requires org.apache.httpcomponents.core5.httpcore5;
    requires dev.failsafe.core;
    uses java.sql.Driver;

    exports io.dpone.clickhouse.cluster.contract.error;
    exports io.dpone.clickhouse.cluster.port;
    exports io.dpone.clickhouse.cluster.sql;
    exports io.dpone.clickhouse.cluster.transport;
    exports io.dpone.clickhouse.cluster.transport.http;
    exports io.dpone.clickhouse.cluster.transport.nativeproto;
}
