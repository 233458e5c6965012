/** Internal mode publication: Replicated*MergeTree members, one ON CLUSTER statement per step. */
module io.dpone.clickhouse.internal {
    requires transitive io.dpone.clickhouse.cluster;
    requires static com.google.auto.service;
    // Only io.dpone.clickhouse.internal.simulated (internal mode on the testkit's simulator) reads the testkit:
    // optional, so the CLI's module path resolves without it (ModulePathLauncherIT); the demo requires it.
    requires static io.dpone.testkit;

    // The service and its settings: the testkit runs the real service on the simulator with them
    // (docs/testkit/simulator.md), and a connector author's test names the settings it passes.
    exports io.dpone.clickhouse.internal.service;
    // This mode on the testkit's simulator: the documented entry point, the demo's cluster, driver and scenarios.
    exports io.dpone.clickhouse.internal.simulated;

    provides io.dpone.spi.publication.PublicationStrategyProvider with
            io.dpone.clickhouse.internal.provider.InternalPublicationStrategyProvider;
    provides io.dpone.spi.source.SourceInspector with
            io.dpone.clickhouse.internal.provider.InternalSourceInspector;
}
