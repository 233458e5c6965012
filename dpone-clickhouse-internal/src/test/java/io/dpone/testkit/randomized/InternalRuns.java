package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.modes.acceptance.EvidenceLeakScan;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.schedule.ModeRuns;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleGenerator;
import io.dpone.testkit.schedule.ScheduleMode;
import io.dpone.testkit.schedule.ScheduleResult;
import io.dpone.testkit.schedule.ScheduleRunner;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.WorkerPorts;
import java.util.ArrayList;
import java.util.List;

/**
 * Internal mode's schedules run with the real {@code InternalPublicationService} on a simulator of
 * Replicated members: an existing replicated target (or none), the control facade as drawn, and
 * {@link InternalInvariants} at every step.
 */
final class InternalRuns implements ModeRuns {
    static final InternalRuns RUNS = new InternalRuns();

    private InternalRuns() {}

    /** Internal mode's schedules; {@code members} and {@code workers} of 0 are drawn per seed. */
    static ScheduleMode mode(int members, int workers) {
        return new ScheduleMode(new ScheduleGenerator(new InternalDraws(), members, workers), RUNS);
    }

    static ScheduleResult run(Schedule schedule) {
        return ScheduleRunner.run(schedule, RUNS);
    }

    @Override
    public ClusterSimulator build(ClusterSimulator.Builder simulator) {
        return simulator.build();
    }

    @Override
    public InvariantChecker checker(ClusterSimulator simulator) {
        return InternalInvariants.checker(simulator, PublicationDriver.TARGET);
    }

    @Override
    public World open(ClusterSimulator simulator, Schedule schedule) {
        SimulatedCluster cluster = new SimulatedCluster(simulator, PublicationDriver.FACADE);
        PublicationDriver driver = new PublicationDriver(cluster);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        if (schedule.targetRows() >= 0) {
            cluster.createReplicatedTable(PublicationDriver.TARGET, schedule.targetRows());
        }
        if (schedule.facade() == Schedule.Facade.PARTIAL) {
            cluster.createFacadeOn(schedule.partialFacadeMember(), PublicationDriver.FACADE);
        } else if (schedule.facade() == Schedule.Facade.PRESENT) {
            simulator
                    .admin()
                    .createControlTable(PublicationDriver.FACADE.control(), PublicationDriver.FACADE.keeperRoot());
        }
        return (ports, invocation, rows) -> Attempts.outcome(attempt(driver, ports, invocation, rows));
    }

    /** One publication by the real service through {@code ports}; an {@link AssertionError} when its evidence leaks. */
    static Attempt attempt(PublicationDriver driver, WorkerPorts ports, String invocation, int rows) {
        Attempt attempt = publishOnce(driver, ports, invocation, rows);
        List<String> leaks = EvidenceLeakScan.scan(ports.name(), attempt);
        if (!leaks.isEmpty()) {
            throw new AssertionError("evidence leak: " + leaks);
        }
        return attempt;
    }

    private static Attempt publishOnce(PublicationDriver driver, WorkerPorts ports, String invocation, int rows) {
        PublicationPorts publication = new PublicationPorts(
                ports.catalog(),
                ports.ddl(),
                ports.authority(PublicationDriver.FACADE.control()),
                ports.facade(),
                ports.loader(),
                ports.clock(),
                ports.sleeper());
        InternalPublicationService service = new InternalPublicationService(
                publication, driver.settings(), Sha256ProtocolDigests.INSTANCE, ports.randomBits());
        try {
            return new Attempt.Receipt(
                    service.publish(invocation, source(rows), Cancellation.NEVER, ProgressListener.NONE));
        } catch (DponeException refused) {
            return new Attempt.Refused(refused);
        }
    }

    /** {@code rows} typed rows whose values are distinctive, so that the leak scan finds any that leaks. */
    private static PublicationSource source(int rows) {
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            cells.add(List.of(Integer.toString(i), EvidenceLeakScan.ROW_VALUE_PREFIX + i));
        }
        return new PublicationSource.Rows(
                List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("v", "String")), cells);
    }
}
