/** External mode publication. */
module io.dpone.clickhouse.external {
    requires transitive io.dpone.spi;
    requires io.dpone.clickhouse.cluster;
    requires static com.google.auto.service;

    provides io.dpone.spi.publication.PublicationStrategyProvider
            with io.dpone.clickhouse.external.provider.ExternalPublicationStrategyProvider;
}
