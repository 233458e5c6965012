package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.sql.QueueHostRow;
import io.dpone.testkit.simulator.HostRowDamage;
import io.dpone.testkit.simulator.SimulatorAdmin;
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
 * Exception columns are NULL unless Finished. Rows the admin damaged ({@link HostRowDamage}) are
 * replaced by shapes no 24.8 server produces. Pure.
 */
public final class QueueRowsView {
    private QueueRowsView() {}

    public static List<QueueHostRow> hostRows(QueueEntry entry) {
        return hostRows(entry, Long.MAX_VALUE);
    }

    /**
     * The rows as a Keeper follower that applied the log up to {@code view} serves them: a
     * {@code finished/} or {@code active/} node written later is not there yet, nor is a later
     * cleanup (a host whose node is hidden reads Inactive).
     */
    public static List<QueueHostRow> hostRows(QueueEntry entry, long view) {
        List<QueueHostRow> rows = new ArrayList<>();
        Set<HostEndpoint> listed = new LinkedHashSet<>();
        entry.finished.forEach((host, result) -> {
            if (result.index() <= view) {
                listed.add(host);
                rows.add(
                        row(entry, host, "Finished", Optional.of((long) result.code()), Optional.of(result.message())));
            }
        });
        entry.activeIndex.forEach((host, index) -> {
            if (index <= view && listed.add(host)) {
                rows.add(row(entry, host, "Active", Optional.empty(), Optional.empty()));
            }
        });
        boolean removing = entry.removing && entry.removingIndex <= view;
        entry.hosts.stream()
                .filter(listed::add)
                .forEach(host -> rows.add(
                        row(entry, host, removing ? "Removing" : "Inactive", Optional.empty(), Optional.empty())));
        if (rows.isEmpty()) {
            rows.add(new QueueHostRow(
                    entry.name,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.of("Unknown"),
                    Optional.empty(),
                    Optional.empty(),
                    entry.query,
                    Optional.ofNullable(entry.logComment()),
                    true));
        }
        rows.replaceAll(row -> damage(entry, row));
        rows.sort(Comparator.comparing(
                        (QueueHostRow row) -> row.host().orElse(null), Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(row -> row.port().orElse(null), Comparator.nullsLast(Comparator.naturalOrder())));
        return rows;
    }

    /** A row {@link SimulatorAdmin#damageHostRow} damaged, as the reader would return it; no 24.8 server shows these. */
    private static QueueHostRow damage(QueueEntry entry, QueueHostRow row) {
        HostRowDamage damage = row.host().isEmpty()
                ? null
                : entry.damaged.get(new HostEndpoint(
                        row.host().get(), row.port().orElseThrow().intValue()));
        if (damage == null) {
            return row;
        }
        Optional<String> status = switch (damage) {
            case FINISHED_WITH_NULL_EXCEPTION, FINISHED_WITH_CONTRADICTORY_EXCEPTION -> Optional.of("Finished");
            case ACTIVE_WITH_EXCEPTION -> Optional.of("Active");
            case UNPARSEABLE_CELL -> row.status();
            case NULL_STATUS -> Optional.empty();
            case UNRECOGNIZED_STATUS -> Optional.of("Queued");
        };
        Optional<Long> code = switch (damage) {
            case FINISHED_WITH_NULL_EXCEPTION, NULL_STATUS, UNRECOGNIZED_STATUS -> Optional.empty();
            case FINISHED_WITH_CONTRADICTORY_EXCEPTION -> Optional.of(0L);
            case ACTIVE_WITH_EXCEPTION -> Optional.of(57L);
            case UNPARSEABLE_CELL -> row.exceptionCode();
        };
        Optional<String> text = switch (damage) {
            case FINISHED_WITH_NULL_EXCEPTION, NULL_STATUS, UNRECOGNIZED_STATUS -> Optional.empty();
            case FINISHED_WITH_CONTRADICTORY_EXCEPTION, ACTIVE_WITH_EXCEPTION -> Optional.of("injected");
            case UNPARSEABLE_CELL -> row.exceptionText();
        };
        return new QueueHostRow(
                row.entry(),
                row.host(),
                row.port(),
                status,
                code,
                text,
                row.query(),
                row.logComment(),
                damage != HostRowDamage.UNPARSEABLE_CELL);
    }

    private static QueueHostRow row(
            QueueEntry entry, HostEndpoint host, String status, Optional<Long> code, Optional<String> text) {
        return new QueueHostRow(
                entry.name,
                Optional.of(host.host()),
                Optional.of((long) host.port()),
                Optional.of(status),
                code,
                text,
                entry.query,
                Optional.ofNullable(entry.logComment()),
                true);
    }
}
