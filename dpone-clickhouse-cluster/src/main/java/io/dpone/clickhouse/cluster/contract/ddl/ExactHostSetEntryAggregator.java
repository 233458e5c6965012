package io.dpone.clickhouse.cluster.contract.ddl;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The V1 {@link EntryAggregator}: exact host set, unknown dominance, terminal only when all Finished. */
public final class ExactHostSetEntryAggregator implements EntryAggregator {
    private final QueueStatusNormalizer normalizer;
    private final ProtocolDigests digests;

    public ExactHostSetEntryAggregator(QueueStatusNormalizer normalizer, ProtocolDigests digests) {
        this.normalizer = requireNonNull(normalizer, "normalizer is null");
        this.digests = requireNonNull(digests, "digests is null");
    }

    @Override
    public EntryAggregation aggregate(BoundEntry entry, Set<HostEndpoint> expectedHosts, List<QueueRow> rows) {
        requireNonNull(entry, "entry is null");
        requireNonNull(expectedHosts, "expectedHosts is null");
        requireNonNull(rows, "rows is null");
        Map<HostEndpoint, Integer> rowCounts = new HashMap<>();
        Map<HostEndpoint, QueueStatus> perHost = new HashMap<>();
        int unexpected = 0;
        int mismatched = 0;
        for (QueueRow row : rows) {
            if (row == null || !matchesBinding(entry, row)) {
                mismatched++;
                continue;
            }
            HostEndpoint host = endpointOf(row);
            if (host == null || !expectedHosts.contains(host)) {
                unexpected++;
                continue;
            }
            rowCounts.merge(host, 1, Integer::sum);
            perHost.put(host, normalizer.normalize(row));
        }
        int missing = 0;
        int duplicates = 0;
        for (HostEndpoint host : expectedHosts) {
            int count = rowCounts.getOrDefault(host, 0);
            if (count != 1) {
                perHost.put(host, QueueStatus.OUTCOME_UNKNOWN);
                missing += count == 0 ? 1 : 0;
                duplicates += count > 1 ? 1 : 0;
            }
        }
        boolean exact =
                !expectedHosts.isEmpty() && missing == 0 && unexpected == 0 && duplicates == 0 && mismatched == 0;
        QueueStatus outcome = exact ? combine(perHost.values()) : QueueStatus.OUTCOME_UNKNOWN;
        return new EntryAggregation(outcome, perHost, missing, unexpected, duplicates, mismatched);
    }

    /** Unknown dominates, then in-progress; terminal success only when every host succeeded. */
    static QueueStatus combine(Iterable<QueueStatus> statuses) {
        boolean inProgress = false;
        boolean failure = false;
        for (QueueStatus status : statuses) {
            switch (status) {
                case OUTCOME_UNKNOWN -> {
                    return QueueStatus.OUTCOME_UNKNOWN;
                }
                case IN_PROGRESS -> inProgress = true;
                case TERMINAL_FAILURE -> failure = true;
                case TERMINAL_SUCCESS -> {}
            }
        }
        if (inProgress) {
            return QueueStatus.IN_PROGRESS;
        }
        return failure ? QueueStatus.TERMINAL_FAILURE : QueueStatus.TERMINAL_SUCCESS;
    }

    private boolean matchesBinding(BoundEntry entry, QueueRow row) {
        return entry.entry().equals(row.entry())
                && entry.cluster().equals(row.cluster())
                && entry.correlationToken().equals(row.logComment())
                && entry.queryDigest().equals(digests.ddlQuery(row.query()));
    }

    private static HostEndpoint endpointOf(QueueRow row) {
        if (row.host() == null || row.port() == null || row.port() < 0 || row.port() > 65_535) {
            return null;
        }
        return new HostEndpoint(row.host(), row.port());
    }
}
