/**
 * The `dpone demo` scenarios: the real internal service on the testkit's simulator. Its own module,
 * so the host reaches the simulator only through this one provider and the testkit provides nothing.
 */
module io.dpone.demo {
    requires io.dpone.spi;
    // The simulator, and internal mode's simulated package, which reads the testkit only statically.
    requires io.dpone.testkit;
    requires io.dpone.clickhouse.internal;
    requires static com.google.auto.service;

    provides io.dpone.spi.demo.DemoScenarios with
            io.dpone.demo.SimulatedDemoScenarios;
}
