package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.Optional;

/**
 * One host about to apply one queue entry to its own catalog ({@link StepObserver#beforeHostApplies}):
 * the member, the entry, its statement kind and {@code log_comment}, the table a drop removes, and
 * the code of an injected host error that replaces the execution (0 when the host executes it).
 */
public record HostStep(
        int member,
        String entry,
        StatementKind kind,
        String logComment,
        Optional<TableRef> dropped,
        int injectedErrorCode) {
    public HostStep {
        requireNonNull(entry, "entry is null");
        requireNonNull(dropped, "dropped is null");
    }
}
