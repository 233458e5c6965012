package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.AcceptanceCluster;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.clickhouse.config.FixtureDigest;
import io.dpone.testkit.clickhouse.config.ServerKind;
import io.dpone.testkit.clickhouse.local.ChdbInstallation;
import io.dpone.testkit.clickhouse.local.LocalProcessCluster;
import io.dpone.testkit.fault.SendHook;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * {@link AcceptanceCluster} on the local real harness: libchdb (ClickHouse 26.7) members with an
 * in-JVM ZooKeeper, which run no distributed-DDL worker ({@code ON CLUSTER} is refused and the
 * queue cannot be read) and whose replicated tables stay read-only. It runs the scenarios that
 * need no DDL worker ({@link InternalScenarios#withoutDdlWorker()}): drift and a mismatched facade
 * refused before any DDL, and {@code capability-missing}. So it implements the operations those
 * need, and the rest throw {@link UnsupportedOperationException} naming why.
 *
 * <p>The replicated table is created on each member locally with one explicit UUID (which
 * allows {@code {uuid}} in the path outside {@code ON CLUSTER}), so every member holds one
 * generation; it stays empty because a read-only replica takes no insert. The queue is read from
 * the embedded ZooKeeper itself, where an entry would be if any had been made.
 */
public final class LocalAcceptanceCluster extends RealAcceptanceCluster {
    /** {@code <distributed_ddl><path>} of {@code fixtures/clickhouse/node.xml}. */
    static final String DDL_QUEUE_PATH = "/clickhouse/task_queue/ddl";

    private final LocalProcessCluster local;

    public LocalAcceptanceCluster(LocalProcessCluster local) {
        super(local);
        this.local = requireNonNull(local, "local is null");
    }

    @Override
    public String backend() {
        return "local";
    }

    @Override
    public String fixtureDigest() {
        return FixtureDigest.of(List.of(
                "local", "libchdb " + ChdbInstallation.VERSION, ServerKind.EMBEDDED.name(), "members=" + members()));
    }

    @Override
    SendHook hook(String worker) {
        return SendHook.NONE;
    }

    @Override
    public void createReplicatedTable(TableRef table, long rows) {
        if (rows != 0) {
            throw new UnsupportedOperationException(
                    "the local harness's replicated tables are read-only (no interserver"
                            + " endpoint in libchdb), so they can hold no rows");
        }
        UUID uuid = UUID.randomUUID();
        for (int member = 0; member < members(); member++) {
            sql.createLocally(member, table, uuid, ClusterSql.COLUMNS, ClusterSql.ENGINE);
        }
    }

    @Override
    public void arm(ArmedFault fault) {
        throw unsupported("armed faults act on distributed DDL and its queue");
    }

    @Override
    public void pause(int member) {
        throw unsupported("no local scenario pauses a member");
    }

    @Override
    public void resume(int member) {
        throw unsupported("no local scenario pauses a member");
    }

    @Override
    public void stallDdl(int member) {
        throw unsupported("there is no DDL worker to hold up");
    }

    @Override
    public void releaseDdl(int member) {
        throw unsupported("there is no DDL worker to hold up");
    }

    /** Entries under the queue's coordination path that name this scenario's databases. */
    @Override
    public Map<String, String> queueTokens() {
        Map<String, String> tokens = new LinkedHashMap<>();
        entries().forEach((entry, text) -> tokens.put(entry, text.logComment().orElse("")));
        return tokens;
    }

    @Override
    public Set<String> queueEntriesContaining(String text) {
        Set<String> names = new TreeSet<>();
        entries().forEach((entry, parsed) -> {
            if (parsed.query().contains(text)) {
                names.add(entry);
            }
        });
        return names;
    }

    private Map<String, DdlLogEntryText> entries() {
        Map<String, DdlLogEntryText> entries = new LinkedHashMap<>();
        for (String child : local.coordinationChildren(DDL_QUEUE_PATH)) {
            if (!child.startsWith("query-")) {
                continue;
            }
            DdlLogEntryText parsed = DdlLogEntryText.parse(
                    local.coordinationData(DDL_QUEUE_PATH + "/" + child).orElse(""));
            if (parsed.query().contains(database.target()) || parsed.query().contains(database.control())) {
                entries.put(child, parsed);
            }
        }
        return entries;
    }

    @Override
    void settle() {
        running.restoreHealthy();
    }

    private static UnsupportedOperationException unsupported(String why) {
        return new UnsupportedOperationException(
                "the local real harness (libchdb 26.7) runs no distributed-DDL worker: " + why);
    }
}
