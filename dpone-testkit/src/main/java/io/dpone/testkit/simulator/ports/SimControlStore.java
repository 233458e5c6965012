package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.authority.ControlRead;
import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import io.dpone.testkit.simulator.MemberState;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.WorldEvent;
import io.dpone.testkit.simulator.world.KeeperMapStore;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import io.dpone.testkit.simulator.world.World;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The simulated {@link ControlStore} of one control table through one member: the member's table
 * names a KeeperMap root whose one shared store every member sees (semantics note section 5). Strict
 * insert of an existing key answers 999 "Node exists" and changes nothing. The strict versioned
 * update is two Keeper round trips, as {@code StorageKeeperMap::mutate} runs it: a read of the rows
 * the predicate matches (with their {@code _version}), then one multi of versioned sets; a predicate
 * that matches nothing is an empty multi, an acknowledged no-op; a write that landed between the read
 * and the multi fails it with 999 "Bad version", nothing changed. Reads through the member's session
 * may be served by a lagging follower ({@link io.dpone.testkit.simulator.SimulatorFault.StaleRead}); a Keeper
 * session lost mid-write answers 999 "Connection loss" whether or not the multi applied. Server
 * errors are classified by the transport's own {@link FailureMapping}. Mutations run exactly once.
 */
public final class SimControlStore implements ControlStore {
    private final PortContext context;
    private final TableRef control;

    public SimControlStore(PortContext context, TableRef control) {
        this.context = context;
        this.control = Objects.requireNonNull(control, "control is null");
    }

    @Override
    public MutationOutcome insertStrict(ControlRow row, String queryId) {
        Objects.requireNonNull(row, "row is null");
        return mutate(PortCall.CONTROL_INSERT, StatementKind.KEEPER_MAP_INSERT, queryId, (store, write) -> {
            boolean created = store.createStrict(row);
            context.world().keeperCaughtUp(write.member());
            return created
                    ? new MutationOutcome.Acknowledged(queryId)
                    : rejected(
                            queryId,
                            StatementKind.KEEPER_MAP_INSERT,
                            ServerErrors.KEEPER_EXCEPTION,
                            ServerErrors.nodeExists(store.nodePath(row.targetKey())));
        });
    }

    @Override
    public MutationOutcome compareAndSwap(CasExpectation expected, ControlRow next, String queryId) {
        Objects.requireNonNull(expected, "expected is null");
        Objects.requireNonNull(next, "next is null");
        if (!expected.targetKey().equals(next.targetKey())) {
            throw new IllegalArgumentException("CAS cannot change the target key");
        }
        return mutate(PortCall.CONTROL_CAS, StatementKind.KEEPER_MAP_CAS, queryId, (store, write) -> {
            World world = context.world();
            long version = store.matches(expected, view(store, expected.targetKey(), write.member(), write.stale()));
            if (version < 0) {
                world.trace(context.worker(), "cas matched no row (acknowledged no-op)");
                return new MutationOutcome.Acknowledged(queryId);
            }
            if (write.direct()) {
                // the multi is a second Keeper round trip: another writer may land in between
                world.scheduler().yieldFor(world.draw(world.timings().requestLatencyMs()));
                if (write.member().state != MemberState.UP) {
                    return new MutationOutcome.Ambiguous(
                            queryId,
                            MutationOutcome.AmbiguityCause.CONNECTION_LOST,
                            Optional.empty(),
                            "SocketException: Connection reset");
                }
            }
            boolean set = store.setIfVersion(expected.targetKey(), version, next);
            world.keeperCaughtUp(write.member());
            if (!set) {
                world.event(WorldEvent.BAD_VERSION);
                world.trace(context.worker(), "cas multi failed: Bad version");
                return rejected(
                        queryId,
                        StatementKind.KEEPER_MAP_CAS,
                        ServerErrors.KEEPER_EXCEPTION,
                        ServerErrors.badVersion(store.nodePath(expected.targetKey())));
            }
            world.trace(context.worker(), "cas matched");
            return new MutationOutcome.Acknowledged(queryId);
        });
    }

    @Override
    public ControlRead read(String targetKeyHex, String queryId) {
        Objects.requireNonNull(targetKeyHex, "targetKeyHex is null");
        return Reads.run(
                context,
                PortCall.CONTROL_READ,
                List.of(),
                started -> {
                    SimTable table = table();
                    if (table == null || table.keeperMapRoot() == null) {
                        return new ControlRead.Unavailable(ReadFailure.server(ServerError.fromRaw(
                                        ServerErrors.UNKNOWN_TABLE,
                                        ServerErrors.unknownTable(control.database(), control.table())
                                                .message()))
                                .describe());
                    }
                    KeeperMapStore store = context.world().keeperMap(table.keeperMapRoot());
                    return new ControlRead.Found(
                            store.readAt(targetKeyHex, view(store, targetKeyHex, context.member(), started.stale)));
                },
                failure -> new ControlRead.Unavailable(failure.describe()),
                read -> read instanceof ControlRead.Found found
                        ? "found "
                                + found.row()
                                        .map(r -> "version " + r.keeperVersion())
                                        .orElse("absent")
                        : "unavailable");
    }

    /** The Keeper log index the member's session is served at; counts a stale read when it hides a change of {@code key}. */
    private long view(KeeperMapStore store, String key, SimMember member, boolean stale) {
        World world = context.world();
        long view = world.keeperView(member, stale);
        if (stale && !store.readAt(key, view).equals(store.read(key))) {
            world.event(WorldEvent.STALE_READ);
            world.trace(context.worker(), "KeeperMap read served by a lagging follower");
        }
        return view;
    }

    /** One KeeperMap write on the server: through which member, whether its reads lag, and whether the client waits on it. */
    private record Write(SimMember member, boolean stale, boolean direct) {}

    private MutationOutcome mutate(
            PortCall call,
            StatementKind kind,
            String queryId,
            BiFunction<KeeperMapStore, Write, MutationOutcome> effect) {
        Objects.requireNonNull(queryId, "queryId is null");
        World world = context.world();
        CallGate.Call started = context.gate().begin(context.worker(), context.memberIndex(), call, kind, queryId);
        if (started.notSent()) {
            return end(
                    started, new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused (simulated)"));
        }
        SimMember member = context.member();
        Connection.Reach reach = context.gate().reach(started, member);
        if (reach == Connection.Reach.REFUSED) {
            return end(started, new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused"));
        }
        if (reach == Connection.Reach.TIMED_OUT) {
            Write deferred = new Write(member, started.stale, false);
            world.deferRequest(member, () -> apply(kind, queryId, store -> effect.apply(store, deferred)));
            return end(
                    started,
                    new MutationOutcome.Ambiguous(
                            queryId,
                            MutationOutcome.AmbiguityCause.TIMEOUT,
                            Optional.empty(),
                            "SocketTimeoutException: Read timed out"));
        }
        SimulatorFault.KeeperSessionLost lost = started.sessionLoss();
        Write write = new Write(member, started.stale, lost == null);
        MutationOutcome outcome =
                lost == null || lost.applied() ? apply(kind, queryId, store -> effect.apply(store, write)) : null;
        if (lost != null) {
            world.event(WorldEvent.KEEPER_SESSION_LOST);
            world.trace(
                    context.worker(),
                    "keeper session lost with the write " + (lost.applied() ? "applied" : "not applied"));
            world.loseKeeperSession(member);
            outcome = rejected(queryId, kind, ServerErrors.KEEPER_EXCEPTION, ServerErrors.connectionLoss());
        }
        context.gate().afterEffect(started);
        if (started.loses()) {
            return end(
                    started,
                    new MutationOutcome.Ambiguous(
                            queryId,
                            MutationOutcome.AmbiguityCause.RESPONSE_LOST,
                            Optional.empty(),
                            "response lost (simulated)"));
        }
        return end(started, outcome);
    }

    private MutationOutcome apply(
            StatementKind kind, String queryId, Function<KeeperMapStore, MutationOutcome> effect) {
        SimMember member = context.member();
        if (!member.knowsStrictMode) {
            return rejected(
                    queryId,
                    kind,
                    ServerErrors.UNKNOWN_SETTING,
                    ServerErrors.format(
                            ServerErrors.UNKNOWN_SETTING,
                            "UNKNOWN_SETTING",
                            "Setting keeper_map_strict_mode is neither a builtin setting nor started with the prefix"
                                    + " 'custom_' registered for user-defined settings"));
        }
        SimTable table = table();
        if (table == null) {
            return rejected(
                    queryId,
                    kind,
                    ServerErrors.UNKNOWN_TABLE,
                    ServerErrors.unknownTable(control.database(), control.table())
                            .message());
        }
        if (table.keeperMapRoot() == null) {
            return rejected(
                    queryId,
                    kind,
                    ServerErrors.NOT_IMPLEMENTED,
                    ServerErrors.format(
                            ServerErrors.NOT_IMPLEMENTED,
                            "NOT_IMPLEMENTED",
                            "simulated control tables are KeeperMap tables"));
        }
        return effect.apply(context.world().keeperMap(table.keeperMapRoot()));
    }

    private SimTable table() {
        return context.member().table(control.database(), control.table());
    }

    private static MutationOutcome rejected(String queryId, StatementKind kind, int code, String message) {
        return FailureMapping.fromServerError(queryId, ServerError.fromRaw(code, message), kind);
    }

    private MutationOutcome end(CallGate.Call started, MutationOutcome outcome) {
        return context.gate()
                .end(
                        started,
                        outcome.getClass().getSimpleName()
                                + (outcome instanceof MutationOutcome.Rejected r
                                        ? " " + r.error().code()
                                        : ""),
                        outcome);
    }
}
