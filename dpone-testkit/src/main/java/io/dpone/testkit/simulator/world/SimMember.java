package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.testkit.simulator.MemberState;
import io.dpone.testkit.simulator.engine.WakeList;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * One simulated ClickHouse server: its configured identity, process state, Keeper session, catalog
 * and DDL worker. Steps that belong to the member run only while it is up and initialised; a
 * paused member's steps wait in {@link #deferred} and run on resume, a killed member's are dropped
 * ({@link #incarnation}).
 */
public final class SimMember {
    public final int index;
    public final HostEndpoint endpoint;
    public final String hostAddress;
    public final String shardMacro;
    public final String replicaMacro;
    public final Map<String, SimDatabase> databases = new LinkedHashMap<>();
    /**
     * UUIDs of tables dropped from an Atomic database: the server keeps a dropped table's data
     * directory (named by its UUID) until it removes it for good, and refuses a {@code CREATE} with
     * that UUID meanwhile (57, observed on the local real harness). The simulator never removes it.
     */
    final Set<UUID> droppedUuids = new HashSet<>();

    public MemberState state = MemberState.UP;
    /** Keeper session: expired while down longer than the session timeout; until reinitialised after. */
    public boolean sessionExpired;
    /**
     * The member's DDL worker is held up (as behind a long earlier entry of its queue): it answers
     * reads and writes, but starts no queue entry until released.
     */
    public boolean ddlStalled;
    /** How long the next entry this member starts takes to execute (once; 0: the drawn duration). */
    public long slowNextDdl;

    public boolean initializing;
    /** Known settings: strict KeeperMap mode and (24.11+) {@code validate_mutation_query}. */
    public boolean knowsStrictMode = true;

    public boolean knowsValidateMutationQuery;
    /** The server's {@code timezone()}: where a date-time without a zone of its own lands. */
    public String timeZone = "UTC";
    /** Privileges of {@code MemberPolicy.REQUIRED} the member sessions' principal lacks on every database. */
    public java.util.Set<String> deniedPrivileges = new java.util.LinkedHashSet<>();
    /** The server's {@code merge_tree} default {@code non_replicated_deduplication_window} (0 as shipped). */
    public long deduplicationWindowDefault;
    /** The server's {@code version()}, as the member read reports it. */
    public String serverVersion = ServerErrors.VERSION;

    long session = 1;
    /**
     * The highest {@link KeeperLog} index this member's KeeperMap client has seen; -1 until its first
     * use, which synchronises it ({@code StorageKeeperMap::getClient} calls {@code sync} whenever it
     * takes a new session), and again after the process restarted.
     */
    long keeperSeen = -1;

    /** A new Keeper session served by a follower at {@code index}: its stale reads see no later write. */
    public void rewindKeeperView(long index) {
        keeperSeen = index;
    }

    long incarnation = 1;
    long downEpoch;
    final List<Runnable> deferred = new ArrayList<>();
    /** Mutations whose client gave up while the member was paused; the server runs them on resume. */
    final List<Runnable> pendingRequests = new ArrayList<>();

    public final WakeList resumed = new WakeList();
    final DdlHostWorker ddlWorker;

    SimMember(
            int index, HostEndpoint endpoint, String hostAddress, String shardMacro, String replicaMacro, World world) {
        this.index = index;
        this.endpoint = endpoint;
        this.hostAddress = hostAddress;
        this.shardMacro = shardMacro;
        this.replicaMacro = replicaMacro;
        this.ddlWorker = new DdlHostWorker(this, world);
    }

    /** Up, with a live session, and not re-initialising: background steps may run. */
    public boolean ready() {
        return state == MemberState.UP && !sessionExpired && !initializing;
    }

    public String label() {
        return "member" + index;
    }

    public SimTable table(String database, String table) {
        SimDatabase db = databases.get(database);
        return db == null ? null : db.tables.get(table);
    }
}
