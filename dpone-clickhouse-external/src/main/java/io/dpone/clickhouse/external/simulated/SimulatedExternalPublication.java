package io.dpone.clickhouse.external.simulated;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.SimulatedSetup;
import io.dpone.testkit.simulator.WorkerPorts;

/**
 * The real external-mode publication service ({@link ExternalPublicationService}) on a simulated
 * cluster built with {@code internalReplication(false)}; the artifact store is a real one on the
 * local file system. Needs {@code dpone-clickhouse-external} (optional for the testkit). Kept apart
 * from internal mode's SimulatedInternalPublication so internal mode never links the external module.
 */
public final class SimulatedExternalPublication {
    private SimulatedExternalPublication() {}

    /**
     * The service as worker {@code worker} composes it; its distributed DDL waits
     * {@code settings.ddlTaskTimeoutSeconds()} of virtual time, as the provider's adapter does.
     *
     * @throws IllegalStateException if the control facade's database does not exist on some member
     */
    public static ExternalPublicationService service(
            ClusterSimulator simulator, String worker, ExternalSettings settings, ArtifactStore store) {
        requireNonNull(settings, "settings is null");
        SimulatedSetup.requireControlDatabase(simulator, settings.facade().control());
        WorkerPorts ports = simulator.worker(worker).withDdlTaskTimeout(settings.ddlTaskTimeoutSeconds());
        return new ExternalPublicationService(
                ExternalWorkerPorts.of(ports, settings.facade().control(), store), settings, ports.randomBits());
    }
}
