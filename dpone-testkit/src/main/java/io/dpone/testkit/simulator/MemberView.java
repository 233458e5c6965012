package io.dpone.testkit.simulator;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.Map;
import java.util.Optional;

/** A snapshot of one member: identity, process state, databases (name to engine) and tables. */
public record MemberView(
        int index,
        HostEndpoint endpoint,
        MemberState state,
        boolean sessionExpired,
        Map<String, String> databases,
        Map<TableRef, TableView> tables) {
    public MemberView {
        databases = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(databases));
        tables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tables));
    }

    public Optional<TableView> table(TableRef table) {
        return Optional.ofNullable(tables.get(table));
    }
}
