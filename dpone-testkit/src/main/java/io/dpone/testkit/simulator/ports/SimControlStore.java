package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.authority.ControlRead;
import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.world.KeeperMapStore;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import io.dpone.testkit.simulator.world.World;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The simulated {@link ControlStore} of one control table through one member: the member's table
 * names a KeeperMap root whose one shared store every member sees (semantics note section 5). Strict
 * insert of an existing key answers 999 "Node exists" and changes nothing; a versioned update with
 * the full predicate raises {@code _version} by one; a stale one is an acknowledged no-op. Server
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
        return mutate(PortCall.CONTROL_INSERT, StatementKind.KEEPER_MAP_INSERT, queryId, store -> store.createStrict(row)
                ? new MutationOutcome.Acknowledged(queryId)
                : rejected(queryId, StatementKind.KEEPER_MAP_INSERT, ServerErrors.KEEPER_EXCEPTION,
                        ServerErrors.nodeExists(store.nodePath(row.targetKey()))));
    }

    @Override
    public MutationOutcome compareAndSwap(CasExpectation expected, ControlRow next, String queryId) {
        Objects.requireNonNull(expected, "expected is null");
        Objects.requireNonNull(next, "next is null");
        if (!expected.targetKey().equals(next.targetKey())) {
            throw new IllegalArgumentException("CAS cannot change the target key");
        }
        return mutate(PortCall.CONTROL_CAS, StatementKind.KEEPER_MAP_CAS, queryId, store -> {
            boolean changed = store.compareAndSwap(expected, next);
            context.world().trace(context.worker(), changed ? "cas matched" : "cas matched no row (acknowledged no-op)");
            return new MutationOutcome.Acknowledged(queryId);
        });
    }

    @Override
    public ControlRead read(String targetKeyHex, String queryId) {
        Objects.requireNonNull(targetKeyHex, "targetKeyHex is null");
        return Reads.run(context, PortCall.CONTROL_READ, List.of(), () -> {
            SimTable table = table();
            if (table == null || table.keeperMapRoot() == null) {
                return new ControlRead.Unavailable(ReadFailure.server(ServerError.fromRaw(ServerErrors.UNKNOWN_TABLE,
                        ServerErrors.unknownTable(control.database(), control.table()).message())).describe());
            }
            return new ControlRead.Found(context.world().keeperMap(table.keeperMapRoot()).read(targetKeyHex));
        }, failure -> new ControlRead.Unavailable(failure.describe()), read -> read instanceof ControlRead.Found found
                ? "found " + found.row().map(r -> "version " + r.keeperVersion()).orElse("absent") : "unavailable");
    }

    private MutationOutcome mutate(PortCall call, StatementKind kind, String queryId,
            Function<KeeperMapStore, MutationOutcome> effect) {
        Objects.requireNonNull(queryId, "queryId is null");
        World world = context.world();
        CallGate.Call started = context.gate().begin(context.worker(), context.memberIndex(), call, kind, queryId);
        if (started.notSent()) {
            return end(started, new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused (simulated)"));
        }
        SimMember member = context.member();
        Connection.Reach reach = context.gate().reach(started, member);
        if (reach == Connection.Reach.REFUSED) {
            return end(started, new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused"));
        }
        if (reach == Connection.Reach.TIMED_OUT) {
            world.deferRequest(member, () -> apply(kind, queryId, effect));
            return end(started, new MutationOutcome.Ambiguous(queryId, MutationOutcome.AmbiguityCause.TIMEOUT, Optional.empty(),
                    "SocketTimeoutException: Read timed out"));
        }
        MutationOutcome outcome = apply(kind, queryId, effect);
        context.gate().afterEffect(started);
        if (started.loses()) {
            return end(started, new MutationOutcome.Ambiguous(queryId, MutationOutcome.AmbiguityCause.RESPONSE_LOST,
                    Optional.empty(), "response lost (simulated)"));
        }
        return end(started, outcome);
    }

    private MutationOutcome apply(StatementKind kind, String queryId, Function<KeeperMapStore, MutationOutcome> effect) {
        SimMember member = context.member();
        if (!member.knowsStrictMode) {
            return rejected(queryId, kind, ServerErrors.UNKNOWN_SETTING, ServerErrors.format(ServerErrors.UNKNOWN_SETTING,
                    "UNKNOWN_SETTING", "Setting keeper_map_strict_mode is neither a builtin setting nor started with the prefix"
                            + " 'custom_' registered for user-defined settings"));
        }
        SimTable table = table();
        if (table == null) {
            return rejected(queryId, kind, ServerErrors.UNKNOWN_TABLE, ServerErrors.unknownTable(control.database(),
                    control.table()).message());
        }
        if (table.keeperMapRoot() == null) {
            return rejected(queryId, kind, ServerErrors.NOT_IMPLEMENTED, ServerErrors.format(ServerErrors.NOT_IMPLEMENTED,
                    "NOT_IMPLEMENTED", "simulated control tables are KeeperMap tables"));
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
        return context.gate().end(started, outcome.getClass().getSimpleName()
                + (outcome instanceof MutationOutcome.Rejected r ? " " + r.error().code() : ""), outcome);
    }
}
