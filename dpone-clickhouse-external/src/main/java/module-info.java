/** External mode publication: sealed content-addressed artifacts loaded into every member. */
module io.dpone.clickhouse.external {
    requires transitive io.dpone.spi;
    // the protocol core only: the internal-mode plugin stays off an external-only module path
    requires transitive io.dpone.clickhouse.cluster;
    requires static com.google.auto.service;
    requires com.fasterxml.jackson.databind;
    requires java.sql;
    // Only io.dpone.clickhouse.external.simulated and .testing (this mode on the testkit's simulator, its codec
    // suite) read the testkit, jqwik and JUnit's API: optional, so the CLI's module path resolves without them
    // (ModulePathLauncherIT).
    requires static io.dpone.testkit;
    requires static net.jqwik.api;
    requires static org.junit.jupiter.api;

    exports io.dpone.clickhouse.external.artifact;
    exports io.dpone.clickhouse.external.codec;
    exports io.dpone.clickhouse.external.seal;
    exports io.dpone.clickhouse.external.store;
    exports io.dpone.clickhouse.external.identity;
    exports io.dpone.clickhouse.external.authority;
    exports io.dpone.clickhouse.external.content;
    exports io.dpone.clickhouse.external.member;
    exports io.dpone.clickhouse.external.admission;
    exports io.dpone.clickhouse.external.service;
    // This mode on the testkit's simulator (documented entry point, simulated member sessions and cluster) and
    // its authority codec property suite for connector authors.
    exports io.dpone.clickhouse.external.simulated;
    exports io.dpone.clickhouse.external.testing;
    // jqwik finds and invokes the suite's package-private @Property/@Provide methods reflectively.
    opens io.dpone.clickhouse.external.testing;

    provides io.dpone.spi.publication.PublicationStrategyProvider with
            io.dpone.clickhouse.external.provider.ExternalPublicationStrategyProvider;
    provides io.dpone.spi.artifact.ArtifactSealer with
            io.dpone.clickhouse.external.provider.ExternalArtifactSealer;
    provides io.dpone.spi.source.SourceInspector with
            io.dpone.clickhouse.external.provider.ExternalSourceInspector;
}
