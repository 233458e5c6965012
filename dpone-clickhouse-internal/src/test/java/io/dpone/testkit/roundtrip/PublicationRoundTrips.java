package io.dpone.testkit.roundtrip;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.clickhouse.internal.simulated.SimulatedInternalPublication;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.RowCursor;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.WorkerPorts;
import java.util.List;

/**
 * Counts, from the simulator's call log, the server round trips of one clean internal-mode
 * publication over an existing target (simulator evidence: one port call is one request to one
 * server; a fan-out read through {@code clusterAllReplicas} and an {@code ON CLUSTER} statement are
 * one request each, as the adapters send them). Rows are a count streamed through the one load call.
 */
final class PublicationRoundTrips {
    /** The seed of every measurement, so that two measurements differ only in what they vary. */
    static final long SEED = 20261130L;

    private PublicationRoundTrips() {}

    /**
     * One publication's round trips by kind. {@code reads}: catalog, facade, preflight and authority
     * reads; {@code queueReads}: queue lookups and host-row reads; {@code authorityWrites}: the
     * KeeperMap insert and CASes; {@code ddl}: distributed DDL statements (setup and publication);
     * {@code loads}: streamed inserts; {@code sleeps}: bounded waits, and {@code waitedMillis} their
     * virtual duration; {@code polls} are the requests right after a wait, which repeat an
     * observation (they are in no other field).
     */
    record Count(
            int replicas,
            long rows,
            int reads,
            int queueReads,
            int authorityWrites,
            int ddl,
            int loads,
            int sleeps,
            long waitedMillis,
            int polls) {
        /** The protocol's own round trips: everything but the waits and the observations they repeat. */
        int protocol() {
            return reads + queueReads + authorityWrites + ddl + loads;
        }

        /** Every request sent, waits' re-reads included. */
        int requests() {
            return protocol() + polls;
        }
    }

    /**
     * The round trips of a publication on {@code replicas} members of {@code rows} rows. With
     * {@code steadyState}, a first publication has already bootstrapped the control facade and proven
     * the distributed-DDL capability for this inventory, as on a cluster dpone publishes to daily;
     * otherwise the measured publication is the cluster's first.
     */
    static Count measure(int replicas, long rows, boolean steadyState) {
        ClusterSimulator simulator =
                ClusterSimulator.builder().members(replicas).seed(SEED).build();
        SimulatedCluster cluster = new SimulatedCluster(simulator, PublicationDriver.FACADE);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        cluster.createReplicatedTable(PublicationDriver.TARGET, 10);
        PublicationDriver driver = new PublicationDriver(cluster);
        if (steadyState) {
            publish(simulator, driver, "yesterday", 10);
        }
        int from = simulator.observe().calls().records().size();
        publish(simulator, driver, "today", rows);
        List<CallRecord> calls = simulator.observe().calls().records();
        return count(replicas, rows, calls.subList(from, calls.size()));
    }

    private static void publish(ClusterSimulator simulator, PublicationDriver driver, String invocation, long rows) {
        WorkerPorts ports = simulator.worker("publisher");
        PublicationPorts publication = SimulatedInternalPublication.ports(ports, PublicationDriver.FACADE.control());
        PublicationReceipt receipt = new InternalPublicationService(
                        publication, driver.settings(), Sha256ProtocolDigests.INSTANCE, ports.randomBits())
                .publish(invocation, rowsOf(rows), Cancellation.NEVER, ProgressListener.NONE);
        if (receipt.outcome() != PublicationOutcome.COMMITTED) {
            throw new IllegalStateException("a clean publication ended " + receipt.outcome() + ": " + receipt.detail());
        }
    }

    private static Count count(int replicas, long rows, List<CallRecord> calls) {
        int reads = 0;
        int queueReads = 0;
        int writes = 0;
        int ddl = 0;
        int loads = 0;
        int sleeps = 0;
        int polls = 0;
        long waited = 0;
        boolean afterSleep = false;
        for (CallRecord call : calls) {
            if (afterSleep && call.call() != PortCall.SLEEP) {
                polls++;
                afterSleep = false;
                continue;
            }
            afterSleep = call.call() == PortCall.SLEEP;
            switch (call.call()) {
                case INVENTORY, MEMBERS, CANDIDATE_HEALTH, TABLE_NAMES, FACADE_OBSERVE, DDL_PREFLIGHT, CONTROL_READ ->
                    reads++;
                case DDL_LOOKUP, DDL_ENTRIES_BY_PREFIX, DDL_HOST_ROWS -> queueReads++;
                case CONTROL_INSERT, CONTROL_CAS -> writes++;
                case DDL_DISPATCH, DDL_SETUP -> ddl++;
                case LOAD -> loads++;
                case SLEEP -> {
                    sleeps++;
                    waited += Long.parseLong(call.outcome().replaceAll("\\D", ""));
                }
                // a port call added later must be placed in a column, never silently left out
                default -> throw new IllegalStateException("an uncounted port call: " + call.call());
            }
        }
        return new Count(replicas, rows, reads, queueReads, writes, ddl, loads, sleeps, waited, polls);
    }

    /** {@code rows} rows {@code (i, "v<i>")}, generated as the load reads them: nothing is held in memory. */
    private static PublicationSource rowsOf(long rows) {
        return new PublicationSource.Stream(
                List.of(SourceColumn.untyped("id"), SourceColumn.untyped("v")), () -> new RowCursor() {
                    private long next;
                    private long bytes;

                    @Override
                    public List<String> next() {
                        if (next >= rows) {
                            return null;
                        }
                        List<String> row = List.of(Long.toString(next), "v" + next);
                        next++;
                        bytes += row.get(0).length() + row.get(1).length() + 2;
                        return row;
                    }

                    @Override
                    public long bytesRead() {
                        return bytes;
                    }

                    @Override
                    public void close() {}
                });
    }
}
