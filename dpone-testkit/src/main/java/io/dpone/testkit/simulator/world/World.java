package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.simulator.MemberState;
import io.dpone.testkit.simulator.SimulatorTimings;
import io.dpone.testkit.simulator.StepObserver;
import io.dpone.testkit.simulator.WorldEvent;
import io.dpone.testkit.simulator.engine.Scheduler;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The simulated shard: members, the one cluster configuration they all load, and the shared Keeper
 * (KeeperMap stores, replication logs, the DDL queue). Everything here runs on the scheduler's baton
 * holder. Member lifecycle (pause, resume, kill, restart) and Keeper sessions live here because they
 * gate every member's background steps.
 */
public final class World {
    public static final String KEEPER_MAP_PREFIX = "/keeper_map_tables";

    private final Scheduler scheduler;
    private final SimulatorTimings timings;
    private final String clusterName;
    private final boolean internalReplication;
    private final List<SimMember> members = new ArrayList<>();
    private final List<SimMember> configured = new ArrayList<>();
    private final KeeperLog keeperLog = new KeeperLog();
    private final Map<String, KeeperMapStore> keeperMaps = new LinkedHashMap<>();
    private final Map<WorldEvent, Integer> events = new EnumMap<>(WorldEvent.class);
    private final Replication replication = new Replication(this);
    private final DdlQueue queue = new DdlQueue(this);
    private final LocalEffects effects = new LocalEffects(this);
    private final MemberLifecycle lifecycle = new MemberLifecycle(this);
    private HostFaults hostFaults = HostFaults.NONE;
    private final List<StepObserver> observers = new ArrayList<>();

    public World(Scheduler scheduler, SimulatorTimings timings, String clusterName, boolean internalReplication) {
        this.scheduler = scheduler;
        this.timings = timings;
        this.clusterName = clusterName;
        this.internalReplication = internalReplication;
    }

    /** Adds a running member and lists it last in the cluster configuration. */
    public SimMember addMember(HostEndpoint endpoint, String hostAddress, String shardMacro, String replicaMacro) {
        SimMember member = new SimMember(members.size(), endpoint, hostAddress, shardMacro, replicaMacro, this);
        members.add(member);
        configured.add(member);
        return member;
    }

    public List<SimMember> members() {
        return members;
    }

    /** The members {@code <remote_servers>} lists for {@code cluster}, in order; empty for another name. */
    public List<SimMember> configured(String cluster) {
        return cluster.equals(clusterName) ? configured : List.of();
    }

    public List<SimMember> configuredMembers() {
        return configured;
    }

    public String clusterName() {
        return clusterName;
    }

    public boolean internalReplication() {
        return internalReplication;
    }

    public SimulatorTimings timings() {
        return timings;
    }

    public Scheduler scheduler() {
        return scheduler;
    }

    public long now() {
        return scheduler.now();
    }

    public DdlQueue queue() {
        return queue;
    }

    public Replication replication() {
        return replication;
    }

    LocalEffects effects() {
        return effects;
    }

    HostFaults hostFaults() {
        return hostFaults;
    }

    public void hostFaults(HostFaults faults) {
        this.hostFaults = faults;
    }

    /** Adds a step observer; observers run in the order they were added. */
    public void addObserver(StepObserver observer) {
        observers.add(observer);
    }

    public List<StepObserver> observers() {
        return observers;
    }

    public void trace(String actor, String text) {
        scheduler.trace(actor, text);
    }

    public long draw(SimulatorTimings.Range range) {
        return scheduler.between(range.min(), range.max());
    }

    /** A seeded version-4 UUID, as the initiator generates for a {@code CREATE} entry. */
    public UUID newUuid() {
        long high = (scheduler.nextLong() & ~0xF000L) | 0x4000L;
        long low = (scheduler.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low);
    }

    /** The store of a KeeperMap root (relative to {@code keeper_map_path_prefix}), created on first use. */
    public KeeperMapStore keeperMap(String root) {
        return keeperMaps.computeIfAbsent(root, r -> new KeeperMapStore(KEEPER_MAP_PREFIX + r, keeperLog));
    }

    /**
     * The Keeper log index a KeeperMap read through {@code member} is served at: the leader's latest
     * (the session then has seen it), or, from a lagging follower ({@code stale}), what the member's
     * session saw last; a client's first read is synchronised.
     */
    public long keeperView(SimMember member, boolean stale) {
        if (!stale || member.keeperSeen < 0) {
            member.keeperSeen = keeperLog.latest();
        }
        return member.keeperSeen;
    }

    /** The Keeper's commit order of KeeperMap writes and distributed DDL queue nodes. */
    public KeeperLog keeperLog() {
        return keeperLog;
    }

    /** A write through {@code member}'s session went through the leader: its session has seen the whole log. */
    public void keeperCaughtUp(SimMember member) {
        member.keeperSeen = keeperLog.latest();
    }

    /** Counts one {@link WorldEvent} that took effect. */
    public void event(WorldEvent event) {
        events.merge(event, 1, Integer::sum);
    }

    public Map<WorldEvent, Integer> events() {
        return events;
    }

    /** The member's Keeper session is lost now: a new one replaces it, and the server re-initialises. */
    public void loseKeeperSession(SimMember member) {
        lifecycle.loseSession(member);
    }

    public Map<String, KeeperMapStore> keeperMaps() {
        return keeperMaps;
    }

    /**
     * The initiator's enqueue (semantics note section 1): one entry holding the formatted query, the
     * changed settings, every configured host of {@code cluster} and the initiator's own address.
     */
    public QueueEntry enqueue(
            SimMember initiator,
            String cluster,
            String query,
            Map<String, String> settings,
            LocalStatement statement,
            UUID createUuid,
            StatementKind kind) {
        List<HostEndpoint> hosts =
                configured(cluster).stream().map(member -> member.endpoint).toList();
        QueueEntry entry = queue.enqueue(
                cluster,
                query,
                settings,
                hosts,
                initiator.endpoint.host() + ":" + initiator.endpoint.port(),
                statement,
                createUuid,
                kind);
        keeperCaughtUp(initiator);
        return entry;
    }

    public void schedule(long delayMillis, Runnable action) {
        scheduler.schedule(delayMillis, action);
    }

    /** Runs {@code action} as a step of {@code member}: deferred while it is not ready, dropped if it dies. */
    public void onMember(SimMember member, long delayMillis, Runnable action) {
        long incarnation = member.incarnation;
        scheduler.schedule(delayMillis, () -> {
            if (member.incarnation != incarnation) {
                return;
            }
            if (member.ready()) {
                action.run();
            } else {
                deferOrDrop(member, action);
            }
        });
    }

    void deferOrDrop(SimMember member, Runnable action) {
        if (member.state != MemberState.KILLED) {
            member.deferred.add(action);
        }
    }

    /** The member's Keeper session (and so its ephemeral nodes) still exists. */
    public boolean sessionAlive(SimMember member) {
        return !member.sessionExpired && !member.initializing;
    }

    /** A mutation whose client gave up on a paused member; the server executes it once ready again. */
    public void deferRequest(SimMember member, Runnable request) {
        member.pendingRequests.add(request);
    }

    public void pause(SimMember member) {
        lifecycle.pause(member);
    }

    public void resume(SimMember member) {
        lifecycle.resume(member);
    }

    /** Lets the member's DDL worker look at the queue again (after a stall was released). */
    public void kickDdl(SimMember member) {
        if (member.ready()) {
            member.ddlWorker.kick();
        }
    }

    public void kill(SimMember member) {
        lifecycle.kill(member);
    }

    /** Kills the member if needed and starts it again on the same data after the restart delay. */
    public void restart(SimMember member) {
        lifecycle.restart(member);
    }
}
