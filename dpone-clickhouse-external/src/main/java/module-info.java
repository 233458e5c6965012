/** External mode publication: sealed content-addressed artifacts loaded into every member. */
module io.dpone.clickhouse.external {
    requires transitive io.dpone.spi;
    requires transitive io.dpone.clickhouse.cluster;
    requires static com.google.auto.service;
    requires com.fasterxml.jackson.databind;

    exports io.dpone.clickhouse.external.artifact;
    exports io.dpone.clickhouse.external.codec;
    exports io.dpone.clickhouse.external.seal;
    exports io.dpone.clickhouse.external.store;

    provides io.dpone.spi.publication.PublicationStrategyProvider
            with io.dpone.clickhouse.external.provider.ExternalPublicationStrategyProvider;
    provides io.dpone.spi.artifact.ArtifactSealer
            with io.dpone.clickhouse.external.provider.ExternalArtifactSealer;
}
