/**
 * The `dpone demo` scenarios: the real internal service on the testkit's simulator. Its own module,
 * so the host reaches the simulator only through this one provider and the testkit provides nothing.
 */
module io.dpone.demo {
    requires io.dpone.spi;
    requires io.dpone.testkit.modes;
    requires static com.google.auto.service;

    provides io.dpone.spi.demo.DemoScenarios with
            io.dpone.demo.SimulatedDemoScenarios;
}
