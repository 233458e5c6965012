package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.DispatchGate;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueLookups;
import io.dpone.clickhouse.cluster.ddl.QueueRows;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import io.dpone.clickhouse.cluster.sql.QueueStatements;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.world.LocalStatement;
import io.dpone.testkit.simulator.world.QueueEntry;
import io.dpone.testkit.simulator.world.QueueRowsView;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The simulated {@link DdlPort} through one member. Like the adapter it checks {@link DispatchGate}
 * before anything else, sends each statement at most once with the adapter's settings
 * ({@link QueryContext#distributedDdl}), reports every sent outcome as {@link DdlDispatch.Sent}, and
 * binds lookups with the adapter's own {@link QueueLookups} over the grouped rows the queue read would
 * answer; host rows go through the adapter's {@link QueueRows}.
 */
public final class SimDdlPort implements DdlPort {
    private static final QueueLookups LOOKUPS = new QueueLookups(Sha256ProtocolDigests.INSTANCE);

    private final PortContext context;
    private final long taskTimeoutSeconds;

    /** The port sending {@code taskTimeoutSeconds}, as the adapter sends its settings' value. */
    public SimDdlPort(PortContext context, long taskTimeoutSeconds) {
        this.context = context;
        this.taskTimeoutSeconds = taskTimeoutSeconds;
    }

    @Override
    public CatalogRead<CapabilityPreflight.Facts> preflight() {
        return QueueReads.read(
                context,
                PortCall.DDL_PREFLIGHT,
                () -> new CatalogRead.Observed<>(new CapabilityPreflight.Facts(
                        Optional.of(5L),
                        Optional.of(CapabilityPreflight.REQUIRED_SETTINGS_TYPE),
                        ServerErrors.VERSION)));
    }

    @Override
    public DdlDispatch dispatch(FencedDdl ddl, DispatchPermit permit) {
        Optional<DdlDispatch.Refusal> refusal = DispatchGate.admit(ddl, permit);
        if (refusal.isPresent()) {
            context.world().trace(context.worker(), "dispatch refused: " + refusal.get());
            return new DdlDispatch.PermitRefused(refusal.get());
        }
        return send(
                PortCall.DDL_DISPATCH,
                ddl.cluster(),
                ddl.render().kind(),
                permit.token(),
                Statements.of(ddl),
                uuid -> StoredQueries.of(ddl),
                false);
    }

    @Override
    public DdlDispatch dispatchSetup(SetupDdl ddl, DdlCorrelationToken token) {
        Optional<DdlDispatch.Refusal> refusal = DispatchGate.admit(ddl, token);
        if (refusal.isPresent()) {
            context.world().trace(context.worker(), "setup dispatch refused: " + refusal.get());
            return new DdlDispatch.PermitRefused(refusal.get());
        }
        if (ddl instanceof SetupDdl.CandidateCreate create
                && create.definition() instanceof CandidateDefinition.LikeTarget like) {
            return send(
                    PortCall.DDL_SETUP,
                    ddl.cluster(),
                    ddl.render().kind(),
                    token,
                    () -> InitiatorCreate.resolve(context.member(), create.candidate(), like.target(), ddl.cluster()));
        }
        Prepared prepared =
                new Prepared(Statements.of(ddl), uuid -> StoredQueries.of(ddl, uuid), Statements.creates(ddl));
        return send(PortCall.DDL_SETUP, ddl.cluster(), ddl.render().kind(), token, () -> prepared);
    }

    private DdlDispatch send(
            PortCall call,
            String cluster,
            StatementKind kind,
            DdlCorrelationToken token,
            LocalStatement statement,
            Function<UUID, String> query,
            boolean creates) {
        Prepared prepared = new Prepared(statement, query, creates);
        return send(call, cluster, kind, token, () -> prepared);
    }

    /**
     * What the initiator enqueues for a statement, decided when the server runs it: the effect on each
     * host and the stored query (by the initiator's {@code CREATE} UUID), or the error that refuses it
     * before anything is queued ({@code failure}).
     */
    record Prepared(
            LocalStatement statement, Function<UUID, String> query, boolean creates, LocalResult.Failed failure) {
        Prepared(LocalStatement statement, Function<UUID, String> query, boolean creates) {
            this(statement, query, creates, null);
        }

        static Prepared refused(LocalResult.Failed failure) {
            return new Prepared(null, null, false, failure);
        }
    }

    private DdlDispatch send(
            PortCall call,
            String cluster,
            StatementKind kind,
            DdlCorrelationToken token,
            Supplier<Prepared> preparation) {
        World world = context.world();
        String queryId = context.queryIds().get();
        QueryContext settings = QueryContext.distributedDdl(queryId, token.value(), taskTimeoutSeconds);
        CallGate.Call started =
                context.gate().begin(context.worker(), context.memberIndex(), call, kind, queryId, token.value());
        if (started.notSent()) {
            return sent(
                    started, new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused (simulated)"));
        }
        Connection.Reach reach = context.gate().reach(started, context.member());
        if (reach == Connection.Reach.REFUSED) {
            return sent(started, new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused"));
        }
        if (reach == Connection.Reach.TIMED_OUT) {
            world.deferRequest(context.member(), () -> {
                Prepared prepared = preparation.get();
                if (!world.configured(cluster).isEmpty() && prepared.failure() == null) {
                    enqueue(cluster, kind, settings, prepared, started.duplicates());
                }
            });
            return sent(
                    started,
                    new MutationOutcome.Ambiguous(
                            queryId,
                            MutationOutcome.AmbiguityCause.TIMEOUT,
                            Optional.empty(),
                            "SocketTimeoutException: Read timed out"));
        }
        if (world.configured(cluster).isEmpty()) {
            return sent(started, Initiator.unknownCluster(queryId, kind, cluster));
        }
        Prepared prepared = preparation.get();
        if (prepared.failure() != null) {
            world.trace(
                    context.worker(),
                    "the initiator refuses the statement before enqueueing it: code "
                            + prepared.failure().code());
            return sent(
                    started,
                    FailureMapping.fromServerError(
                            queryId,
                            ServerError.fromRaw(
                                    prepared.failure().code(),
                                    prepared.failure().message()),
                            kind));
        }
        QueueEntry entry = enqueue(cluster, kind, settings, prepared, started.duplicates());
        context.gate().afterEffect(started);
        if (started.loses()) {
            return sent(
                    started,
                    new MutationOutcome.Ambiguous(
                            queryId,
                            MutationOutcome.AmbiguityCause.RESPONSE_LOST,
                            Optional.empty(),
                            "response lost (simulated)"));
        }
        return sent(started, Initiator.await(context, entry, queryId, kind, taskTimeoutSeconds));
    }

    /** The initiator's enqueue; a duplicate (hidden retry) enqueues the same statement again, right after. */
    private QueueEntry enqueue(
            String cluster, StatementKind kind, QueryContext settings, Prepared prepared, boolean duplicate) {
        World world = context.world();
        QueueEntry first = null;
        for (int copy = 0; copy < (duplicate ? 2 : 1); copy++) {
            UUID uuid = prepared.creates() ? world.newUuid() : null;
            QueueEntry entry = world.enqueue(
                    context.member(),
                    cluster,
                    prepared.query().apply(uuid),
                    settings.settingsByName(),
                    prepared.statement(),
                    uuid,
                    kind);
            first = first == null ? entry : first;
        }
        return first;
    }

    private DdlDispatch sent(CallGate.Call started, MutationOutcome outcome) {
        DdlDispatch dispatch = DdlDispatch.of(outcome);
        return context.gate().end(started, describe(dispatch), dispatch);
    }

    private static String describe(DdlDispatch dispatch) {
        if (dispatch instanceof DdlDispatch.Sent sent) {
            if (sent.answer() instanceof DdlDispatch.InitiatorAnswer.ServerErrorAnswer error) {
                return "sent, server error " + error.error().code();
            }
            return "sent, " + sent.answer().getClass().getSimpleName()
                    + (sent.answer() instanceof DdlDispatch.InitiatorAnswer.NoAnswer none ? " " + none.cause() : "");
        }
        return dispatch.getClass().getSimpleName();
    }

    @Override
    public QueueLookup lookup(ExpectedDdl expected) {
        Objects.requireNonNull(expected, "expected is null");
        return QueueReads.read(
                context,
                PortCall.DDL_LOOKUP,
                view -> LOOKUPS.bind(
                        expected,
                        grouped(expected.cluster(), token -> token.equals(expected.correlationToken()), view)),
                failure -> new QueueLookup.Unknown(QueueLookup.Reason.QUEUE_UNREADABLE));
    }

    @Override
    public CatalogRead<List<QueueLookupRow>> entriesWithTokenPrefix(String cluster, String tokenPrefix) {
        QueueStatements.lookupByTokenPrefix(cluster, tokenPrefix); // the adapter's argument checks, identically
        return QueueReads.read(
                context,
                PortCall.DDL_ENTRIES_BY_PREFIX,
                view -> new CatalogRead.Observed<>(grouped(cluster, token -> token.startsWith(tokenPrefix), view)),
                CatalogRead.Unreadable::failed);
    }

    @Override
    public CatalogRead<List<QueueRow>> hostRows(BoundEntry entry) {
        Objects.requireNonNull(entry, "entry is null");
        QueueStatements.hostRows(entry.cluster(), entry.entry());
        return QueueReads.read(
                context,
                PortCall.DDL_HOST_ROWS,
                view -> new CatalogRead.Observed<>(QueueRows.fromHostRows(
                        entry.cluster(),
                        context.world().queue().entriesAt(view).stream()
                                .filter(e -> e.cluster.equals(entry.cluster()) && e.name.equals(entry.entry()))
                                .flatMap(e -> QueueRowsView.hostRows(e, view).stream())
                                .toList())),
                CatalogRead.Unreadable::failed);
    }

    /** The grouped lookup answer: one row per entry of {@code cluster} whose log_comment matches, by entry name. */
    private List<QueueLookupRow> grouped(String cluster, Predicate<String> token, long view) {
        List<QueueLookupRow> rows = new ArrayList<>();
        for (QueueEntry entry : context.world().queue().entriesAt(view)) {
            String comment = entry.logComment();
            if (entry.cluster.equals(cluster) && comment != null && token.test(comment)) {
                rows.add(new QueueLookupRow(entry.name, List.of(entry.query), List.of(comment)));
            }
        }
        return rows;
    }
}
