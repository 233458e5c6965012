package io.dpone.testkit.simulator;

import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.List;
import java.util.Map;

/**
 * A snapshot of one distributed DDL queue entry: its name, cluster, stored query, settings, host
 * list, creation time, whether cleanup is removing it, and its per-host rows exactly as the DDL
 * port's {@code hostRows} would return them.
 */
public record QueueEntryView(
        String entry,
        String cluster,
        String query,
        Map<String, String> settings,
        List<HostEndpoint> hosts,
        long createdAtMillis,
        boolean removing,
        List<QueueRow> hostRows) {
    public QueueEntryView {
        settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
        hosts = List.copyOf(hosts);
        hostRows = List.copyOf(hostRows);
    }

    public String logComment() {
        return settings.get(QueueRow.LOG_COMMENT);
    }
}
