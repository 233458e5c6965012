package io.dpone.testkit.simulator;

import io.dpone.clickhouse.cluster.sql.TableRef;

/**
 * Checks, before a service of either mode runs on the simulator, the setup the simulator cannot create for it.
 * Mode-free, so each mode's entry point calls it once.
 */
public final class SimulatedSetup {
    private SimulatedSetup() {}

    /**
     * The control facade's database must exist on every member: the service creates the facade's
     * table but never a database, and a missing one would surface later as an incomplete bootstrap.
     */
    public static void requireControlDatabase(ClusterSimulator simulator, TableRef control) {
        for (MemberView member : simulator.observe().members()) {
            if (!member.databases().containsKey(control.database())) {
                throw new IllegalStateException(
                        "the control database '" + control.database() + "' does not exist on simulated"
                                + " member " + member.index()
                                + "; create it before publishing: simulator.admin().createDatabase(\""
                                + control.database() + "\")");
            }
        }
    }
}
