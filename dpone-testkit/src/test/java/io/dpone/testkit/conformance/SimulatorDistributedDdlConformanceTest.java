package io.dpone.testkit.conformance;

import org.junit.jupiter.api.BeforeEach;

/** Distributed DDL and replication on the simulator (simulator evidence); the same suite runs on Docker 24.8. */
class SimulatorDistributedDdlConformanceTest extends DistributedDdlConformance {
    private SimulatorBackend backend;

    @BeforeEach
    void freshSimulator() {
        backend = new SimulatorBackend(43);
    }

    @Override
    protected ConformanceBackend backend() {
        return backend;
    }
}
