package io.dpone.clickhouse.external.simulated;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.StagingFault;
import io.dpone.testkit.acceptance.WorkerResult;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * A one-shard cluster with {@code internal_replication = false} and plain {@code MergeTree}
 * members that external mode's acceptance scenarios (ExternalScenarios) publish on,
 * written once and run on every backend that can: the deterministic simulator
 * ({@link SimulatedExternalCluster}, every CI run) and ClickHouse 24.8 containers
 * (DockerExternalAcceptanceCluster, the Docker profile). The external counterpart of
 * internal mode's AcceptanceCluster, with only what those scenarios need: each worker gets the external
 * service's whole {@link ExternalPorts} (catalog, distributed DDL, KeeperMap slots, facade, one
 * direct session per member, artifact store). A backend that cannot do an operation throws
 * {@link UnsupportedOperationException} naming why.
 *
 * <p>Members are numbered from 0. Every coordinator mutation a worker sends is counted per
 * statement kind and per query id.
 */
public interface ExternalAcceptanceCluster extends AutoCloseable {
    /** {@code simulator} or {@code docker}, for reports and receipts. */
    String backend();

    /** {@code version()} of member 0, or {@code simulated}. */
    String serverVersion();

    /** SHA-256 hex of what configures this backend's cluster, for receipts. */
    String fixtureDigest();

    String clusterName();

    int members();

    /** The scenarios' target; on real backends in a per-scenario database. */
    TableRef target();

    /** The control facade the scenarios publish under; per scenario on real backends. */
    FacadeSpec facade();

    /** Atomic databases of these names on every member. */
    void createDatabases(String... databases);

    /**
     * {@code table (id UInt64, v String) ENGINE = MergeTree ORDER BY id} created locally on every
     * member (one definition, a table and UUID per member), with {@code rows} rows on each.
     */
    void createMergeTreeTable(TableRef table, long rows);

    /** Arms a fault of the distributed DDL or the authority for the statements sent from now on. */
    void arm(ArmedFault fault);

    /** Arms a fault of the direct member sessions for the member calls made from now on. */
    void arm(StagingFault fault);

    /** Holds up a member's DDL worker (as a long earlier entry in its queue): it still answers reads and direct sessions. */
    void stallDdl(int member);

    void releaseDdl(int member);

    /** Starts a killed member again on its data and waits until it answers. */
    void restart(int member);

    /** An outside writer changes one row ({@code v} of the row with the smallest {@code id}) of {@code table} on one member. */
    void changeRow(int member, TableRef table);

    /** The ports of worker {@code name}: coordinator connection through member 0, direct sessions to every member. */
    ExternalPorts ports(String worker);

    /** The random bits the worker's service draws tokens and fences from (seeded on the simulator). */
    RandomBits random(String worker);

    /** Runs the workers concurrently (the simulator interleaves them by its seed) until each ended. */
    <T> Map<String, WorkerResult<T>> race(Map<String, Function<ExternalPorts, T>> workers);

    /** The UUID of {@code table} on {@code member}, or empty when the member has no such table. */
    Optional<UUID> uuid(int member, TableRef table);

    /** Rows of {@code table} on {@code member} (0 when absent). */
    long rows(int member, TableRef table);

    /**
     * The canonical content digest ({@code ContentDigest}) of {@code table}'s rows on {@code member}
     * read as {@code schema}, as a direct session re-reads them; empty when the table is absent.
     */
    Optional<Digest> content(int member, TableRef table, ArtifactSchema schema);

    /** Transport invocations of statements of {@code kind} so far, across every worker. */
    long sent(StatementKind kind);

    /** The most transport invocations any one coordinator mutation query id made (the one-shot rule: 1). */
    long maxSendsPerMutation();

    /** The text of the value column of source row {@code row}. */
    default String rowValue(int row) {
        return "v" + row;
    }

    /** Called by an {@link ExternalDriver} right before each publication it runs; nothing by default. */
    default void publishing(ExternalDriver driver, String invocation) {}

    /** Sees every attempt an {@link ExternalDriver} made on this cluster; nothing by default. */
    default void attempted(Attempt attempt) {}

    @Override
    void close();
}
