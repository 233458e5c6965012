package io.dpone.testkit.emulation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.QueueHostRow;
import java.util.List;

/** One emulated queue entry: its name, the stored (formatted) query, its token and one row per host. */
record EmulatedEntry(String name, String query, String token, List<QueueHostRow> hostRows) {
    EmulatedEntry {
        requireNonNull(name, "name is null");
        requireNonNull(query, "query is null");
        requireNonNull(token, "token is null");
        hostRows = List.copyOf(requireNonNull(hostRows, "hostRows is null"));
    }
}
