package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import io.dpone.testkit.fault.CallCounter;
import java.util.List;
import java.util.UUID;

/**
 * A {@link DdlPort} that counts each dispatch (one statement, once) by its statement kind into a
 * {@link CallCounter} before handing it on: what the fault-injecting transport counts for the
 * production adapter, for a port that has no transport underneath (the testkit's emulated fan-out).
 */
final class CountingDdlPort implements DdlPort {
    private final DdlPort delegate;
    private final CallCounter counter;

    CountingDdlPort(DdlPort delegate, CallCounter counter) {
        this.delegate = requireNonNull(delegate, "delegate is null");
        this.counter = requireNonNull(counter, "counter is null");
    }

    @Override
    public CatalogRead<CapabilityPreflight.Facts> preflight() {
        return delegate.preflight();
    }

    @Override
    public DdlDispatch dispatch(FencedDdl ddl, DispatchPermit permit) {
        counter.sent("ddl-" + UUID.randomUUID(), ddl.render().kind());
        return delegate.dispatch(ddl, permit);
    }

    @Override
    public DdlDispatch dispatchSetup(SetupDdl ddl, DdlCorrelationToken token) {
        counter.sent("ddl-" + UUID.randomUUID(), ddl.render().kind());
        return delegate.dispatchSetup(ddl, token);
    }

    @Override
    public QueueLookup lookup(ExpectedDdl expected) {
        return delegate.lookup(expected);
    }

    @Override
    public CatalogRead<List<QueueLookupRow>> entriesWithTokenPrefix(String cluster, String tokenPrefix) {
        return delegate.entriesWithTokenPrefix(cluster, tokenPrefix);
    }

    @Override
    public CatalogRead<List<QueueRow>> hostRows(BoundEntry entry) {
        return delegate.hostRows(entry);
    }
}
