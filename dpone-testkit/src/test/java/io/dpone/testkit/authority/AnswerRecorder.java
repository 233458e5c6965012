package io.dpone.testkit.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.sql.SqlStatement;

/** Keeps the last answer the wrapped one-shot transport gave; one worker thread uses it at a time. */
final class AnswerRecorder implements OneShotMutationTransport {
    private final OneShotMutationTransport mutations;
    private volatile MutationOutcome last;

    AnswerRecorder(OneShotMutationTransport mutations) {
        this.mutations = requireNonNull(mutations, "mutations is null");
    }

    @Override
    public MutationOutcome execute(SqlStatement statement, QueryContext context) {
        MutationOutcome outcome = mutations.execute(statement, context);
        last = outcome;
        return outcome;
    }

    MutationOutcome last() {
        return last;
    }
}
