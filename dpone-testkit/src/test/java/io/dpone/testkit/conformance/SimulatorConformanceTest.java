package io.dpone.testkit.conformance;

import org.junit.jupiter.api.BeforeEach;

/** The cluster semantics on the simulator (simulator evidence). */
class SimulatorConformanceTest extends ClusterSemanticsConformance {
    private SimulatorBackend backend;

    @BeforeEach
    void freshSimulator() {
        backend = new SimulatorBackend(42);
    }

    @Override
    protected ConformanceBackend backend() {
        return backend;
    }
}
