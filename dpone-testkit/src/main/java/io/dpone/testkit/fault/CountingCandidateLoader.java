package io.dpone.testkit.fault;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.CandidateLoadPort;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.RowCursor;
import java.util.List;
import java.util.UUID;

/**
 * Counts every candidate load as one {@link StatementKind#CANDIDATE_LOAD} send in a shared
 * {@link CallCounter}, next to the statements {@link FaultInjectingTransport} counts. A load is
 * one streamed request by the port's contract; the loader's own query id stays inside it, so each
 * call is counted under a fresh key of its own. Thread-safe if the delegate is.
 */
public final class CountingCandidateLoader implements CandidateLoadPort {
    private final CandidateLoadPort delegate;
    private final CallCounter counter;

    public CountingCandidateLoader(CandidateLoadPort delegate, CallCounter counter) {
        this.delegate = requireNonNull(delegate, "delegate is null");
        this.counter = requireNonNull(counter, "counter is null");
    }

    @Override
    public LoadResult load(
            TableRef candidate,
            List<String> columns,
            RowCursor rows,
            long maxSourceBytes,
            Cancellation cancellation,
            ProgressListener progress) {
        String key = "load-" + UUID.randomUUID();
        counter.invoked(key);
        counter.sent(key, StatementKind.CANDIDATE_LOAD);
        return delegate.load(candidate, columns, rows, maxSourceBytes, cancellation, progress);
    }
}
