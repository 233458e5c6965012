/** Internal mode and the cluster protocol core: pure contracts, ports, ClickHouse adapters, the service. */
module io.dpone.clickhouse.cluster {
    requires transitive io.dpone.spi;
    requires static com.google.auto.service;

    provides io.dpone.spi.publication.PublicationStrategyProvider
            with io.dpone.clickhouse.cluster.provider.InternalPublicationStrategyProvider;
}
