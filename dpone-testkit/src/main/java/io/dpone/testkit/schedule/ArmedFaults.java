package io.dpone.testkit.schedule;

import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.WorldEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One schedule's faults armed on its simulator, and afterwards the fault classes that took effect. */
final class ArmedFaults {
    private record Armed(FaultClass faultClass, SimulatorFault fault) {}

    private final ClusterSimulator simulator;
    private final List<Armed> armed = new ArrayList<>();
    private final Set<FaultClass> acted = Collections.synchronizedSet(EnumSet.noneOf(FaultClass.class));

    private ArmedFaults(ClusterSimulator simulator) {
        this.simulator = simulator;
    }

    static ArmedFaults arm(ClusterSimulator simulator, Schedule schedule) {
        ArmedFaults faults = new ArmedFaults(simulator);
        for (Schedule.PlannedFault planned : schedule.faults()) {
            SimulatorFault fault = planned.fault().build(simulator, faults.acted);
            simulator.arm(planned.step(), fault);
            faults.armed.add(new Armed(planned.faultClass(), fault));
        }
        return faults;
    }

    /** The classes that took effect: a rule that fired, an effect the simulator counted, an action that acted. */
    Set<FaultClass> exercised() {
        Set<FaultClass> exercised = EnumSet.noneOf(FaultClass.class);
        synchronized (acted) {
            exercised.addAll(acted);
        }
        for (Armed one : armed) {
            if (one.faultClass() != null
                    && one.faultClass().countsWhenFired()
                    && simulator.observe().fired(one.fault())) {
                exercised.add(one.faultClass());
            }
        }
        Map<WorldEvent, Integer> events = simulator.observe().worldEvents();
        for (FaultClass faultClass : FaultClass.values()) {
            if (faultClass.event != null && events.getOrDefault(faultClass.event, 0) > 0) {
                exercised.add(faultClass);
            }
        }
        return exercised;
    }
}
