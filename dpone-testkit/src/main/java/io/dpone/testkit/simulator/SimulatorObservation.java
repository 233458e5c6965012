package io.dpone.testkit.simulator;

import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.ddl.QueueRows;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ports.CallGate;
import io.dpone.testkit.simulator.ports.FaultState;
import io.dpone.testkit.simulator.world.KeeperMapStore;
import io.dpone.testkit.simulator.world.QueueEntry;
import io.dpone.testkit.simulator.world.QueueRowsView;
import io.dpone.testkit.simulator.world.SimDatabase;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import io.dpone.testkit.simulator.world.World;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Read-only snapshots of the simulated cluster for assertions: members and their tables, the DDL
 * queue with per-host rows, KeeperMap contents and every port call. Reading does not advance time
 * and is not a trace step.
 */
public final class SimulatorObservation {
    private final World world;
    private final CallGate gate;
    private final FaultState faults;

    SimulatorObservation(World world, CallGate gate, FaultState faults) {
        this.world = world;
        this.gate = gate;
        this.faults = faults;
    }

    /** The Keeper and host fault effects that happened so far, by kind (absent: none). */
    public Map<WorldEvent, Integer> worldEvents() {
        return Map.copyOf(world.events());
    }

    /** Whether {@code fault}, armed in this simulation (by identity), fired at least once. */
    public boolean fired(SimulatorFault fault) {
        return faults.fired(fault);
    }

    /** Virtual milliseconds since the start. */
    public long now() {
        return world.now();
    }

    public List<MemberView> members() {
        return world.members().stream().map(SimulatorObservation::view).toList();
    }

    public MemberView member(int index) {
        return view(world.members().get(index));
    }

    /** The table on one member, if it exists there. */
    public Optional<TableView> table(int member, TableRef table) {
        return member(member).table(table);
    }

    /**
     * The typed values of the rows direct member inserts wrote into a non-replicated table on one
     * member (external mode), each by column name, in insertion order; empty when there is none.
     */
    public List<Map<String, Object>> typedRows(int member, TableRef table) {
        SimTable found = world.members().get(member).table(table.database(), table.table());
        return found == null
                ? List.of()
                : found.typedRows.stream()
                        .map(row -> Collections.unmodifiableMap(new LinkedHashMap<>(row)))
                        .toList();
    }

    /** The replication facts a health read would show for a replicated table on one member. */
    public Optional<ReplicaHealth> replicaHealth(int member, TableRef table) {
        SimMember simMember = world.members().get(member);
        SimTable found = simMember.table(table.database(), table.table());
        return found == null || !found.replicated()
                ? Optional.empty()
                : Optional.of(world.replication().health(simMember, found));
    }

    /** Every entry still in the queue, in queue order. */
    public List<QueueEntryView> queue() {
        return world.queue().entries().stream()
                .map(entry -> new QueueEntryView(
                        entry.name,
                        entry.cluster,
                        entry.query,
                        entry.settings,
                        entry.hosts,
                        entry.createdAt,
                        isRemoving(entry),
                        QueueRows.fromHostRows(entry.cluster, QueueRowsView.hostRows(entry))))
                .toList();
    }

    /** Entries whose {@code log_comment} is {@code token}. */
    public List<QueueEntryView> entriesWithToken(String token) {
        return queue().stream()
                .filter(entry -> token.equals(entry.logComment()))
                .toList();
    }

    /** The rows of a KeeperMap root with their {@code _version}; empty if nothing was ever written there. */
    public Map<String, VersionedRow> keeperMap(String keeperRoot) {
        KeeperMapStore store = world.keeperMaps().get(keeperRoot);
        return store == null ? Map.of() : store.snapshot();
    }

    /** Every KeeperMap root written so far, with its rows and their {@code _version}, in creation order. */
    public Map<String, Map<String, VersionedRow>> keeperMaps() {
        Map<String, Map<String, VersionedRow>> roots = new LinkedHashMap<>();
        world.keeperMaps().forEach((root, store) -> roots.put(root, store.snapshot()));
        return roots;
    }

    /** The members {@code <remote_servers>} lists now, by index, in configuration order. */
    public List<Integer> configuredMembers() {
        return world.configuredMembers().stream().map(member -> member.index).toList();
    }

    /** Every port call so far. */
    public CallLog calls() {
        return new CallLog(gate.records());
    }

    private static boolean isRemoving(QueueEntry entry) {
        return entry.isRemoving();
    }

    private static MemberView view(SimMember member) {
        Map<String, String> databases = new LinkedHashMap<>();
        Map<TableRef, TableView> tables = new LinkedHashMap<>();
        for (Map.Entry<String, SimDatabase> db : member.databases.entrySet()) {
            databases.put(db.getKey(), db.getValue().engine);
            db.getValue().tables.forEach((name, table) -> tables.put(new TableRef(db.getKey(), name), view(table)));
        }
        return new MemberView(member.index, member.endpoint, member.state, member.sessionExpired, databases, tables);
    }

    private static TableView view(SimTable table) {
        boolean replicated = table.replicated();
        return new TableView(
                table.uuid,
                table.engineName,
                table.engineFull,
                table.columns,
                table.rows(),
                Optional.ofNullable(table.zookeeperPath),
                Optional.ofNullable(table.replicaName),
                replicated ? Optional.of(table.replica.logPointer) : Optional.empty(),
                replicated ? Optional.of(table.replica.queueSize()) : Optional.empty());
    }
}
