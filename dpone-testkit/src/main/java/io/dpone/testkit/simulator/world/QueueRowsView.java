package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.sql.QueueHostRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code system.distributed_ddl_queue} rows of one entry ({@code StorageSystemDDLWorkerQueue.cpp},
 * semantics note section 2), as the adapter's host-row read selects them ({@code ORDER BY host, port}):
 * one row per host; {@code finished/} children are Finished with their code and text (0 and
 * {@code ''} on success); {@code active/} children Active; other listed hosts Inactive, or Removing
 * once cleanup took {@code active/} away; no host at all gives one Unknown row with NULL host.
 * Exception columns are NULL unless Finished. Pure.
 */
public final class QueueRowsView {
    private QueueRowsView() {
    }

    public static List<QueueHostRow> hostRows(QueueEntry entry) {
        List<QueueHostRow> rows = new ArrayList<>();
        Set<HostEndpoint> listed = new LinkedHashSet<>();
        entry.finished.forEach((host, result) -> {
            listed.add(host);
            rows.add(row(entry, host, "Finished", Optional.of((long) result.code()), Optional.of(result.message())));
        });
        entry.active.keySet().stream().filter(listed::add)
                .forEach(host -> rows.add(row(entry, host, "Active", Optional.empty(), Optional.empty())));
        entry.hosts.stream().filter(listed::add).forEach(host -> rows.add(row(entry, host,
                entry.removing ? "Removing" : "Inactive", Optional.empty(), Optional.empty())));
        if (rows.isEmpty()) {
            rows.add(new QueueHostRow(entry.name, Optional.empty(), Optional.empty(), Optional.of("Unknown"), Optional.empty(),
                    Optional.empty(), entry.query, Optional.ofNullable(entry.logComment()), true));
        }
        rows.sort(Comparator.comparing((QueueHostRow row) -> row.host().orElse(null), Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(row -> row.port().orElse(null), Comparator.nullsLast(Comparator.naturalOrder())));
        return rows;
    }

    private static QueueHostRow row(QueueEntry entry, HostEndpoint host, String status, Optional<Long> code,
            Optional<String> text) {
        return new QueueHostRow(entry.name, Optional.of(host.host()), Optional.of((long) host.port()), Optional.of(status),
                code, text, entry.query, Optional.ofNullable(entry.logComment()), true);
    }
}
