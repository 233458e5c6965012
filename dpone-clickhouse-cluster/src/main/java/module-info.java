/** Internal mode and the cluster protocol core: pure contracts, ports, ClickHouse adapters, the service. */
module io.dpone.clickhouse.cluster {
    requires transitive io.dpone.spi;
    requires static com.google.auto.service;
    requires com.fasterxml.jackson.databind;

    exports io.dpone.clickhouse.cluster.authority;
    exports io.dpone.clickhouse.cluster.contract.authority;
    exports io.dpone.clickhouse.cluster.contract.ddl;
    exports io.dpone.clickhouse.cluster.contract.digest;
    exports io.dpone.clickhouse.cluster.contract.generation;
    exports io.dpone.clickhouse.cluster.contract.inventory;
    exports io.dpone.clickhouse.cluster.contract.phase;
    exports io.dpone.clickhouse.cluster.contract.reconcile;

    provides io.dpone.spi.publication.PublicationStrategyProvider
            with io.dpone.clickhouse.cluster.provider.InternalPublicationStrategyProvider;
}
