package io.dpone.clickhouse.external.simulated;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.SimulatedSetup;
import io.dpone.testkit.simulator.WorkerPorts;
import java.time.Duration;

/**
 * The real external-mode publication service ({@link ExternalPublicationService}) on a simulated
 * cluster built with {@code internalReplication(false)}; the artifact store is a real one on the
 * local file system. Needs {@code dpone-clickhouse-external} (optional for the testkit). Kept apart
 * from internal mode's SimulatedInternalPublication so internal mode never links the external module.
 */
public final class SimulatedExternalPublication {
    /** The {@code ddlTaskTimeoutSeconds} of {@link #settings}; the service's DDL port sends and waits it. */
    public static final long DDL_TASK_TIMEOUT_SECONDS = 30;

    private SimulatedExternalPublication() {}

    /**
     * Settings for {@code target} under {@code facade} in table engine {@code engine} (a non-replicated
     * MergeTree), with a content-proof budget and bounded waits short enough for tests.
     */
    public static ExternalSettings settings(
            ClusterSimulator simulator, TableRef target, FacadeSpec facade, String engine) {
        return new ExternalSettings(
                simulator.clusterName(),
                target,
                facade,
                engine,
                1L << 30,
                1_000_000,
                DDL_TASK_TIMEOUT_SECONDS,
                new BoundedWait(10, Duration.ofMillis(100), Duration.ofSeconds(1)),
                new BoundedWait(10, Duration.ofMillis(200), Duration.ofSeconds(2)));
    }

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
