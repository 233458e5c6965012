package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.modes.acceptance.PublicationDriver;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.SimulatorAdmin;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.function.Consumer;

/**
 * The target drifts both modes' schedule generators draw: the mode's generator picks member, step
 * and kind from its own random stream, so a seed's schedule does not depend on this class.
 */
final class DriftDraws {
    private static final TableRef TARGET = PublicationDriver.TARGET;

    private DriftDraws() {}

    static Schedule.PlannedFault uuid(int member, Step step) {
        return onTarget(
                "uuid drift of the target on member " + member, step, member, admin -> admin.driftUuid(member, TARGET));
    }

    /** The target's engine becomes {@code engine} (a full engine clause of the mode's member tables). */
    static Schedule.PlannedFault engine(int member, Step step, String engine) {
        return onTarget(
                "engine drift of the target on member " + member,
                step,
                member,
                admin -> admin.driftEngineFull(member, TARGET, engine));
    }

    /** The target gains a column. */
    static Schedule.PlannedFault schema(int member, Step step) {
        return onTarget(
                "schema drift of the target on member " + member,
                step,
                member,
                admin -> admin.driftColumns(
                        member,
                        TARGET,
                        List.of(
                                ColumnSpec.of("id", "UInt64"),
                                ColumnSpec.of("v", "String"),
                                ColumnSpec.of("extra", "UInt8"))));
    }

    /** Drift of the target on one member, if the target exists there when the step comes. */
    static Schedule.PlannedFault onTarget(String label, Step step, int member, Consumer<SimulatorAdmin> drift) {
        return new Schedule.PlannedFault(
                label,
                FaultClass.DRIFT,
                step,
                (sim, acted) -> SimulatorFault.admin(label, admin -> {
                    if (sim.observe().table(member, TARGET).isPresent()) {
                        drift.accept(sim.admin());
                        acted.add(FaultClass.DRIFT);
                    }
                }));
    }
}
