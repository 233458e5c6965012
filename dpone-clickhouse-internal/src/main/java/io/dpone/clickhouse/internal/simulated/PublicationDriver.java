package io.dpone.clickhouse.internal.simulated;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.service.OperationIdentity;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.clickhouse.internal.service.PublicationSettings;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.acceptance.AcceptanceFixture;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.ScenarioFailure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * Runs the internal-mode publication service the way a host would, against one
 * {@link AcceptanceCluster}: the cluster's target and control facade, bounded waits short enough
 * for tests, and a small source of {@code (id, v)} rows.
 */
public final class PublicationDriver {
    /** The simulator's target: real backends use per-test databases ({@link AcceptanceCluster#target()}). */
    public static final TableRef TARGET = AcceptanceFixture.TARGET;
    /** The simulator's control facade, the production one; real backends use a per-test one. */
    public static final FacadeSpec FACADE =
            new FacadeSpec(new TableRef("dpone_control", "publication_authority"), "dpone/publication_authority");

    public static final String ENGINE = "ReplicatedMergeTree";
    /** {@code distributed_ddl_task_timeout} of every dispatch; real backends size their HTTP deadlines by it. */
    public static final long DDL_TASK_TIMEOUT_SECONDS = AcceptanceFixture.DDL_TASK_TIMEOUT_SECONDS;

    private final AcceptanceCluster cluster;
    private final PublicationSettings settings;

    public PublicationDriver(AcceptanceCluster cluster) {
        this(cluster, cluster.target());
    }

    /** Publications to another target of the cluster under its control facade: its own slot, independent of the others. */
    public PublicationDriver(AcceptanceCluster cluster, TableRef target) {
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.settings = new PublicationSettings(
                cluster.clusterName(),
                requireNonNull(target, "target is null"),
                cluster.facade(),
                ENGINE,
                1L << 30,
                DDL_TASK_TIMEOUT_SECONDS,
                new BoundedWait(20, Duration.ofMillis(100), Duration.ofSeconds(2)),
                new BoundedWait(8, Duration.ofMillis(100), Duration.ofSeconds(1)),
                new BoundedWait(10, Duration.ofMillis(200), Duration.ofSeconds(2)));
    }

    public PublicationSettings settings() {
        return settings;
    }

    /** The service as worker {@code worker} composes it. */
    public InternalPublicationService service(String worker) {
        return service(worker, cluster.ports(worker));
    }

    public InternalPublicationService service(String worker, PublicationPorts ports) {
        return new InternalPublicationService(ports, settings, Sha256ProtocolDigests.INSTANCE, cluster.random(worker));
    }

    /** One publication by {@code worker} of {@code rows} rows under {@code invocation}. */
    public Attempt publish(String worker, String invocation, int rows) {
        return publish(worker, cluster.ports(worker), invocation, rows(rows, false));
    }

    public Attempt publish(String worker, PublicationPorts ports, String invocation, PublicationSource source) {
        cluster.publishing(this, invocation);
        Attempt attempt;
        try {
            attempt = new Attempt.Receipt(
                    service(worker, ports).publish(invocation, source, Cancellation.NEVER, ProgressListener.NONE));
        } catch (DponeException refused) {
            attempt = new Attempt.Refused(refused);
        }
        cluster.attempted(attempt);
        return attempt;
    }

    /** What {@code dpone plan --live --invocation-id invocation} says publish would do now; read only. */
    public LivePlan preview(String worker, String invocation) {
        return service(worker).preview(Optional.of(invocation));
    }

    /** A read-only status, as {@code dpone status} shows it. */
    public Attempt status(String worker, String invocation) {
        Attempt attempt;
        try {
            attempt = new Attempt.Receipt(service(worker).status(Optional.of(invocation)));
        } catch (DponeException refused) {
            attempt = new Attempt.Refused(refused);
        }
        cluster.attempted(attempt);
        return attempt;
    }

    /** {@code rows} rows {@code (i, <the cluster's row value of i>)}; typed columns when the target is to be created from them. */
    public PublicationSource rows(int rows, boolean typed) {
        return source(rows, typed, cluster::rowValue);
    }

    /** {@code rows} rows {@code (i, "v<i>")}; typed columns when the target is to be created from them. */
    public static PublicationSource source(int rows, boolean typed) {
        return source(rows, typed, row -> "v" + row);
    }

    private static PublicationSource source(int rows, boolean typed, IntFunction<String> values) {
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            cells.add(List.of(Integer.toString(i), values.apply(i)));
        }
        List<SourceColumn> columns = typed
                ? List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("v", "String"))
                : List.of(SourceColumn.untyped("id"), SourceColumn.untyped("v"));
        return new PublicationSource.Rows(columns, cells);
    }

    /**
     * The candidate the target's record binds, derived from a read-only status as the runbook tells
     * an operator to: {@code <target>__dpone_<16 hex of operation_id>_<candidate_attempt>}.
     */
    public TableRef candidate(String invocation) {
        Object attempt =
                status("candidate-reader", invocation).receipt().detail().get("candidate_attempt");
        if (!(attempt instanceof String suffix)) {
            throw new ScenarioFailure("the target's record names no candidate");
        }
        return new TableRef(settings.target().database(), attemptPrefix(invocation) + suffix);
    }

    private String attemptPrefix(String invocation) {
        return OperationIdentity.derive(settings, invocation, Sha256ProtocolDigests.INSTANCE)
                        .candidate()
                        .table() + "_";
    }

    /** Every staged candidate name of {@code invocation}'s operation on {@code member}, whatever its attempt. */
    public java.util.Set<String> attemptCandidates(int member, String invocation) {
        String prefix = attemptPrefix(invocation);
        java.util.Set<String> names = new java.util.TreeSet<>();
        cluster.tableNames(member, settings.target().database()).stream()
                .filter(name -> name.startsWith(prefix))
                .forEach(names::add);
        return names;
    }
}
