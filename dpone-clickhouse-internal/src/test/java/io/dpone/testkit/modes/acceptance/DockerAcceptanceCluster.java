package io.dpone.testkit.modes.acceptance;

import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.AcceptanceCluster;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.QueueHazard;
import io.dpone.testkit.clickhouse.config.FixtureDigest;
import io.dpone.testkit.clickhouse.config.ServerKind;
import io.dpone.testkit.clickhouse.docker.TestcontainersBackend;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.fault.SendHook;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@link AcceptanceCluster} on pinned ClickHouse 24.8 containers (the Docker backend,
 * {@value TestcontainersBackend#SERVER_IMAGE} members and one Keeper): every operation with real
 * SQL as the admin principal, workers on the production adapters as the publication principal
 * through member 0, faults as {@link DockerFaults} describes. Written to be correct for 24.8 from
 * its sources; docs/testkit/real-clickhouse.md lists what was checked where, and that it has never
 * run.
 *
 * <ul>
 *   <li>Tables are created once {@code ON CLUSTER} ({@code {uuid}} path, one UUID from the
 *       initiator), rows inserted through member 0 and waited for on every replica with
 *       {@code SYSTEM SYNC REPLICA}.</li>
 *   <li>Queue observations read {@code system.distributed_ddl_queue} for this cluster, limited to
 *       entries whose stored query names this scenario's databases, so scenarios sharing the
 *       running cluster never see each other's entries.</li>
 *   <li>Membership cannot drift: {@code remote_servers} is rendered once when the containers
 *       start, so {@code drift(MEMBERSHIP)} throws {@link UnsupportedOperationException}.</li>
 *   <li>Of the queue hazards only a duplicate entry is injected: the queue cleaner runs on its own
 *       schedule ({@code task_max_lifetime}), the host set is {@code remote_servers}, and damaged
 *       rows exist on no real server ({@link QueueHazard}); {@code queue-evidence-hazards} proves
 *       the refusal of each of those and goes on.</li>
 * </ul>
 */
public final class DockerAcceptanceCluster extends RealAcceptanceCluster {
    private static final Duration SETTLE = Duration.ofSeconds(180);

    private final DockerFaults faults = new DockerFaults(this);
    private final DdlStall stalls;

    public DockerAcceptanceCluster(RunningCluster docker) {
        super(requireDocker(docker));
        this.stalls = new DdlStall(sql, clusterName());
        stalls.prepare();
    }

    private static RunningCluster requireDocker(RunningCluster cluster) {
        if (!TestcontainersBackend.NAME.equals(cluster.backendName())) {
            throw new IllegalArgumentException("a Docker acceptance cluster needs the docker backend");
        }
        return cluster;
    }

    @Override
    public String backend() {
        return TestcontainersBackend.NAME;
    }

    @Override
    public String fixtureDigest() {
        return FixtureDigest.of(List.of(
                TestcontainersBackend.NAME,
                TestcontainersBackend.SERVER_IMAGE,
                TestcontainersBackend.KEEPER_IMAGE,
                ServerKind.SERVER.name(),
                "members=" + members()));
    }

    @Override
    SendHook hook(String worker) {
        return faults.hookFor(worker);
    }

    @Override
    public void createReplicatedTable(TableRef table, long rows) {
        sql.createOnCluster(clusterName(), table);
        if (rows > 0) {
            sql.insertAndSync(table, rows);
        }
    }

    @Override
    public void arm(ArmedFault fault) {
        faults.arm(fault);
    }

    @Override
    public Set<QueueHazard> injectableQueueHazards() {
        return java.util.EnumSet.of(QueueHazard.DUPLICATE_ENTRY);
    }

    @Override
    public void armQueueHazard(QueueHazard hazard, int member, StatementKind kind) {
        if (hazard != QueueHazard.DUPLICATE_ENTRY) {
            throw new UnsupportedOperationException("the Docker fixture cannot inject " + hazard);
        }
        arm(new ArmedFault.DuplicateEntry(kind));
    }

    /** {@code docker pause}: the cgroup freezer stops every process of the member's container. */
    @Override
    public void pause(int member) {
        running.member(member).pause();
    }

    /**
     * {@code docker unpause}, then waits until every entry of this cluster has finished on every
     * host: a freeze longer than the Keeper session timeout (10 s in the fixture) expires the
     * member's session, and its DDL worker works through its queue again only on the new one.
     */
    @Override
    public void resume(int member) {
        running.member(member).resume();
        awaitQueueIdle("the resumed member to work through its queue");
    }

    @Override
    public void stallDdl(int member) {
        stalls.stall(member);
    }

    @Override
    public void releaseDdl(int member) {
        stalls.release(member);
    }

    @Override
    public Map<String, String> queueTokens() {
        Map<String, String> tokens = new LinkedHashMap<>();
        for (String line :
                queue("entry, any(settings['log_comment'])", "").lines().toList()) {
            String[] cells = line.split("\t", -1);
            tokens.put(cells[0], cells[1]);
        }
        return tokens;
    }

    @Override
    public Set<String> queueEntriesContaining(String text) {
        return new TreeSet<>(queue("entry", " AND position(query, " + SqlQuoting.string(text) + ") > 0")
                .lines()
                .toList());
    }

    /**
     * One row per entry of this cluster whose stored query names this scenario's target or control
     * database, leaving out the harness's own set-up statements.
     */
    private String queue(String columns, String condition) {
        return sql.admin(0)
                .query("SELECT " + columns + " FROM system.distributed_ddl_queue WHERE cluster = "
                        + SqlQuoting.string(clusterName()) + " AND (position(query, "
                        + SqlQuoting.string(database.target())
                        + ") > 0 OR position(query, " + SqlQuoting.string(database.control()) + ") > 0)"
                        + " AND settings['log_comment'] != " + SqlQuoting.string(ClusterSql.HARNESS_LOG_COMMENT)
                        + condition
                        + " GROUP BY entry ORDER BY entry");
    }

    /**
     * Ends stalls, unpauses members, and waits until every host finished every entry of this
     * cluster, so the next scenario starts on an idle queue.
     */
    @Override
    void settle() {
        stalls.releaseAll();
        running.restoreHealthy();
        awaitQueueIdle("the distributed-DDL queue to drain after the scenario");
    }

    private void awaitQueueIdle(String what) {
        Instant deadline = Instant.now().plus(SETTLE);
        String unfinished = "SELECT count() FROM system.distributed_ddl_queue WHERE cluster = "
                + SqlQuoting.string(clusterName()) + " AND (status IS NULL OR status != 'Finished')";
        while (true) {
            try {
                if (sql.admin(0).query(unfinished).equals("0")) {
                    return;
                }
            } catch (MemberQueryException notYet) {
                // the queue is read through Keeper, which a member may be reconnecting to
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("timed out waiting for " + what);
            }
            DdlStall.sleep();
        }
    }
}
