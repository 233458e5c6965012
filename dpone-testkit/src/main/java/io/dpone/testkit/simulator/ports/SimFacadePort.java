package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.FacadePort;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The simulated {@link FacadePort}: one fan-out read over every configured member (an unavailable
 * member fails it as a whole). Per member: absent, or present with its {@code engine_full}, its
 * {@code name type} columns, the strict-mode and prevalidation capabilities and the target slot
 * as that member's table reads it from the KeeperMap root it names. A present control table that is
 * not a KeeperMap table cannot be read for the slot and is reported unreadable for that member.
 */
public final class SimFacadePort implements FacadePort {
    private final PortContext context;

    public SimFacadePort(PortContext context) {
        this.context = context;
    }

    @Override
    public CatalogRead<List<FacadeObservation>> observe(String cluster, FacadeSpec spec, Digest targetKey) {
        SqlQuoting.requireValidIdentifier(cluster);
        Objects.requireNonNull(spec, "spec is null");
        Objects.requireNonNull(targetKey, "targetKey is null");
        List<SimMember> members = context.world().configured(cluster);
        return Reads.run(context, PortCall.FACADE_OBSERVE, members, () -> {
            List<FacadeObservation> observations = new ArrayList<>();
            for (SimMember member : members) {
                observations.add(observe(member, spec, targetKey));
            }
            return new CatalogRead.Observed<>(List.copyOf(observations));
        }, CatalogRead.Unreadable::failed, SimCatalogPort::describe);
    }

    private FacadeObservation observe(SimMember member, FacadeSpec spec, Digest targetKey) {
        SimTable table = member.table(spec.control().database(), spec.control().table());
        if (table == null) {
            return new FacadeObservation.Absent(member.endpoint, member.knowsStrictMode);
        }
        if (table.keeperMapRoot() == null) {
            return new FacadeObservation.Unreadable(member.endpoint, "target slot could not be read");
        }
        return new FacadeObservation.Present(member.endpoint, table.engineFull, table.typedColumns(), member.knowsStrictMode,
                member.knowsValidateMutationQuery, context.world().keeperMap(table.keeperMapRoot()).read(targetKey.hex()));
    }
}
