package io.dpone.testkit.simulator.ports;

import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.World;
import java.util.function.Supplier;

/** What every port of one worker shares: the world, the gate, the worker's name, member and query ids. */
public record PortContext(World world, CallGate gate, String worker, int memberIndex, Supplier<String> queryIds) {
    public SimMember member() {
        return world.members().get(memberIndex);
    }
}
