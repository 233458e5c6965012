package io.dpone.testkit.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts round trips (every read and every mutation is one request) through the wrapped transports. */
final class CountingTransport implements ReadTransport, OneShotMutationTransport {
    private final ReadTransport reads;
    private final OneShotMutationTransport mutations;
    private final AtomicInteger readCount = new AtomicInteger();
    private final AtomicInteger mutationCount = new AtomicInteger();

    CountingTransport(ReadTransport reads, OneShotMutationTransport mutations) {
        this.reads = requireNonNull(reads, "reads is null");
        this.mutations = requireNonNull(mutations, "mutations is null");
    }

    @Override
    public ReadOutcome read(SqlStatement statement, QueryContext context) {
        readCount.incrementAndGet();
        return reads.read(statement, context);
    }

    @Override
    public MutationOutcome execute(SqlStatement statement, QueryContext context) {
        mutationCount.incrementAndGet();
        return mutations.execute(statement, context);
    }

    int reads() {
        return readCount.get();
    }

    int mutations() {
        return mutationCount.get();
    }

    int roundTrips() {
        return reads() + mutations();
    }

    void reset() {
        readCount.set(0);
        mutationCount.set(0);
    }
}
