package io.dpone.testkit.emulation;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.DispatchGate;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueLookups;
import io.dpone.clickhouse.cluster.ddl.QueueRows;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.QueueHostRow;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.ClickHouseEndpoint;
import io.dpone.clickhouse.cluster.transport.http.HttpOneShotMutationTransport;
import io.dpone.clickhouse.cluster.transport.http.HttpReadTransport;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.cluster.RunningCluster;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * <b>An emulation of ClickHouse's distributed-DDL fan-out, for real members that cannot run
 * {@code ON CLUSTER} themselves</b> (the local libchdb harness answers 392 "Replicated DDL queries
 * are disabled"). It is a {@link DdlPort}: each {@code ... ON CLUSTER} statement is executed in its
 * local form (the {@code ON CLUSTER} clause removed) on every member, one after the other in
 * inventory order, through a real connection; and each dispatch is kept as one queue entry with
 * one row per host exactly as {@code system.distributed_ddl_queue} would show it: the query as the
 * server formats it ({@code formatQuerySingleLine}, so a leading comment is gone and
 * {@code ON CLUSTER} kept, as ClickHouse stores {@code queryToString(AST)}), the token in
 * {@code settings['log_comment']}, {@code Finished} with {@code exception_code} 0 and empty text
 * for a host that executed it, {@code Finished} with the server's code and text for a host that
 * refused it, {@code Inactive} with NULL exception fields for a host that could not be reached.
 * Lookups and host rows go through the production {@link QueueLookups} and {@link QueueRows}, so
 * binding and aggregation are exactly the adapter's. The preflight is the real one, read from a
 * member.
 *
 * <p>What it does not emulate: asynchronous execution (every host has finished before the
 * dispatch returns, so an entry is never in progress), a down host executing its entries when it
 * comes back, the initiator's {@code UUID} clause in a stored {@code CREATE}, queue retention.
 * Those outcomes are the simulator's and the Docker profile's. Two named faults exist for tests:
 * {@link #refuseOn} (a host records a terminal failure instead of executing) and {@link #forget}
 * (the statement executes but its entry is never listed, as after queue retention).
 * Thread-safe.
 */
public final class EmulatedClusterDdl implements DdlPort, AutoCloseable {
    /** The code an emulated host refusal reports (a server code with FATAL class). */
    public static final long REFUSAL_CODE = 497;

    private final String cluster;
    private final List<EmulatedHost> hosts;
    private final ReadTransport reads;
    private final QueueLookups lookups;
    private final List<EmulatedEntry> entries = new ArrayList<>();
    private final Map<DdlAction, Integer> refusals = new EnumMap<>(DdlAction.class);
    private final Set<DdlAction> forgotten = java.util.EnumSet.noneOf(DdlAction.class);

    /**
     * @param hosts every member in inventory order
     * @param reads a read connection to any member, for the preflight and the query formatter
     */
    public EmulatedClusterDdl(String cluster, List<EmulatedHost> hosts, ReadTransport reads, ProtocolDigests digests) {
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        this.reads = requireNonNull(reads, "reads is null");
        this.lookups = new QueueLookups(requireNonNull(digests, "digests is null"));
    }

    /**
     * The emulation over a running harness cluster: one real HTTP connection per member as
     * {@code principal} (in {@code database}), each member's queue identity its own
     * {@code system.clusters} host name and port, the preflight and formatter read on member 0.
     * Close it to release the connections.
     */
    public static EmulatedClusterDdl forHarness(RunningCluster harness, Credentials principal, String database) {
        String name = harness.spec().clusterName();
        List<EmulatedHost> hosts = new ArrayList<>();
        for (ClusterMember member : harness.members()) {
            MemberEndpoint endpoint = member.endpoint();
            hosts.add(new EmulatedHost(
                    new HostEndpoint(endpoint.host(), endpoint.nativePort()),
                    new HttpOneShotMutationTransport(ClickHouseEndpoint.of(
                            endpoint.host(), endpoint.httpPort(), database, principal.user(), principal.password()))));
        }
        MemberEndpoint first = harness.member(0).endpoint();
        return new EmulatedClusterDdl(
                name,
                hosts,
                new HttpReadTransport(ClickHouseEndpoint.of(
                        first.host(), first.httpPort(), database, principal.user(), principal.password())),
                Sha256ProtocolDigests.INSTANCE);
    }

    @Override
    public void close() {
        for (EmulatedHost host : hosts) {
            closeQuietly(host.local());
        }
        closeQuietly(reads);
    }

    private static void closeQuietly(Object transport) {
        if (transport instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception ignored) {
                // releasing a test connection changes nothing the emulation recorded
            }
        }
    }

    /** Fault: from now on, host {@code hostIndex} records a terminal failure for {@code action} instead of executing it. */
    public synchronized void refuseOn(DdlAction action, int hostIndex) {
        refusals.put(action, hostIndex);
    }

    /** Fault: from now on, statements of {@code action} execute but their entries are never listed. */
    public synchronized void forget(DdlAction action) {
        forgotten.add(action);
    }

    /** The number of entries dispatched so far, listed or not. */
    public synchronized int dispatched() {
        return entries.size();
    }

    @Override
    public CatalogRead<CapabilityPreflight.Facts> preflight() {
        ReadOutcome outcome = reads.read(CapabilityPreflight.statement(), QueryContext.of(queryId()));
        if (outcome instanceof ReadOutcome.Failed failed) {
            return CatalogRead.Unreadable.failed(failed.failure());
        }
        return new CatalogRead.Observed<>(CapabilityPreflight.read(((ReadOutcome.Rows) outcome).result()));
    }

    @Override
    public synchronized DdlDispatch dispatch(FencedDdl ddl, DispatchPermit permit) {
        Optional<DdlDispatch.Refusal> refusal = DispatchGate.admit(ddl, permit);
        if (refusal.isPresent()) {
            return new DdlDispatch.PermitRefused(refusal.get());
        }
        return fanOut(ddl.render(), permit.token());
    }

    @Override
    public synchronized DdlDispatch dispatchSetup(SetupDdl ddl, DdlCorrelationToken token) {
        Optional<DdlDispatch.Refusal> refusal = DispatchGate.admit(ddl, token);
        if (refusal.isPresent()) {
            return new DdlDispatch.PermitRefused(refusal.get());
        }
        return fanOut(ddl.render(), token);
    }

    @Override
    public synchronized QueueLookup lookup(ExpectedDdl expected) {
        List<QueueLookupRow> rows = new ArrayList<>();
        for (EmulatedEntry entry : listed(expected.cluster())) {
            if (entry.token().equals(expected.correlationToken())) {
                rows.add(new QueueLookupRow(entry.name(), List.of(entry.query()), List.of(entry.token())));
            }
        }
        return lookups.bind(expected, rows);
    }

    @Override
    public synchronized CatalogRead<List<QueueLookupRow>> entriesWithTokenPrefix(String cluster, String tokenPrefix) {
        List<QueueLookupRow> rows = new ArrayList<>();
        for (EmulatedEntry entry : listed(cluster)) {
            if (entry.token().startsWith(tokenPrefix)) {
                rows.add(new QueueLookupRow(entry.name(), List.of(entry.query()), List.of(entry.token())));
            }
        }
        return new CatalogRead.Observed<>(rows);
    }

    @Override
    public synchronized CatalogRead<List<QueueRow>> hostRows(BoundEntry entry) {
        List<QueueHostRow> rows = new ArrayList<>();
        for (EmulatedEntry listed : listed(entry.cluster())) {
            if (listed.name().equals(entry.entry())) {
                rows.addAll(listed.hostRows());
            }
        }
        return new CatalogRead.Observed<>(QueueRows.fromHostRows(entry.cluster(), rows));
    }

    private List<EmulatedEntry> listed(String forCluster) {
        return forCluster.equals(cluster)
                ? entries.stream().filter(e -> !forgotten.contains(actionOf(e))).toList()
                : List.of();
    }

    private static DdlAction actionOf(EmulatedEntry entry) {
        return DdlCorrelationToken.parse(entry.token())
                .map(DdlCorrelationToken::action)
                .orElse(null);
    }

    /** Executes the local form on every host, in order, and keeps the entry. */
    private DdlDispatch fanOut(SqlStatement statement, DdlCorrelationToken token) {
        String name = String.format("query-%010d", entries.size());
        String local = localForm(statement.sql());
        Integer refusedHost = refusals.get(token.action());
        List<QueueHostRow> rows = new ArrayList<>();
        Optional<MutationOutcome> firstFailure = Optional.empty();
        for (int i = 0; i < hosts.size(); i++) {
            EmulatedHost host = hosts.get(i);
            String hostName = host.queueIdentity().host();
            long port = host.queueIdentity().port();
            if (refusedHost != null && refusedHost == i) {
                rows.add(finished(
                        name,
                        hostName,
                        port,
                        REFUSAL_CODE,
                        "Code: 497. DB::Exception: emulated host refusal.",
                        statement,
                        token));
                continue;
            }
            MutationOutcome outcome = host.local()
                    .execute(
                            new SqlStatement(StatementKind.OTHER_MUTATION, local),
                            QueryContext.of(queryId()).with(ServerSetting.LOG_COMMENT, token.value()));
            if (outcome instanceof MutationOutcome.Acknowledged) {
                rows.add(finished(name, hostName, port, 0, "", statement, token));
            } else if (outcome instanceof MutationOutcome.Rejected rejected) {
                rows.add(finished(
                        name,
                        hostName,
                        port,
                        rejected.error().code(),
                        rejected.error().summary(),
                        statement,
                        token));
                firstFailure = firstFailure.or(() -> Optional.of(outcome));
            } else {
                rows.add(new QueueHostRow(
                        name,
                        Optional.of(hostName),
                        Optional.of(port),
                        Optional.of("Inactive"),
                        Optional.empty(),
                        Optional.empty(),
                        "",
                        Optional.of(token.value()),
                        true));
                firstFailure = firstFailure.or(() -> Optional.of(outcome));
            }
        }
        String stored = formatted(statement.sql());
        List<QueueHostRow> withQuery = rows.stream()
                .map(row -> new QueueHostRow(
                        row.entry(),
                        row.host(),
                        row.port(),
                        row.status(),
                        row.exceptionCode(),
                        row.exceptionText(),
                        stored,
                        row.logComment(),
                        row.wellTyped()))
                .toList();
        entries.add(new EmulatedEntry(name, stored, token.value(), withQuery));
        String queryId = queryId();
        return firstFailure
                .<DdlDispatch>map(failure -> new DdlDispatch.Sent(
                        queryId,
                        failure instanceof MutationOutcome.Rejected r
                                ? new DdlDispatch.InitiatorAnswer.ServerErrorAnswer(r.error())
                                : new DdlDispatch.InitiatorAnswer.NoAnswer(
                                        MutationOutcome.AmbiguityCause.TIMEOUT, Optional.empty())))
                .orElseGet(() -> new DdlDispatch.Sent(queryId, new DdlDispatch.InitiatorAnswer.Acknowledged()));
    }

    private static QueueHostRow finished(
            String entry,
            String host,
            long port,
            long code,
            String text,
            SqlStatement statement,
            DdlCorrelationToken token) {
        return new QueueHostRow(
                entry,
                Optional.of(host),
                Optional.of(port),
                Optional.of("Finished"),
                Optional.of(code),
                Optional.of(text),
                statement.sql(),
                Optional.of(token.value()),
                true);
    }

    /** The statement without its {@code ON CLUSTER} clause, as each host executes it. */
    private String localForm(String sql) {
        String clause = " ON CLUSTER " + SqlQuoting.identifier(cluster);
        int at = sql.indexOf(clause);
        if (at < 0) {
            throw new IllegalArgumentException("not an ON CLUSTER statement of this cluster");
        }
        return sql.substring(0, at) + sql.substring(at + clause.length());
    }

    /** The query as the server formats it, which is what ClickHouse stores in the queue entry. */
    private String formatted(String sql) {
        ReadOutcome outcome = reads.read(
                SqlStatement.read("SELECT formatQuerySingleLine(" + SqlQuoting.string(sql) + ") AS q"),
                QueryContext.of(queryId()));
        if (outcome instanceof ReadOutcome.Rows rows
                && rows.result().size() == 1
                && rows.result().value(0, "q") instanceof String text) {
            return text;
        }
        throw new IllegalStateException("the member could not format the statement");
    }

    private static String queryId() {
        return "dpone-emulated-" + UUID.randomUUID();
    }
}
