package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryBinding;
import io.dpone.clickhouse.cluster.contract.ddl.QueueEntryBinder;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlPort;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.SqlStatement;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.DdlParseResult;
import io.dpone.clickhouse.cluster.sql.DdlQueryParser;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import io.dpone.clickhouse.cluster.sql.QueueRowReader;
import io.dpone.clickhouse.cluster.sql.QueueStatements;
import java.util.List;
import java.util.function.Supplier;

/**
 * The {@link DdlPort} over a read transport and a one-shot mutation transport. The mutation
 * transport must be the HTTP one: the native driver cannot carry
 * {@code distributed_ddl_task_timeout} and answers NotSent. Dispatch is one
 * {@link OneShotMutationTransport#execute} call and nothing else; a Rejected outcome is a definite
 * refusal (the server answered before enqueuing), every other non-acknowledged outcome must be
 * resolved through {@link #lookup}. Thread-safe if the transports and the supplier are.
 */
public final class DdlDispatchAdapter implements DdlPort {
    private final ReadTransport reads;
    private final OneShotMutationTransport mutations;
    private final QueueEntryBinder binder;
    private final Supplier<String> readQueryIds;

    public DdlDispatchAdapter(ReadTransport reads, OneShotMutationTransport mutations, ProtocolDigests digests,
            Supplier<String> readQueryIds) {
        this.reads = requireNonNull(reads, "reads is null");
        this.mutations = requireNonNull(mutations, "mutations is null");
        this.binder = new QueueEntryBinder(requireNonNull(digests, "digests is null"));
        this.readQueryIds = requireNonNull(readQueryIds, "readQueryIds is null");
    }

    @Override
    public CatalogRead<CapabilityPreflight.Facts> preflight() {
        ReadOutcome outcome = reads.read(CapabilityPreflight.statement(), QueryContext.of(readQueryIds.get()));
        if (outcome instanceof ReadOutcome.Failed failed) {
            return CatalogRead.Unreadable.failed(failed.failure());
        }
        return new CatalogRead.Observed<>(CapabilityPreflight.read(((ReadOutcome.Rows) outcome).result()));
    }

    @Override
    public MutationOutcome dispatch(SqlStatement statement, String queryId, String correlationToken,
            long taskTimeoutSeconds) {
        requireNonNull(statement, "statement is null");
        switch (statement.kind()) {
            case DDL_EXCHANGE, DDL_RENAME, DDL_DROP, DDL_CREATE_CONTROL -> {
            }
            default -> throw new IllegalArgumentException("not a distributed DDL statement: " + statement.kind());
        }
        return mutations.execute(statement, QueryContext.distributedDdl(queryId, correlationToken, taskTimeoutSeconds));
    }

    @Override
    public QueueLookup lookup(ExpectedDdl expected) {
        requireNonNull(expected, "expected is null");
        ReadOutcome outcome = reads.read(QueueStatements.lookupByToken(expected.cluster(), expected.correlationToken()),
                QueryContext.of(readQueryIds.get()));
        if (!(outcome instanceof ReadOutcome.Rows rows)) {
            return new QueueLookup.Unknown(QueueLookup.Reason.QUEUE_UNREADABLE);
        }
        QueueRowReader.Lookup lookup = QueueRowReader.lookup(rows.result());
        if (lookup.malformedRows() > 0 || !wellFormed(lookup.rows(), expected.correlationToken())) {
            return new QueueLookup.Unknown(QueueLookup.Reason.MALFORMED_ROWS);
        }
        EntryBinding binding = binder.bind(expected.cluster(), expected.correlationToken(),
                QueueRows.fromLookup(expected.cluster(), lookup.rows()));
        if (binding instanceof EntryBinding.Unbound unbound) {
            return new QueueLookup.Unknown(QueueLookup.Reason.valueOf(unbound.reason().name()));
        }
        BoundEntry entry = ((EntryBinding.Bound) binding).entry();
        String query = lookup.rows().stream().filter(row -> row.entry().equals(entry.entry()))
                .findFirst().orElseThrow().queries().get(0);
        DdlParseResult parsed = DdlQueryParser.parse(query);
        if (!(parsed instanceof DdlParseResult.Parsed ddl)) {
            return new QueueLookup.Unknown(QueueLookup.Reason.QUERY_UNPARSEABLE);
        }
        if (!expected.matches(ddl.ddl())) {
            return new QueueLookup.Unknown(QueueLookup.Reason.QUERY_MISMATCH);
        }
        return new QueueLookup.Bound(entry, ddl.ddl().queryDigest());
    }

    /**
     * The lookup filters on the token and groups by entry, so a well-formed answer has distinct
     * entry names, each with at least one query and exactly the token; anything else contradicts
     * the query and is treated as unreadable.
     */
    private static boolean wellFormed(List<QueueLookupRow> rows, String token) {
        long distinct = rows.stream().map(QueueLookupRow::entry).distinct().count();
        return distinct == rows.size()
                && rows.stream().allMatch(row -> !row.queries().isEmpty() && row.logComments().equals(List.of(token)));
    }

    @Override
    public CatalogRead<List<QueueRow>> hostRows(BoundEntry entry) {
        requireNonNull(entry, "entry is null");
        ReadOutcome outcome = reads.read(QueueStatements.hostRows(entry.cluster(), entry.entry()),
                QueryContext.of(readQueryIds.get()));
        if (outcome instanceof ReadOutcome.Failed failed) {
            return CatalogRead.Unreadable.failed(failed.failure());
        }
        return new CatalogRead.Observed<>(QueueRows.fromHostRows(entry.cluster(),
                QueueRowReader.hostRows(((ReadOutcome.Rows) outcome).result())));
    }
}
