package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.port.CandidateLoadPort;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.RowCursor;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.SimMember;
import io.dpone.testkit.simulator.world.SimTable;
import io.dpone.testkit.simulator.world.World;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The simulated {@link CandidateLoadPort}: one streamed insert through the worker's member, once.
 * The rows land on that member's replica and reach the others by replication; a missing table
 * answers 60, a read-only replica 242. Source-side stops are those of the real streamed insert.
 */
public final class SimLoadPort implements CandidateLoadPort {
    private final PortContext context;

    public SimLoadPort(PortContext context) {
        this.context = context;
    }

    @Override
    public LoadResult load(
            TableRef candidate,
            List<String> columns,
            RowCursor rows,
            long maxSourceBytes,
            Cancellation cancellation,
            ProgressListener progress) {
        Objects.requireNonNull(candidate, "candidate is null");
        Objects.requireNonNull(rows, "rows is null");
        World world = context.world();
        String queryId = context.queryIds().get();
        CallGate.Call started = context.gate()
                .begin(context.worker(), context.memberIndex(), PortCall.LOAD, StatementKind.CANDIDATE_LOAD, queryId);
        if (started.notSent()) {
            return failed(
                    started, new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused (simulated)"));
        }
        SimMember member = context.member();
        Connection.Reach reach = context.gate().reach(started, member);
        if (reach != Connection.Reach.ANSWERS) {
            return failed(
                    started,
                    reach == Connection.Reach.REFUSED
                            ? new MutationOutcome.NotSent(queryId, "ConnectException: Connection refused")
                            : new MutationOutcome.Ambiguous(
                                    queryId,
                                    MutationOutcome.AmbiguityCause.TIMEOUT,
                                    Optional.empty(),
                                    "SocketTimeoutException: Read timed out"));
        }
        SimTable table = member.table(candidate.database(), candidate.table());
        if (table == null) {
            return failed(
                    started,
                    refused(
                            queryId,
                            ServerErrors.UNKNOWN_TABLE,
                            ServerErrors.unknownTable(candidate.database(), candidate.table())
                                    .message()));
        }
        if (table.replicated() && (member.sessionExpired || member.initializing)) {
            return failed(
                    started,
                    refused(
                            queryId,
                            ServerErrors.TABLE_IS_READ_ONLY,
                            ServerErrors.format(
                                    ServerErrors.TABLE_IS_READ_ONLY,
                                    "TABLE_IS_READ_ONLY",
                                    "Table is in readonly mode")));
        }
        SourceStream stream = new SourceStream();
        LoadResult.SourceRejected stopped = stream.stream(
                rows, columns.size(), maxSourceBytes, cancellation, progress, block -> commit(member, table, block));
        if (stopped != null) {
            return context.gate().end(started, "source rejected " + stopped.code(), stopped);
        }
        commit(member, table, stream.pending());
        world.scheduler().yieldFor(stream.written() / 10_000);
        progress.loaded(stream.written(), rows.bytesRead(), -1);
        context.gate().afterEffect(started);
        if (started.loses()) {
            return failed(
                    started,
                    new MutationOutcome.Ambiguous(
                            queryId,
                            MutationOutcome.AmbiguityCause.RESPONSE_LOST,
                            Optional.empty(),
                            "response lost (simulated)"));
        }
        return context.gate()
                .end(started, "loaded " + stream.written(), new LoadResult.Loaded(stream.written(), rows.bytesRead()));
    }

    private void commit(SimMember member, SimTable table, long rows) {
        if (rows == 0) {
            return;
        }
        if (table.replicated()) {
            context.world().replication().insert(member, table, rows);
        } else {
            table.localRows += rows;
        }
    }

    private static MutationOutcome refused(String queryId, int code, String message) {
        return FailureMapping.fromServerError(
                queryId, ServerError.fromRaw(code, message), StatementKind.CANDIDATE_LOAD);
    }

    private LoadResult failed(CallGate.Call started, MutationOutcome outcome) {
        return context.gate().end(started, outcome.getClass().getSimpleName(), new LoadResult.Failed(outcome));
    }
}
