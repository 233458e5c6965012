/** Reusable test support for cluster publication connectors. */
module io.dpone.testkit {
    requires transitive io.dpone.spi;
    requires transitive io.dpone.clickhouse.cluster;
    // The protocol core only: what needs a mode plugin (the real services on the simulator, the
    // acceptance clusters and scenarios, the external codec suite) is the plugin's own (ADR 0011).
    // Test frameworks and container tooling are needed only by the harness and property suites, so
    // the simulator and the demo resolve without them (the dpone launcher runs `dpone demo` on them).
    // Not transitive: a consumer's test module names jqwik and JUnit itself, as it uses them directly
    // (examples/testkit-consumer, on the module path and the class path, needs nothing more).
    requires static net.jqwik.api;
    requires static org.junit.jupiter.api;
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
    // The randomized schedules' mode-free generator, runner and invariant checker; each mode's hooks live with its
    // tests.
    exports io.dpone.testkit.schedule;
    // External mode's simulated member sessions (io.dpone.clickhouse.external.simulated) answer from the
    // simulated world as the core's ports do. The testkit never requires the plugin; the plugin requires
    // the testkit statically.
    exports io.dpone.testkit.simulator.ports to
            io.dpone.clickhouse.external;
    exports io.dpone.testkit.simulator.world to
            io.dpone.clickhouse.external;
    exports io.dpone.testkit.simulator.engine to
            io.dpone.clickhouse.external;
    // The mode-free acceptance vocabulary and receipt: attempts, faults, coverage, the receipt
    // extension, and the simulated backends' mode-free half. Each mode's clusters, drivers and scenarios
    // are the mode plugin's own (its simulated package; the real backends in its tests).
    exports io.dpone.testkit.acceptance;
    exports io.dpone.testkit.emulation;
    exports io.dpone.testkit.evidence;
}
