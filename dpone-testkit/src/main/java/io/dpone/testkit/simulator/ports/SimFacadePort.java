package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.WorldEvent;
import io.dpone.testkit.simulator.world.KeeperMapStore;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The simulated {@link FacadePort}, with the real adapter's ({@code StrictFacadeAdapter}) shape: one
 * fan-out read of every configured member's facts (an unavailable member fails it as a whole): absent,
 * or present with its {@code engine_full}, its {@code name type} columns and the strict-mode and
 * prevalidation settings it knows; then, only when every member has the table, the target slot with
 * {@code _version} as each member's table reads it from the KeeperMap root it names. Where the facade
 * is not present everywhere no slot is read and every {@code Present.slot()} is empty. A table that
 * is not a KeeperMap table has no {@code _version}: the slot read, and so the observation, fails.
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
        return Reads.run(
                context,
                PortCall.FACADE_OBSERVE,
                members,
                started -> answer(members, spec, targetKey, started.stale),
                CatalogRead.Unreadable::failed,
                SimCatalogPort::describe);
    }

    private CatalogRead<List<FacadeObservation>> answer(
            List<SimMember> members, FacadeSpec spec, Digest targetKey, boolean stale) {
        boolean everywhere = !members.isEmpty() && members.stream().allMatch(member -> table(member, spec) != null);
        if (everywhere
                && members.stream().anyMatch(member -> table(member, spec).keeperMapRoot() == null)) {
            return CatalogRead.Unreadable.failed(ReadFailure.server(ServerError.fromRaw(
                    47,
                    ServerErrors.format(
                            47, "UNKNOWN_IDENTIFIER", "Missing columns: '_version' while processing query"))));
        }
        List<FacadeObservation> observations = new ArrayList<>();
        for (SimMember member : members) {
            SimTable table = table(member, spec);
            if (table == null) {
                observations.add(new FacadeObservation.Absent(member.endpoint, member.knowsStrictMode));
                continue;
            }
            Optional<VersionedRow> slot = everywhere ? slot(member, table, targetKey.hex(), stale) : Optional.empty();
            observations.add(new FacadeObservation.Present(
                    member.endpoint,
                    table.engineFull,
                    table.typedColumns(),
                    member.knowsStrictMode,
                    member.knowsValidateMutationQuery,
                    slot));
        }
        return new CatalogRead.Observed<>(List.copyOf(observations));
    }

    /** The slot as the member's own session reads it: from a lagging follower when the call's reads are stale. */
    private Optional<VersionedRow> slot(SimMember member, SimTable table, String key, boolean stale) {
        KeeperMapStore store = context.world().keeperMap(table.keeperMapRoot());
        Optional<VersionedRow> read = store.readAt(key, context.world().keeperView(member, stale));
        if (stale && !read.equals(store.read(key))) {
            context.world().event(WorldEvent.STALE_READ);
        }
        return read;
    }

    private static SimTable table(SimMember member, FacadeSpec spec) {
        return member.table(spec.control().database(), spec.control().table());
    }
}
