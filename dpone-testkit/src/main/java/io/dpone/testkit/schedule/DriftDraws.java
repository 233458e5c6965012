package io.dpone.testkit.schedule;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.SimulatorAdmin;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.function.Consumer;

/**
 * The target drifts both modes' schedules draw: the generator picks member, step and kind from the
 * schedule's random stream, so a seed's schedule does not depend on this class.
 */
public final class DriftDraws {
    private DriftDraws() {}

    static Schedule.PlannedFault uuid(TableRef target, int member, Step step) {
        return onTarget(
                "uuid drift of the target on member " + member,
                target,
                step,
                member,
                admin -> admin.driftUuid(member, target));
    }

    /** The target's engine becomes {@code engine} (a full engine clause of the mode's member tables). */
    static Schedule.PlannedFault engine(TableRef target, int member, Step step, String engine) {
        return onTarget(
                "engine drift of the target on member " + member,
                target,
                step,
                member,
                admin -> admin.driftEngineFull(member, target, engine));
    }

    /** The target gains a column. */
    static Schedule.PlannedFault schema(TableRef target, int member, Step step) {
        return onTarget(
                "schema drift of the target on member " + member,
                target,
                step,
                member,
                admin -> admin.driftColumns(
                        member,
                        target,
                        List.of(
                                ColumnSpec.of("id", "UInt64"),
                                ColumnSpec.of("v", "String"),
                                ColumnSpec.of("extra", "UInt8"))));
    }

    /** Drift of the target on one member, if the target exists there when the step comes. */
    public static Schedule.PlannedFault onTarget(
            String label, TableRef target, Step step, int member, Consumer<SimulatorAdmin> drift) {
        return new Schedule.PlannedFault(
                label,
                FaultClass.DRIFT,
                step,
                (sim, acted) -> SimulatorFault.admin(label, admin -> {
                    if (sim.observe().table(member, target).isPresent()) {
                        drift.accept(sim.admin());
                        acted.add(FaultClass.DRIFT);
                    }
                }));
    }
}
