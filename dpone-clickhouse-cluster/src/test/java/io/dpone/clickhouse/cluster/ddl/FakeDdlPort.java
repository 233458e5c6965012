package io.dpone.clickhouse.cluster.ddl;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An in-memory distributed-DDL queue behind the {@link DdlPort} contract, for offline tests of
 * the components that resolve through it. Lookups bind with the production {@link QueueLookups},
 * so the fake is never more permissive than the adapter. Each entry has a script of host-status
 * snapshots, one per {@link #hostRows} read (the last repeats), and becomes visible only after a
 * given number of lookups. Setup dispatches are recorded and answered by {@link #onSetup}; a fenced
 * dispatch is a test failure. Not thread-safe.
 */
public final class FakeDdlPort implements DdlPort {
    /** What a setup dispatch does to the fake queue and what the initiator answers. */
    @FunctionalInterface
    public interface OnSetup {
        DdlDispatch dispatch(SetupDdl ddl, DdlCorrelationToken token, FakeDdlPort queue);
    }

    private static final class Entry {
        final String name;
        final String cluster;
        final String query;
        final String token;
        final List<Map<HostEndpoint, String>> snapshots;
        int visibleAfterLookups;
        int reads;

        Entry(
                String name,
                String cluster,
                String query,
                String token,
                int visibleAfterLookups,
                List<Map<HostEndpoint, String>> snapshots) {
            this.name = name;
            this.cluster = cluster;
            this.query = query;
            this.token = token;
            this.visibleAfterLookups = visibleAfterLookups;
            this.snapshots = snapshots;
        }
    }

    public final List<String> calls = new ArrayList<>();
    public final List<SetupDdl> setups = new ArrayList<>();
    public final List<DdlCorrelationToken> tokens = new ArrayList<>();
    public boolean queueUnreadable;
    public boolean hostRowsUnreadable;
    public CatalogRead<CapabilityPreflight.Facts> preflight = new CatalogRead.Observed<>(new CapabilityPreflight.Facts(
            Optional.of(5L), Optional.of(CapabilityPreflight.REQUIRED_SETTINGS_TYPE), "24.8.14.39"));
    public OnSetup onSetup = (ddl, token, queue) -> {
        throw new AssertionError("no setup dispatch expected");
    };

    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final QueueLookups lookups = new QueueLookups(Sha256ProtocolDigests.INSTANCE);
    private int sequence;

    /** Host statuses: {@code "Finished:0"}, {@code "Finished:57"}, {@code "Active"}, {@code "Inactive"}, {@code "Removing"}. */
    public static Map<HostEndpoint, String> hosts(Object... hostAndStatus) {
        Map<HostEndpoint, String> snapshot = new LinkedHashMap<>();
        for (int i = 0; i < hostAndStatus.length; i += 2) {
            snapshot.put((HostEndpoint) hostAndStatus[i], (String) hostAndStatus[i + 1]);
        }
        return snapshot;
    }

    /** The query the server stores: the statement without a leading comment (it stores the formatted AST). */
    public static String stored(String sql) {
        return sql.replaceFirst("^/\\*.*?\\*/ ", "");
    }

    /** Adds an entry; returns its name. */
    @SafeVarargs
    public final String enqueue(
            String cluster,
            String query,
            String token,
            int visibleAfterLookups,
            Map<HostEndpoint, String>... snapshots) {
        String name = String.format("query-%010d", sequence++);
        entries.put(name, new Entry(name, cluster, query, token, visibleAfterLookups, List.of(snapshots)));
        return name;
    }

    public static DdlDispatch sent(int serverCode) {
        return new DdlDispatch.Sent(
                "q", new DdlDispatch.InitiatorAnswer.ServerErrorAnswer(ServerError.fromRaw(serverCode, "x")));
    }

    public static DdlDispatch acknowledged() {
        return new DdlDispatch.Sent("q", new DdlDispatch.InitiatorAnswer.Acknowledged());
    }

    public long count(String call) {
        return calls.stream().filter(call::equals).count();
    }

    @Override
    public CatalogRead<CapabilityPreflight.Facts> preflight() {
        calls.add("preflight");
        return preflight;
    }

    @Override
    public DdlDispatch dispatch(FencedDdl ddl, DispatchPermit permit) {
        throw new AssertionError("a setup component must never send fenced DDL");
    }

    @Override
    public DdlDispatch dispatchSetup(SetupDdl ddl, DdlCorrelationToken token) {
        calls.add("dispatchSetup");
        Optional<DdlDispatch.Refusal> refusal = DispatchGate.admit(ddl, token);
        if (refusal.isPresent()) {
            return new DdlDispatch.PermitRefused(refusal.get());
        }
        setups.add(ddl);
        tokens.add(token);
        return onSetup.dispatch(ddl, token, this);
    }

    @Override
    public QueueLookup lookup(ExpectedDdl expected) {
        calls.add("lookup");
        if (queueUnreadable) {
            return new QueueLookup.Unknown(QueueLookup.Reason.QUEUE_UNREADABLE);
        }
        List<QueueLookupRow> rows = new ArrayList<>();
        for (Entry entry : entries.values()) {
            if (entry.visibleAfterLookups-- <= 0
                    && entry.cluster.equals(expected.cluster())
                    && entry.token.equals(expected.correlationToken())) {
                rows.add(new QueueLookupRow(entry.name, List.of(entry.query), List.of(entry.token)));
            }
        }
        return lookups.bind(expected, rows);
    }

    @Override
    public CatalogRead<List<QueueLookupRow>> entriesWithTokenPrefix(String cluster, String tokenPrefix) {
        calls.add("prefix");
        if (queueUnreadable) {
            return CatalogRead.Unreadable.failed(ReadOutcome.ReadFailure.server(
                    ServerError.fromRaw(49, "DDL background thread is not initialized")));
        }
        return new CatalogRead.Observed<>(entries.values().stream()
                .filter(entry -> entry.visibleAfterLookups <= 0
                        && entry.cluster.equals(cluster)
                        && entry.token.startsWith(tokenPrefix))
                .map(entry -> new QueueLookupRow(entry.name, List.of(entry.query), List.of(entry.token)))
                .toList());
    }

    @Override
    public CatalogRead<List<QueueRow>> hostRows(BoundEntry bound) {
        calls.add("hostRows");
        Entry entry = entries.get(bound.entry());
        if (hostRowsUnreadable) {
            return CatalogRead.Unreadable.malformed();
        }
        if (entry == null) {
            return new CatalogRead.Observed<>(List.of());
        }
        Map<HostEndpoint, String> snapshot = entry.snapshots.get(Math.min(entry.reads++, entry.snapshots.size() - 1));
        List<QueueRow> rows = new ArrayList<>();
        snapshot.forEach((host, status) -> rows.add(row(entry, host, status)));
        return new CatalogRead.Observed<>(rows);
    }

    private static QueueRow row(Entry entry, HostEndpoint host, String status) {
        String[] parts = status.split(":", 2);
        String code = parts.length == 2 ? parts[1] : null;
        String text = code == null ? null : code.equals("0") ? "" : "Code: " + code;
        return new QueueRow(
                entry.name,
                null,
                null,
                null,
                entry.cluster,
                entry.query,
                Map.of(QueueRow.LOG_COMMENT, entry.token),
                Instant.EPOCH,
                host.host(),
                host.port(),
                parts[0],
                code,
                text,
                null,
                null);
    }
}
