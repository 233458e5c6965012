/**
 * The real publication services of both modes on the testkit: the "run the real service on the
 * simulator" entry points (io.dpone.testkit.service), the acceptance harness and the external-mode
 * codec suite. Apart from io.dpone.testkit so the testkit depends on the protocol core only.
 */
module io.dpone.testkit.modes {
    requires transitive io.dpone.testkit;
    // SimulatedInternalPublication, the acceptance harness and the demo run the internal service.
    requires transitive io.dpone.clickhouse.internal;
    // External-mode entry point, suite and harness need it; the simulator and the demo do not, so
    // the launcher's module path resolves without the external module (ModulePathLauncherIT).
    // Not transitive: javac would then demand it of every consumer's module, external mode or not
    // (examples/testkit-consumer); a consumer of the external parts requires it itself.
    requires static io.dpone.clickhouse.external;
    // Test frameworks and container tooling are needed only by the harness and the codec suite.
    // Not transitive, as in io.dpone.testkit: a consumer's test module requires them itself.
    requires static net.jqwik.api;
    requires static org.junit.jupiter.api;
    requires java.net.http;
    requires static com.google.auto.service;
    requires static zookeeper;
    requires static testcontainers;
    requires static com.github.dockerjava.api;
    // Nothing here writes JSON (the receipt extension is io.dpone.testkit's); the module's tests,
    // compiled into it, read receipts and workflow files with Jackson.
    requires static com.fasterxml.jackson.databind;

    // Each mode's acceptance clusters, drivers and scenarios over the testkit's io.dpone.testkit.acceptance.
    exports io.dpone.testkit.modes.acceptance;

    // The acceptance harness publishes through the host's own path (docs/testkit/acceptance.md).
    uses io.dpone.spi.publication.PublicationStrategyProvider;
}
