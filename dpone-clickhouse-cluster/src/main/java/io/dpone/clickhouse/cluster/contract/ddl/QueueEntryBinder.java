package io.dpone.clickhouse.cluster.contract.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.EntryBinding.Bound;
import io.dpone.clickhouse.cluster.contract.ddl.EntryBinding.Reason;
import io.dpone.clickhouse.cluster.contract.ddl.EntryBinding.Unbound;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Binds a correlation token to exactly one queue entry. Collisions are never resolved by recency:
 * two entries with one token are {@link Reason#MULTIPLE_ENTRIES}. Checking that the bound query
 * parses to the expected statement, cluster, database, target and candidate belongs to the SQL
 * layer, which must do so before persisting the binding. Stateless and thread-safe.
 */
public final class QueueEntryBinder {
    private final ProtocolDigests digests;

    public QueueEntryBinder(ProtocolDigests digests) {
        this.digests = requireNonNull(digests, "digests is null");
    }

    /** Considers only rows of {@code expectedCluster} whose settings carry exactly {@code token}. */
    public EntryBinding bind(String expectedCluster, String token, List<QueueRow> rows) {
        requireNonNull(expectedCluster, "expectedCluster is null");
        requireNonNull(token, "token is null");
        Map<String, Set<String>> queriesByEntry = new HashMap<>();
        for (QueueRow row : requireNonNull(rows, "rows is null")) {
            if (row != null && expectedCluster.equals(row.cluster()) && token.equals(row.logComment())) {
                queriesByEntry
                        .computeIfAbsent(row.entry(), ignored -> new HashSet<>())
                        .add(row.query());
            }
        }
        if (queriesByEntry.isEmpty()) {
            return new Unbound(Reason.NO_ENTRY);
        }
        if (queriesByEntry.size() > 1) {
            return new Unbound(Reason.MULTIPLE_ENTRIES);
        }
        Map.Entry<String, Set<String>> only =
                queriesByEntry.entrySet().iterator().next();
        if (only.getValue().size() != 1) {
            return new Unbound(Reason.INCONSISTENT_QUERY);
        }
        String query = only.getValue().iterator().next();
        return new Bound(new BoundEntry(expectedCluster, only.getKey(), digests.ddlQuery(query), token));
    }
}
