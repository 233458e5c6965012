/** Reusable test support for cluster publication connectors. */
module io.dpone.testkit {
    requires transitive io.dpone.spi;
    requires transitive io.dpone.clickhouse.cluster;
    // SimulatedInternalPublication, the acceptance harness and the demo run the internal service.
    requires transitive io.dpone.clickhouse.internal;
    // External-mode suites (codec contract, arbitraries) need it; the simulator and the demo do not,
    // so the launcher's module path resolves without the external module (ModulePathLauncherIT).
    // Not transitive: javac would then demand it of every consumer's module, external mode or not
    // (examples/testkit-consumer); a consumer of the external suites requires it itself.
    requires static io.dpone.clickhouse.external;
    // Test frameworks and container tooling are needed only by the harness and property suites, so
    // the simulator and the demo resolve without them (the dpone launcher runs `dpone demo` on them).
    requires static transitive net.jqwik.api;
    requires static transitive org.junit.jupiter.api;
    requires java.net.http;
    // Only bench/external-staging.sh's heap sampler (test sources) reads GC notifications.
    requires static jdk.management;
    requires static com.google.auto.service;
    requires static zookeeper;
    requires static testcontainers;
    requires static com.github.dockerjava.api;
    // Only the acceptance receipt extension writes JSON, and only under JUnit.
    requires static com.fasterxml.jackson.databind;

    exports io.dpone.testkit.arbitrary;
    exports io.dpone.testkit.property;
    // jqwik finds and invokes the suites' package-private @Property/@Provide methods reflectively,
    // wherever the consumer puts JUnit and jqwik (module or class path), so it needs no --add-opens.
    opens io.dpone.testkit.property;

    exports io.dpone.testkit.cluster;
    exports io.dpone.testkit.clickhouse;
    exports io.dpone.testkit.clickhouse.config;
    exports io.dpone.testkit.clickhouse.local;
    exports io.dpone.testkit.clickhouse.docker;
    exports io.dpone.testkit.clickhouse.junit;
    exports io.dpone.testkit.fault;
    exports io.dpone.testkit.simulator;
    exports io.dpone.testkit.service;
    exports io.dpone.testkit.acceptance;
    exports io.dpone.testkit.emulation;
    exports io.dpone.testkit.evidence;

    // The acceptance harness publishes through the host's own path (docs/testkit/acceptance.md).
    uses io.dpone.spi.publication.PublicationStrategyProvider;
}
