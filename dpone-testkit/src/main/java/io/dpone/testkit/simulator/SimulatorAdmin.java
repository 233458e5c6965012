package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.ControlTableColumns;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.world.LocalStatement;
import io.dpone.testkit.simulator.world.QueueEntry;
import io.dpone.testkit.simulator.world.SimDatabaseAccess;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import io.dpone.testkit.simulator.world.World;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * Direct changes to the simulated cluster, outside any worker and outside the ports: fixtures
 * (databases, tables, rows, the control facade), local statements on one member, drift, member
 * faults and queue manipulation. Every change is a trace step of actor {@code admin}. Call it from
 * the test thread between runs, or from a {@link SimulatorFault.Admin} during one.
 */
public final class SimulatorAdmin {
    private final World world;

    SimulatorAdmin(World world) {
        this.world = world;
    }

    /** An Atomic database of this name on every member. */
    public SimulatorAdmin createDatabase(String database) {
        world.members().forEach(member -> createDatabase(member.index, database, "Atomic"));
        return this;
    }

    /** A database with any engine on one member (drift: e.g. {@code Ordinary} or {@code Replicated}). */
    public SimulatorAdmin createDatabase(int member, String database, String engine) {
        SimDatabaseAccess.create(member(member), database, engine);
        world.trace("admin", "create database on member" + member);
        return this;
    }

    /**
     * Creates {@code table} on every configured member with one UUID, as {@code CREATE ... ON CLUSTER}
     * would, and returns that UUID.
     *
     * @throws IllegalStateException if a member refuses (the fixture is wrong)
     */
    public UUID createTable(TableRef table, TableSpec spec) {
        UUID uuid = world.newUuid();
        for (SimMember member : world.configuredMembers()) {
            LocalResult result = createTable(member.index, table, spec, uuid);
            if (result instanceof LocalResult.Failed failed) {
                throw new IllegalStateException(
                        "fixture table refused on member" + member.index + ": code " + failed.code());
            }
        }
        return uuid;
    }

    /** The local {@code CREATE TABLE ... UUID} on one member. */
    public LocalResult createTable(int member, TableRef table, TableSpec spec, UUID uuid) {
        return local(
                member,
                new LocalStatement.Create(table.database(), table.table(), spec, false),
                requireNonNull(uuid, "uuid is null"));
    }

    /** The V1 KeeperMap control table on every configured member, rooted at {@code keeperRoot}. */
    public SimulatorAdmin createControlTable(TableRef control, String keeperRoot) {
        UUID uuid = world.newUuid();
        world.configuredMembers().forEach(member -> createControlTable(member.index, control, keeperRoot, uuid));
        return this;
    }

    /** The control table on one member only: a partially created facade. */
    public LocalResult createControlTable(int member, TableRef control, String keeperRoot, UUID uuid) {
        List<ColumnSpec> columns = ControlTableColumns.typedColumns().stream()
                .map(typed ->
                        ColumnSpec.of(typed.substring(0, typed.indexOf(' ')), typed.substring(typed.indexOf(' ') + 1)))
                .toList();
        return createTable(
                member,
                control,
                new TableSpec(columns, new EngineSpec.KeeperMap(keeperRoot, ControlTableColumns.TARGET_KEY)),
                uuid);
    }

    /** Rows already present and replicated on every member (a fixture's existing data). */
    public SimulatorAdmin insertRows(TableRef table, long rows) {
        SimTable first = null;
        for (SimMember member : world.configuredMembers()) {
            SimTable found = requireTable(member, table);
            if (!found.replicated()) {
                found.localRows += rows;
            } else if (first == null) {
                first = found;
            }
        }
        if (first != null) {
            world.replication().seed(first, rows);
        }
        world.trace("admin", "rows in " + table.table());
        return this;
    }

    /** An insert through one member; other replicas get the rows by replication over virtual time. */
    public SimulatorAdmin insertRows(int member, TableRef table, long rows) {
        SimTable found = requireTable(member(member), table);
        if (found.replicated()) {
            world.replication().insert(member(member), found, rows);
        } else {
            found.localRows += rows;
        }
        world.trace("admin", "insert into " + table.table() + " via member" + member);
        return this;
    }

    /**
     * An outside writer changes one value on one member: {@code column} of the first typed row of
     * {@code table} (a row a direct member insert wrote) becomes {@code value}, which must be of the
     * column type's canonical Java class. External mode's divergence fault.
     */
    public SimulatorAdmin changeRow(int member, TableRef table, String column, Object value) {
        SimTable found = requireTable(member(member), table);
        if (found.typedRows.isEmpty() || !found.typedRows.get(0).containsKey(column)) {
            throw new IllegalArgumentException("no typed row with that column on member" + member);
        }
        found.typedRows.get(0).put(column, value);
        world.trace("admin", "a row of " + table.table() + " changed on member" + member);
        return this;
    }

    /** {@code EXCHANGE TABLES a AND b} on one member only. */
    public LocalResult exchange(int member, TableRef first, TableRef second) {
        return local(member, new LocalStatement.Exchange(first.database(), first.table(), second.table()), null);
    }

    /** {@code RENAME TABLE from TO to} on one member only. */
    public LocalResult rename(int member, TableRef from, TableRef to) {
        return local(member, new LocalStatement.Rename(from.database(), from.table(), to.table()), null);
    }

    /** {@code DROP TABLE IF EXISTS} on one member only. */
    public LocalResult dropIfExists(int member, TableRef table) {
        return local(member, new LocalStatement.DropIfExists(table.database(), table.table()), null);
    }

    /** Drift: the table on one member gets another UUID; a {@code {uuid}} path follows it. */
    public UUID driftUuid(int member, TableRef table) {
        UUID uuid = world.newUuid();
        SimDatabaseAccess.replaceUuid(world, member(member), requireTable(member(member), table), uuid);
        world.trace("admin", "drift uuid of " + table.table() + " on member" + member);
        return uuid;
    }

    /** Drift: another {@code engine_full} on one member. */
    public SimulatorAdmin driftEngineFull(int member, TableRef table, String engineFull) {
        requireTable(member(member), table).engineFull = requireNonNull(engineFull, "engineFull is null");
        world.trace("admin", "drift engine of " + table.table() + " on member" + member);
        return this;
    }

    /** Drift: other columns on one member. */
    public SimulatorAdmin driftColumns(int member, TableRef table, List<ColumnSpec> columns) {
        requireTable(member(member), table).columns = List.copyOf(columns);
        world.trace("admin", "drift columns of " + table.table() + " on member" + member);
        return this;
    }

    /** Drift: another replication path on one member. */
    public SimulatorAdmin driftKeeperPath(int member, TableRef table, String zookeeperPath) {
        SimDatabaseAccess.movePath(
                world,
                member(member),
                requireTable(member(member), table),
                requireNonNull(zookeeperPath, "zookeeperPath is null"));
        world.trace("admin", "drift keeper path of " + table.table() + " on member" + member);
        return this;
    }

    /** Membership drift: the member leaves every member's {@code <remote_servers>} (it keeps running). */
    public SimulatorAdmin removeFromCluster(int member) {
        world.configuredMembers().remove(member(member));
        world.trace("admin", "member" + member + " removed from the cluster configuration");
        return this;
    }

    /** Membership drift: a new running member without databases, listed last; returns its index. */
    public int addMember(String host, int port) {
        int index = world.members().size();
        world.addMember(new HostEndpoint(host, port), "10.0.0." + (index + 1), "01", "r" + (index + 1));
        world.trace("admin", "member" + index + " added to the cluster configuration");
        return index;
    }

    public SimulatorAdmin pause(int member) {
        world.pause(member(member));
        return this;
    }

    public SimulatorAdmin resume(int member) {
        world.resume(member(member));
        return this;
    }

    /**
     * Holds the member's DDL worker up, as a long earlier entry in its queue would: the member keeps
     * answering reads and writes but starts no queue entry until {@link #releaseDdl}.
     */
    public SimulatorAdmin stallDdl(int member) {
        member(member).ddlStalled = true;
        world.trace("admin", "member" + member + " DDL worker stalled");
        return this;
    }

    /**
     * The member's DDL worker spends {@code duration} executing the next entry it starts (once), as a
     * slow statement would; the host shows Active meanwhile.
     */
    public SimulatorAdmin slowDdlExecution(int member, Duration duration) {
        member(member).slowNextDdl = duration.toMillis();
        world.trace("admin", "member" + member + " executes its next DDL entry for " + duration.toMillis() + " ms");
        return this;
    }

    /** Lets a stalled DDL worker go on with the entries it skipped, in queue order. */
    public SimulatorAdmin releaseDdl(int member) {
        member(member).ddlStalled = false;
        world.trace("admin", "member" + member + " DDL worker released");
        world.kickDdl(member(member));
        return this;
    }

    /** The Keeper log's latest index now: what a follower that stops applying here will keep serving. */
    public long keeperLogIndex() {
        return world.keeperLog().latest();
    }

    /**
     * The member's Keeper session expires and its new one attaches to a follower that has applied the
     * log only up to {@code index} (a coordinator address that load-balances over servers, so the new
     * session starts without the {@code sync} of the old one's view): the member's next stale reads
     * ({@link SimulatorFault.StaleRead}) show the log as it was at {@code index}, older than what it wrote.
     */
    public SimulatorAdmin loseKeeperSessionToLaggingFollower(int member, long index) {
        SimMember target = member(member);
        world.loseKeeperSession(target);
        target.rewindKeeperView(index);
        world.trace("admin", "member" + member + " keeper session re-attached to a follower at log index " + index);
        return this;
    }

    public SimulatorAdmin kill(int member) {
        world.kill(member(member));
        return this;
    }

    public SimulatorAdmin restart(int member) {
        world.restart(member(member));
        return this;
    }

    /** The member's server time zone from now on, as after a restart with another {@code <timezone>}. */
    public SimulatorAdmin timeZone(int member, String zone) {
        member(member).timeZone = zone;
        return this;
    }

    /** The member sessions' principal loses {@code privilege} (one of {@code MemberPolicy.REQUIRED}) on every database. */
    public SimulatorAdmin denyPrivilege(int member, String privilege) {
        member(member).deniedPrivileges.add(privilege);
        return this;
    }

    /** The server's {@code merge_tree} default {@code non_replicated_deduplication_window} from now on. */
    public SimulatorAdmin deduplicationWindowDefault(int member, long window) {
        member(member).deduplicationWindowDefault = window;
        return this;
    }

    /** The member's server {@code version()} from now on, as after an upgrade and restart. */
    public SimulatorAdmin serverVersion(int member, String version) {
        member(member).serverVersion = version;
        return this;
    }

    /** Whether the member knows {@code keeper_map_strict_mode} (24.8 does). */
    public SimulatorAdmin strictModeKnown(int member, boolean known) {
        member(member).knowsStrictMode = known;
        return this;
    }

    /** Whether the member knows {@code validate_mutation_query} (24.11+; 24.8 does not). */
    public SimulatorAdmin validateMutationQueryKnown(int member, boolean known) {
        member(member).knowsValidateMutationQuery = known;
        return this;
    }

    /** A write to a KeeperMap root by an outside writer (not the authority), raising the version if the key exists. */
    public SimulatorAdmin putControlRow(String keeperRoot, ControlRow row) {
        world.keeperMap(keeperRoot).put(row);
        world.trace("admin", "outside write to the control store");
        return this;
    }

    /** The entry enqueued again with the same query and settings: two entries carry one token; hosts run both. */
    public String duplicateEntry(String entryName) {
        QueueEntry original = world.queue().entries().stream()
                .filter(e -> e.name.equals(entryName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no such queue entry"));
        return SimDatabaseAccess.reEnqueue(world, original).name;
    }

    /**
     * From now on {@code member}'s row of the newest queue entry of {@code kind} reads as
     * {@code damage}. No ClickHouse 24.8 server shows such a row ({@link HostRowDamage}); this exists
     * to prove that the service treats one as unknown evidence. Returns the entry's name.
     */
    public String damageHostRow(StatementKind kind, int member, HostRowDamage damage) {
        requireNonNull(kind, "kind is null");
        requireNonNull(damage, "damage is null");
        List<QueueEntry> entries = world.queue().entries();
        QueueEntry newest = null;
        for (QueueEntry entry : entries) {
            if (entry.kind() == kind) {
                newest = entry;
            }
        }
        if (newest == null) {
            throw new IllegalArgumentException("no queue entry of that kind");
        }
        SimDatabaseAccess.damage(newest, member(member).endpoint, damage);
        world.trace("admin", "damaged row of member" + member + " in " + newest.name + ": " + damage);
        return newest.name;
    }

    /** Membership drift undone: a member {@link #removeFromCluster} took out is listed again, in member order. */
    public SimulatorAdmin returnToCluster(int member) {
        SimMember returning = member(member);
        List<SimMember> configured = world.configuredMembers();
        if (!configured.contains(returning)) {
            int at = 0;
            while (at < configured.size() && configured.get(at).index < member) {
                at++;
            }
            configured.add(at, returning);
        }
        world.trace("admin", "member" + member + " listed in the cluster configuration again");
        return this;
    }

    /** One cleanup pass now, as a host would run it, with {@code retention} as {@code task_max_lifetime}. */
    public SimulatorAdmin cleanupQueue(Duration retention) {
        world.queue().cleanup("admin", retention.toMillis());
        return this;
    }

    private LocalResult local(int member, LocalStatement statement, UUID uuid) {
        LocalResult result = SimDatabaseAccess.apply(world, member(member), statement, uuid);
        world.trace(
                "admin", statement.getClass().getSimpleName() + " on member" + member + " -> code " + result.code());
        return result;
    }

    private SimMember member(int index) {
        if (index < 0 || index >= world.members().size()) {
            throw new IllegalArgumentException("no member " + index);
        }
        return world.members().get(index);
    }

    private static SimTable requireTable(SimMember member, TableRef table) {
        SimTable found = member.table(table.database(), table.table());
        if (found == null) {
            throw new IllegalArgumentException("no such table on member" + member.index);
        }
        return found;
    }
}
