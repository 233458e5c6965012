package io.dpone.clickhouse.cluster.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.DdlPort;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import java.util.Optional;
import java.util.Set;

/**
 * Sends one setup statement (the operation's own candidate creation or discard) exactly once and
 * proves it from its queue entry: success only when the entry bound by the token is terminal
 * success on every expected host within the bound. Any other evidence is a failure reason; the
 * statement is never sent again in this invocation.
 */
final class SetupStatements {
    private final DdlPort ddl;
    private final QueueEvidence queue;
    private final PollPolicy progress;

    SetupStatements(DdlPort ddl, QueueEvidence queue, PollPolicy progress) {
        this.ddl = requireNonNull(ddl, "ddl is null");
        this.queue = requireNonNull(queue, "queue is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    /** Empty on proven success on every host; otherwise the stable reason it is not proven. */
    Optional<String> run(SetupDdl statement, DdlCorrelationToken token, Set<HostEndpoint> hosts, Waits waits) {
        DdlDispatch dispatch = ddl.dispatchSetup(statement, token);
        if (dispatch instanceof DdlDispatch.NotSent) {
            return Optional.of("not sent");
        }
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            return Optional.of("refused before sending: " + refused.reason());
        }
        QueueLookup lookup = queue.bind(statement.expected(token), waits);
        if (!(lookup instanceof QueueLookup.Bound bound)) {
            return Optional.of("queue entry unresolved: " + ((QueueLookup.Unknown) lookup).reason());
        }
        for (int attempt = 1; ; attempt++) {
            EntryAggregation aggregation = queue.aggregate(bound.entry(), hosts);
            if (aggregation.outcome() == QueueStatus.TERMINAL_SUCCESS) {
                return Optional.empty();
            }
            if (aggregation.outcome() != QueueStatus.IN_PROGRESS) {
                return Optional.of("queue entry " + aggregation.outcome());
            }
            if (!waits.pause("setup entry", attempt, progress)) {
                return Optional.of("queue entry still in progress when the wait ended");
            }
        }
    }
}
