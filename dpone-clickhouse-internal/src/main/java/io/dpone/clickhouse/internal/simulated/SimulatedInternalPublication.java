package io.dpone.clickhouse.internal.simulated;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.clickhouse.internal.service.PublicationSettings;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.SimulatedSetup;
import io.dpone.testkit.simulator.WorkerPorts;
import java.time.Duration;

/**
 * The real internal-mode publication service ({@link InternalPublicationService}) on a simulated
 * cluster, composed as the provider composes it on a real one: the production authority over the
 * simulated KeeperMap store, the worker's seeded random bits. Evidence from it is simulator evidence.
 */
public final class SimulatedInternalPublication {
    /** The {@code ddlTaskTimeoutSeconds} of {@link #settings}; the service's DDL port sends and waits it (docs/testkit/simulator.md). */
    public static final long DDL_TASK_TIMEOUT_SECONDS = 30;

    private SimulatedInternalPublication() {}

    /** Settings for {@code target} under {@code facade} with bounded waits short enough for tests. */
    public static PublicationSettings settings(
            ClusterSimulator simulator, TableRef target, FacadeSpec facade, String engine) {
        return new PublicationSettings(
                simulator.clusterName(),
                target,
                facade,
                engine,
                1L << 30,
                DDL_TASK_TIMEOUT_SECONDS,
                new BoundedWait(20, Duration.ofMillis(100), Duration.ofSeconds(2)),
                new BoundedWait(8, Duration.ofMillis(100), Duration.ofSeconds(1)),
                new BoundedWait(10, Duration.ofMillis(200), Duration.ofSeconds(2)));
    }

    /**
     * The service as worker {@code worker} composes it; its distributed DDL waits
     * {@code settings.ddlTaskTimeoutSeconds()} of virtual time, as the provider's adapter does.
     *
     * @throws IllegalStateException if the control facade's database does not exist on some member
     */
    public static InternalPublicationService service(
            ClusterSimulator simulator, String worker, PublicationSettings settings) {
        requireNonNull(settings, "settings is null");
        SimulatedSetup.requireControlDatabase(simulator, settings.facade().control());
        WorkerPorts ports = simulator.worker(worker).withDdlTaskTimeout(settings.ddlTaskTimeoutSeconds());
        return new InternalPublicationService(
                ports(ports, settings.facade().control()),
                settings,
                Sha256ProtocolDigests.INSTANCE,
                ports.randomBits());
    }

    /** The worker's ports as the internal service takes them, with the control table {@code control}. */
    public static PublicationPorts ports(WorkerPorts worker, TableRef control) {
        return new PublicationPorts(
                worker.catalog(),
                worker.ddl(),
                worker.authority(control),
                worker.facade(),
                worker.loader(),
                worker.clock(),
                worker.sleeper());
    }
}
