package io.dpone.clickhouse.internal.simulated;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.Drift;
import io.dpone.testkit.acceptance.QueueHazard;
import io.dpone.testkit.acceptance.WorkerResult;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * A one-shard cluster the acceptance scenarios publish on, written once and run on every backend
 * that can: the deterministic simulator ({@link SimulatedCluster}, every CI run), real ClickHouse
 * 24.8 containers (DockerAcceptanceCluster, the Docker profile) and the local real
 * harness without distributed DDL (LocalAcceptanceCluster). A backend that cannot do an
 * operation throws {@link UnsupportedOperationException} naming why; its test class then states
 * which scenarios it runs and overrides the others with a test that shows why they cannot run
 * there (docs/testkit/acceptance.md), so no scenario is skipped silently.
 *
 * <p>Members are numbered from 0. Workers get their own {@link PublicationPorts} (their own
 * connection); every mutation they send is counted per statement kind and per query id.
 */
public interface AcceptanceCluster extends AutoCloseable {
    /** {@code simulator}, {@code docker} or {@code local}, for reports and receipts. */
    String backend();

    /** The server version the members run ({@code version()}), or {@code simulated}; for receipts. */
    String serverVersion();

    /**
     * SHA-256 hex of what configures this backend's cluster (pinned image or library, rendered
     * fixture templates, member count; the simulator's seed), so a receipt names its fixture.
     */
    String fixtureDigest();

    String clusterName();

    int members();

    /** The scenarios' target table; on real backends in a per-scenario database. */
    TableRef target();

    /** The platform's control facade the scenarios publish under; per scenario on real backends. */
    FacadeSpec facade();

    /** Atomic databases of these names on every member. */
    void createDatabases(String... databases);

    /**
     * A {@code ReplicatedMergeTree} table {@code (id UInt64, v String) ORDER BY id} on every
     * replica, one UUID and path by {@code {uuid}}, with {@code rows} rows on every replica.
     */
    void createReplicatedTable(TableRef table, long rows);

    /** The control facade on one member only (a partially created facade), at {@code spec}'s Keeper root. */
    void createFacadeOn(int member, FacadeSpec spec);

    /** Drift of one table on one member, after it was created; {@link Drift#MEMBERSHIP} ignores the table. */
    void drift(int member, TableRef table, Drift drift);

    /**
     * An operator's local (not {@code ON CLUSTER}) {@code EXCHANGE TABLES first AND second} on one
     * member, as the runbook's manual repair of a terminal mixed publication does.
     */
    default void exchangeLocally(int member, TableRef first, TableRef second) {
        throw new UnsupportedOperationException(backend() + " does not run local operator statements");
    }

    /** Arms a fault for the statements sent from now on. */
    void arm(ArmedFault fault);

    /**
     * The queue hazards this backend can inject for {@code queue-evidence-hazards}; for every other
     * one {@link #collectQueue()} and {@link #armQueueHazard} throw {@link UnsupportedOperationException}.
     * Every backend with a DDL worker injects at least {@link QueueHazard#DUPLICATE_ENTRY} (through
     * {@link #arm} and {@link ArmedFault.DuplicateEntry}).
     */
    default java.util.Set<QueueHazard> injectableQueueHazards() {
        return java.util.Set.of();
    }

    /**
     * One queue cleanup pass now that collects every entry no host is executing, as an entry past
     * {@code task_max_lifetime} is collected ({@link QueueHazard#COLLECTED_ENTRY}).
     */
    default void collectQueue() {
        throw new UnsupportedOperationException(backend() + " cannot run a queue cleanup pass on demand");
    }

    /**
     * Arms a host-row hazard for the next statement of {@code kind}: {@link QueueHazard#EXTRA_HOST_ROW}
     * and {@link QueueHazard#MISSING_HOST_ROW} (member {@code member} leaves the configuration, for
     * the missing row) change the configuration only while the statement is enqueued; the damaged-row
     * hazards make {@code member}'s row of its entry read that way from then on.
     */
    default void armQueueHazard(QueueHazard hazard, int member, StatementKind kind) {
        throw new UnsupportedOperationException(backend() + " cannot inject " + hazard);
    }

    /** Freezes a member's whole process: it answers nothing until {@link #resume}. */
    void pause(int member);

    void resume(int member);

    /** Holds up a member's DDL worker (as a long earlier entry in its queue): it still answers reads. */
    void stallDdl(int member);

    void releaseDdl(int member);

    /** The ports of worker {@code name}, connected through member 0. */
    PublicationPorts ports(String worker);

    /** The random bits the worker's service draws tokens and fences from (seeded on the simulator). */
    RandomBits random(String worker);

    /** Runs the workers concurrently (the simulator interleaves them by its seed) until each ended. */
    <T> Map<String, WorkerResult<T>> race(Map<String, Function<PublicationPorts, T>> workers);

    /** The UUID of {@code table} on {@code member}, or empty when the member has no such table. */
    Optional<UUID> uuid(int member, TableRef table);

    /** The names of every table in {@code database} on {@code member}. */
    java.util.Set<String> tableNames(int member, String database);

    /** Rows of {@code table} on {@code member}. */
    long rows(int member, TableRef table);

    /** Transport invocations of statements of {@code kind} so far, across every worker. */
    long sent(StatementKind kind);

    /** The largest number of transport invocations any one mutation query id made (the one-shot rule: 1). */
    long maxSendsPerMutation();

    /**
     * The text of the value column of source row {@code row} in every scenario's source ({@code v<row>}
     * unless a backend makes it distinctive, as the evidence leak scan does to find any value that leaks).
     */
    default String rowValue(int row) {
        return "v" + row;
    }

    /** Called by a {@link PublicationDriver} right before each publication of {@code invocation}; nothing by default. */
    default void publishing(PublicationDriver driver, String invocation) {}

    /** Sees every attempt a {@link PublicationDriver} made on this cluster (publications and status reads); nothing by default. */
    default void attempted(Attempt attempt) {}

    /** Every {@code log_comment} of the queue's entries, per entry name, as the queue shows them now. */
    Map<String, String> queueTokens();

    /** Queue entry names whose stored query contains {@code text}. */
    Set<String> queueEntriesContaining(String text);

    /**
     * A canonical text of every member's catalog for this cluster's target and control databases
     * and the platform's fixed control database ({@code system.databases}, {@code system.tables}
     * with UUID, {@code engine_full} and metadata time), and of every control table's rows with
     * {@code _version} (or the table's absence): two equal fingerprints mean nothing was created,
     * dropped, altered or written there in between.
     */
    String catalogFingerprint();

    /**
     * One publication of {@code rows} rows as {@code dpone publish} makes it: a manifest for this
     * cluster and target, the static admission policy over the providers on the class path, the
     * internal provider's {@code createPublisher} (the production composition root, with the
     * platform's fixed control facade) and a connection to member 0 as the publication principal.
     */
    Attempt publishThroughHost(String invocation, int rows);

    @Override
    void close();
}
