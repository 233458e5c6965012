package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * An in-memory stand-in for both transports: each mutation returns the scripted outcome (and may
 * change the stored row, as the server would have), each read returns the stored row. Counts calls.
 */
final class FakeControlTable implements OneShotMutationTransport, ReadTransport {
    static final List<String> COLUMNS = List.of(
            "target_key",
            "operation_id",
            "fence_token",
            "phase",
            "dispatch_epoch",
            "payload",
            "payload_sha256",
            "_version");

    private VersionedRow stored;
    private Function<String, MutationOutcome> script = MutationOutcome.Acknowledged::new;
    private VersionedRow afterMutation;
    private ReadOutcome readOverride;
    final List<SqlStatement> mutationStatements = new ArrayList<>();
    final List<QueryContext> mutationContexts = new ArrayList<>();
    int reads;

    FakeControlTable storing(VersionedRow row) {
        stored = row;
        return this;
    }

    /** The next mutations answer with {@code outcome} and leave {@code effect} stored (null: unchanged). */
    FakeControlTable answering(Function<String, MutationOutcome> outcome, VersionedRow effect) {
        script = outcome;
        afterMutation = effect;
        return this;
    }

    FakeControlTable readsAnswer(ReadOutcome outcome) {
        readOverride = outcome;
        return this;
    }

    @Override
    public synchronized MutationOutcome execute(SqlStatement statement, QueryContext context) {
        mutationStatements.add(statement);
        mutationContexts.add(context);
        if (afterMutation != null) {
            stored = afterMutation;
        }
        return script.apply(context.queryId());
    }

    @Override
    public synchronized ReadOutcome read(SqlStatement statement, QueryContext context) {
        reads++;
        if (readOverride != null) {
            return readOverride;
        }
        if (stored == null) {
            return new ReadOutcome.Rows(new ReadResult(COLUMNS, List.of()));
        }
        AuthorityRow row = stored.row();
        List<Object> cells = java.util.Arrays.asList(
                row.targetKey(),
                row.operationId(),
                row.fenceToken(),
                row.phase(),
                row.dispatchEpoch() == null ? null : row.dispatchEpoch().longValueExact(),
                row.payload(),
                row.payloadSha256(),
                stored.keeperVersion());
        return new ReadOutcome.Rows(new ReadResult(COLUMNS, List.of(cells)));
    }

    int mutations() {
        return mutationStatements.size();
    }
}
