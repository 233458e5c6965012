package io.dpone.clickhouse.external.simulated;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.ReadOutcome.ReadFailure;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.artifact.TypedColumn;
import io.dpone.clickhouse.external.content.ContentDigest;
import io.dpone.clickhouse.external.member.ColumnDefinition;
import io.dpone.clickhouse.external.member.MemberContent;
import io.dpone.clickhouse.external.member.MemberPolicy;
import io.dpone.clickhouse.external.member.MemberSelf;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.TableState;
import io.dpone.clickhouse.external.member.TypedRowSource;
import io.dpone.clickhouse.external.nativeproto.InsertBlockBound;
import io.dpone.clickhouse.external.nativeproto.InsertBlocks;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.MemberStep;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.ports.CallGate;
import io.dpone.testkit.simulator.ports.Connection;
import io.dpone.testkit.simulator.ports.PortContext;
import io.dpone.testkit.simulator.ports.Reads;
import io.dpone.testkit.simulator.ports.SimCatalogPort;
import io.dpone.testkit.simulator.ports.Statements;
import io.dpone.testkit.simulator.world.LocalStatement;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.SimDatabaseAccess;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * One worker's direct session to one simulated member (external mode), as
 * {@code NativeMemberSession} behaves on a real one: every call is one scheduling point and one
 * call record of the worker, reaching this member (a killed one refuses the connection, nothing
 * sent; a paused one is waited on until the socket timeout, and a local statement it had received
 * runs when it resumes; an insert it never acknowledged sends no rows). Statements are local to the
 * member: {@code CREATE ... UUID} (AS the target, or the declared columns on {@code MergeTree ORDER BY
 * tuple()}; the table object gets exactly the caller's UUID, refused when another table of the
 * member holds it), {@code DROP IF EXISTS} and the batched insert, one statement per block, each
 * resolving the table name when it starts and storing the artifact's typed values on that table; a content read digests the stored rows with the production
 * {@link ContentDigest}. Server refusals are classified by the production {@link FailureMapping}.
 * Not thread-safe: the worker's own thread only.
 */
final class SimMemberSession implements MemberSession {
    /** {@code ServerErrorClassifier}: an INSERT naming a missing column. */
    private static final int NO_SUCH_COLUMN_IN_TABLE = 16;
    /** {@code ServerErrorClassifier}: a SELECT naming a missing column. */
    private static final int UNKNOWN_IDENTIFIER = 47;

    private final PortContext context;
    private final SimMember member;
    private final int index;
    private final InsertBlockBound blockBound;

    SimMemberSession(PortContext context, SimMember member, InsertBlockBound blockBound) {
        this.context = context;
        this.member = member;
        this.index = member == null ? -1 : member.index;
        this.blockBound = blockBound;
    }

    @Override
    public CatalogRead<MemberSelf> identify(String cluster) {
        return read(PortCall.MEMBER_IDENTIFY, () -> {
            int position = context.world().configured(cluster).indexOf(member);
            return position < 0
                    ? CatalogRead.Unreadable.malformed()
                    : new CatalogRead.Observed<>(new MemberSelf(1, position + 1, member.timeZone));
        });
    }

    @Override
    public CatalogRead<MemberPolicy> policy(String database) {
        return read(
                PortCall.MEMBER_POLICY,
                () -> new CatalogRead.Observed<>(new MemberPolicy(
                        MemberPolicy.REQUIRED.stream()
                                .filter(member.deniedPrivileges::contains)
                                .toList(),
                        member.deduplicationWindowDefault)));
    }

    @Override
    public CatalogRead<TableState> table(TableRef table) {
        return read(PortCall.MEMBER_TABLE, () -> {
            SimTable found = member.table(table.database(), table.table());
            if (found == null) {
                return new CatalogRead.Observed<>(new TableState.Absent());
            }
            List<ColumnDefinition> columns = found.columns.stream()
                    .map(c -> new ColumnDefinition(c.name(), c.type(), c.defaultKind()))
                    .toList();
            return new CatalogRead.Observed<>(new TableState.Present(found.uuid, found.engineFull.strip(), columns));
        });
    }

    @Override
    public MutationOutcome create(TableRef candidate, UUID uuid, CandidateDefinition definition) {
        return mutate(
                PortCall.MEMBER_CREATE,
                candidate,
                Statements.create(candidate, definition),
                requireNonNull(uuid, "uuid is null"));
    }

    @Override
    public MutationOutcome drop(TableRef candidate) {
        return mutate(
                PortCall.MEMBER_DROP,
                candidate,
                new LocalStatement.DropIfExists(candidate.database(), candidate.table()),
                null);
    }

    @Override
    public MutationOutcome rename(TableRef from, TableRef to) {
        return mutate(
                PortCall.MEMBER_RENAME,
                from,
                new LocalStatement.Rename(from.database(), from.table(), to.table()),
                null);
    }

    /**
     * One {@code INSERT} statement per block closed by the same {@link InsertBlockBound} as
     * {@code NativeMemberSession}'s (its rows, or its estimated wire bytes for wide rows): each statement is its own call, and resolves {@code candidate} to the table object
     * the name holds when that statement starts (ClickHouse resolves an INSERT's table once, at its
     * start, and a later INSERT resolves the name afresh), so a worker paused between two statements
     * writes its next block into whatever table holds the name by then. A block commits whole when
     * its statement completes; no rows means no statement.
     */
    @Override
    public LoadResult insert(
            TableRef candidate, ArtifactSchema schema, TypedRowSource rows, Cancellation cancellation) {
        ColumnType[] types = schema.columns().stream().map(TypedColumn::type).toArray(ColumnType[]::new);
        return InsertBlocks.load(blockBound, types, rows, cancellation, block -> {
            List<List<Object>> sent = new ArrayList<>();
            for (List<Object> row = block.next(); row != null; row = block.next()) {
                sent.add(row);
            }
            return insertBlock(candidate, schema, sent);
        });
    }

    /** One INSERT statement of {@code block}; null when it completed, else why it did not. */
    private MutationOutcome insertBlock(TableRef candidate, ArtifactSchema schema, List<List<Object>> block) {
        String queryId = context.queryIds().get();
        CallGate.Call started = context.gate()
                .begin(context.worker(), index, PortCall.MEMBER_INSERT, StatementKind.CANDIDATE_LOAD, queryId);
        MutationOutcome unreached = unreached(started, queryId);
        if (unreached != null) {
            // a paused member never answered the INSERT header, so no block was sent
            return failed(started, unreached);
        }
        // resolved once, when the statement starts: this table object receives the whole block
        SimTable table = member.table(candidate.database(), candidate.table());
        if (table == null) {
            return failed(
                    started,
                    refused(
                            queryId,
                            ServerErrors.unknownTable(candidate.database(), candidate.table()),
                            StatementKind.CANDIDATE_LOAD));
        }
        if (table.replicated() || table.keeperMapRoot() != null) {
            throw new UnsupportedOperationException(
                    "direct member inserts are modelled into non-replicated MergeTree tables only");
        }
        for (TypedColumn column : schema.columns()) {
            if (table.columns.stream().noneMatch(c -> c.name().equals(column.name()))) {
                return failed(
                        started,
                        refused(
                                queryId,
                                ServerErrors.failed(
                                        NO_SUCH_COLUMN_IN_TABLE,
                                        "NO_SUCH_COLUMN_IN_TABLE",
                                        "No such column " + column.name() + " in table"),
                                StatementKind.CANDIDATE_LOAD));
            }
        }
        observe(PortCall.MEMBER_INSERT, candidate);
        long limit = started.interruptsAfter();
        int committed = limit < 0 ? block.size() : (int) Math.min(limit, block.size());
        for (List<Object> values : block.subList(0, committed)) {
            Map<String, Object> stored = new LinkedHashMap<>();
            for (int i = 0; i < schema.width(); i++) {
                stored.put(schema.columns().get(i).name(), values.get(i));
            }
            table.typedRows.add(stored);
            table.localRows++;
        }
        context.world().scheduler().yieldFor(committed / 10_000);
        context.gate().afterEffect(started);
        if (limit >= 0) {
            return failed(
                    started,
                    new MutationOutcome.Ambiguous(
                            queryId,
                            MutationOutcome.AmbiguityCause.CONNECTION_LOST,
                            Optional.empty(),
                            "connection lost after " + committed + " rows of the block (simulated)"));
        }
        if (started.loses()) {
            return failed(started, lost(queryId));
        }
        context.gate().end(started, "inserted " + committed, null);
        return null;
    }

    @Override
    public CatalogRead<MemberContent> content(TableRef candidate, ArtifactSchema schema, long rowBudget) {
        return read(PortCall.MEMBER_CONTENT, () -> {
            SimTable table = member.table(candidate.database(), candidate.table());
            if (table == null) {
                return serverFailure(ServerErrors.unknownTable(candidate.database(), candidate.table()));
            }
            for (TypedColumn column : schema.columns()) {
                if (table.columns.stream().noneMatch(c -> c.name().equals(column.name()))) {
                    return serverFailure(ServerErrors.failed(
                            UNKNOWN_IDENTIFIER,
                            "UNKNOWN_IDENTIFIER",
                            "Unknown expression identifier `" + column.name() + "`"));
                }
            }
            return new CatalogRead.Observed<>(digest(table, schema, rowBudget));
        });
    }

    @Override
    public CatalogRead<Long> rowCount(TableRef table) {
        return read(PortCall.MEMBER_ROW_COUNT, () -> {
            SimTable found = member.table(table.database(), table.table());
            return found == null
                    ? serverFailure(ServerErrors.unknownTable(table.database(), table.table()))
                    : new CatalogRead.Observed<>(found.rows());
        });
    }

    /** Every stored row in schema order, as the member would return it, within the budget; rows without values cannot be read back. */
    private static MemberContent digest(SimTable table, ArtifactSchema schema, long rowBudget) {
        if (table.rows() > rowBudget) {
            return new MemberContent.OverBudget(rowBudget);
        }
        ContentDigest digest = new ContentDigest(schema);
        long read = 0;
        for (Map<String, Object> stored : table.typedRows) {
            read++;
            List<Object> values = new ArrayList<>(schema.width());
            for (int i = 0; i < schema.width(); i++) {
                String name = schema.columns().get(i).name();
                if (!stored.containsKey(name)) {
                    return new MemberContent.Undecodable(read, i + 1);
                }
                values.add(stored.get(name));
            }
            digest.add(values);
        }
        if (table.rows() > read) {
            return new MemberContent.Undecodable(read + 1, 1);
        }
        return new MemberContent.Observed(read, digest.finish());
    }

    private <T> CatalogRead<T> read(PortCall call, Supplier<CatalogRead<T>> answer) {
        return Reads.run(
                context,
                index,
                member,
                call,
                List.of(),
                answer,
                CatalogRead.Unreadable::failed,
                SimCatalogPort::describe);
    }

    /**
     * One local statement, once; a request a paused member received runs when it resumes.
     * {@code createUuid} is the explicit {@code UUID} clause of a {@code CREATE}, else null.
     */
    private MutationOutcome mutate(PortCall call, TableRef table, LocalStatement statement, UUID createUuid) {
        String queryId = context.queryIds().get();
        CallGate.Call started =
                context.gate().begin(context.worker(), index, call, StatementKind.MEMBER_LOCAL_DDL, queryId);
        MutationOutcome unreached = unreached(started, queryId);
        if (unreached != null) {
            if (unreached instanceof MutationOutcome.Ambiguous) {
                context.world().deferRequest(member, () -> apply(call, table, statement, createUuid));
            }
            return context.gate().end(started, unreached.getClass().getSimpleName(), unreached);
        }
        LocalResult result = apply(call, table, statement, createUuid);
        context.gate().afterEffect(started);
        if (started.loses()) {
            return context.gate().end(started, "response lost", lost(queryId));
        }
        MutationOutcome outcome = result instanceof LocalResult.Failed failed
                ? refused(queryId, failed, StatementKind.MEMBER_LOCAL_DDL)
                : new MutationOutcome.Acknowledged(queryId);
        return context.gate()
                .end(
                        started,
                        result instanceof LocalResult.Failed ? "server error " + result.code() : "Acknowledged",
                        outcome);
    }

    private LocalResult apply(PortCall call, TableRef table, LocalStatement statement, UUID createUuid) {
        observe(call, table);
        return SimDatabaseAccess.apply(context.world(), member, statement, createUuid);
    }

    private void observe(PortCall call, TableRef table) {
        if (context.world().observers().isEmpty()) {
            return;
        }
        SimTable present = member.table(table.database(), table.table());
        MemberStep step = new MemberStep(
                context.worker(), index, call, table, Optional.ofNullable(present == null ? null : present.uuid));
        context.world().observers().forEach(observer -> observer.beforeMemberApplies(step));
    }

    /** Why a mutation did not reach the member (not sent, or timed out on a paused one), or null when it did. */
    private MutationOutcome unreached(CallGate.Call started, String queryId) {
        if (started.notSent() || member == null) {
            return new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused (simulated)");
        }
        Connection.Reach reach = context.gate().reach(started, member);
        return switch (reach) {
            case ANSWERS -> null;
            case REFUSED -> new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused");
            case TIMED_OUT ->
                new MutationOutcome.Ambiguous(
                        queryId,
                        MutationOutcome.AmbiguityCause.TIMEOUT,
                        Optional.empty(),
                        "SocketTimeoutException: Read timed out");
        };
    }

    private static MutationOutcome refused(String queryId, LocalResult.Failed failed, StatementKind kind) {
        return FailureMapping.fromServerError(queryId, ServerError.fromRaw(failed.code(), failed.message()), kind);
    }

    private static MutationOutcome lost(String queryId) {
        return new MutationOutcome.Ambiguous(
                queryId, MutationOutcome.AmbiguityCause.RESPONSE_LOST, Optional.empty(), "response lost (simulated)");
    }

    private static <T> CatalogRead<T> serverFailure(LocalResult.Failed failed) {
        return CatalogRead.Unreadable.failed(ReadFailure.server(ServerError.fromRaw(failed.code(), failed.message())));
    }

    private MutationOutcome failed(CallGate.Call started, MutationOutcome outcome) {
        return context.gate().end(started, outcome.getClass().getSimpleName(), outcome);
    }
}
