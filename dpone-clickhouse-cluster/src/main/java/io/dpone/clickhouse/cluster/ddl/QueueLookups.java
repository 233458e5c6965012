package io.dpone.clickhouse.cluster.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryBinding;
import io.dpone.clickhouse.cluster.contract.ddl.QueueEntryBinder;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.sql.DdlParseResult;
import io.dpone.clickhouse.cluster.sql.DdlQueryParser;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import java.util.List;

/**
 * Binds the grouped token lookup rows to one entry (spec section 4): rows must be a well-formed
 * grouped answer, exactly one entry must carry the token, and its one query must parse back to the
 * expected statement. Shared by every {@link io.dpone.clickhouse.cluster.ddl.DdlPort} so a test
 * double binds exactly as the adapter does. Pure and thread-safe.
 */
public final class QueueLookups {
    private final QueueEntryBinder binder;

    public QueueLookups(ProtocolDigests digests) {
        this.binder = new QueueEntryBinder(requireNonNull(digests, "digests is null"));
    }

    public QueueLookup bind(ExpectedDdl expected, List<QueueLookupRow> rows) {
        requireNonNull(expected, "expected is null");
        requireNonNull(rows, "rows is null");
        if (!wellFormed(rows, expected.correlationToken())) {
            return new QueueLookup.Unknown(QueueLookup.Reason.MALFORMED_ROWS);
        }
        EntryBinding binding = binder.bind(
                expected.cluster(), expected.correlationToken(), QueueRows.fromLookup(expected.cluster(), rows));
        if (binding instanceof EntryBinding.Unbound unbound) {
            return new QueueLookup.Unknown(
                    QueueLookup.Reason.valueOf(unbound.reason().name()));
        }
        BoundEntry entry = ((EntryBinding.Bound) binding).entry();
        String query = rows.stream()
                .filter(row -> row.entry().equals(entry.entry()))
                .findFirst()
                .orElseThrow()
                .queries()
                .get(0);
        DdlParseResult parsed = DdlQueryParser.parse(query);
        if (!(parsed instanceof DdlParseResult.Parsed ddl)) {
            return new QueueLookup.Unknown(QueueLookup.Reason.QUERY_UNPARSEABLE);
        }
        if (!expected.matches(ddl.ddl())) {
            return new QueueLookup.Unknown(QueueLookup.Reason.QUERY_MISMATCH);
        }
        return new QueueLookup.Bound(entry, ddl.ddl().queryDigest(), query);
    }

    /**
     * The lookup filters on the token and groups by entry, so a well-formed answer has distinct
     * entry names, each with at least one query and exactly the token; anything else contradicts
     * the query and is treated as unreadable.
     */
    private static boolean wellFormed(List<QueueLookupRow> rows, String token) {
        long distinct = rows.stream().map(QueueLookupRow::entry).distinct().count();
        return distinct == rows.size()
                && rows.stream()
                        .allMatch(row ->
                                !row.queries().isEmpty() && row.logComments().equals(List.of(token)));
    }
}
