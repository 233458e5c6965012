package io.dpone.clickhouse.cluster.ddl.adapter;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.DispatchGate;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueLookups;
import io.dpone.clickhouse.cluster.ddl.QueueRows;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import io.dpone.clickhouse.cluster.sql.QueueRowReader;
import io.dpone.clickhouse.cluster.sql.QueueStatements;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The {@link DdlPort} over a read transport and a one-shot mutation transport. The mutation
 * transport must be the HTTP one: the native driver cannot carry
 * {@code distributed_ddl_task_timeout} and answers NotSent. A dispatch is {@link DispatchGate}'s
 * check and then one {@link OneShotMutationTransport#execute} call and nothing else; the transport
 * classifies every server error of an {@code ON CLUSTER} statement as ambiguous, and this adapter
 * reports every sent outcome as {@link DdlDispatch.Sent}, to be resolved through {@link #lookup}.
 * Thread-safe if the transports and the supplier are.
 */
public final class DdlDispatchAdapter implements DdlPort {
    private final ReadTransport reads;
    private final OneShotMutationTransport mutations;
    private final QueueLookups lookups;
    private final Supplier<String> queryIds;
    private final long taskTimeoutSeconds;

    /**
     * @param queryIds a fresh opaque query id per request (reads and dispatches)
     * @param taskTimeoutSeconds the bounded {@code distributed_ddl_task_timeout} of every dispatch
     */
    public DdlDispatchAdapter(
            ReadTransport reads,
            OneShotMutationTransport mutations,
            ProtocolDigests digests,
            Supplier<String> queryIds,
            long taskTimeoutSeconds) {
        this.reads = requireNonNull(reads, "reads is null");
        this.mutations = requireNonNull(mutations, "mutations is null");
        this.lookups = new QueueLookups(requireNonNull(digests, "digests is null"));
        this.queryIds = requireNonNull(queryIds, "queryIds is null");
        QueryContext.distributedDdl("probe", "probe", taskTimeoutSeconds); // validates the bound once
        this.taskTimeoutSeconds = taskTimeoutSeconds;
    }

    @Override
    public CatalogRead<CapabilityPreflight.Facts> preflight() {
        ReadOutcome outcome = reads.read(CapabilityPreflight.statement(), QueryContext.of(queryIds.get()));
        if (outcome instanceof ReadOutcome.Failed failed) {
            return CatalogRead.Unreadable.failed(failed.failure());
        }
        return new CatalogRead.Observed<>(CapabilityPreflight.read(((ReadOutcome.Rows) outcome).result()));
    }

    @Override
    public DdlDispatch dispatch(FencedDdl ddl, DispatchPermit permit) {
        Optional<DdlDispatch.Refusal> refusal = DispatchGate.admit(ddl, permit);
        if (refusal.isPresent()) {
            return new DdlDispatch.PermitRefused(refusal.get());
        }
        return send(ddl.render(), permit.token());
    }

    @Override
    public DdlDispatch dispatchSetup(SetupDdl ddl, DdlCorrelationToken token) {
        Optional<DdlDispatch.Refusal> refusal = DispatchGate.admit(ddl, token);
        if (refusal.isPresent()) {
            return new DdlDispatch.PermitRefused(refusal.get());
        }
        return send(ddl.render(), token);
    }

    private DdlDispatch send(SqlStatement statement, DdlCorrelationToken token) {
        QueryContext context = QueryContext.distributedDdl(queryIds.get(), token.value(), taskTimeoutSeconds);
        return DdlDispatch.of(mutations.execute(statement, context));
    }

    @Override
    public QueueLookup lookup(ExpectedDdl expected) {
        requireNonNull(expected, "expected is null");
        ReadOutcome outcome = reads.read(
                QueueStatements.lookupByToken(expected.cluster(), expected.correlationToken()),
                QueryContext.of(queryIds.get()));
        if (!(outcome instanceof ReadOutcome.Rows rows)) {
            return new QueueLookup.Unknown(QueueLookup.Reason.QUEUE_UNREADABLE);
        }
        QueueRowReader.Lookup lookup = QueueRowReader.lookup(rows.result());
        if (lookup.malformedRows() > 0) {
            return new QueueLookup.Unknown(QueueLookup.Reason.MALFORMED_ROWS);
        }
        return lookups.bind(expected, lookup.rows());
    }

    @Override
    public CatalogRead<List<QueueLookupRow>> entriesWithTokenPrefix(String cluster, String tokenPrefix) {
        ReadOutcome outcome =
                reads.read(QueueStatements.lookupByTokenPrefix(cluster, tokenPrefix), QueryContext.of(queryIds.get()));
        if (outcome instanceof ReadOutcome.Failed failed) {
            return CatalogRead.Unreadable.failed(failed.failure());
        }
        QueueRowReader.Lookup lookup = QueueRowReader.lookup(((ReadOutcome.Rows) outcome).result());
        if (lookup.malformedRows() > 0) {
            return CatalogRead.Unreadable.malformed();
        }
        return new CatalogRead.Observed<>(lookup.rows());
    }

    @Override
    public CatalogRead<List<QueueRow>> hostRows(BoundEntry entry) {
        requireNonNull(entry, "entry is null");
        ReadOutcome outcome =
                reads.read(QueueStatements.hostRows(entry.cluster(), entry.entry()), QueryContext.of(queryIds.get()));
        if (outcome instanceof ReadOutcome.Failed failed) {
            return CatalogRead.Unreadable.failed(failed.failure());
        }
        return new CatalogRead.Observed<>(QueueRows.fromHostRows(
                entry.cluster(), QueueRowReader.hostRows(((ReadOutcome.Rows) outcome).result())));
    }
}
