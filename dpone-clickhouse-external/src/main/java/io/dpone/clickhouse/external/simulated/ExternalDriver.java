package io.dpone.clickhouse.external.simulated;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.clickhouse.external.service.ExternalSettings;
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
import java.util.UUID;

/**
 * Runs the external-mode publication service ({@link ExternalPublicationService}) the way a host
 * would, against one {@link ExternalAcceptanceCluster}: the cluster's target and control facade,
 * {@code MergeTree} for an absent target, bounded waits short enough for tests, and a small typed
 * source of {@code (id UInt64, v String)} rows.
 */
public final class ExternalDriver {
    /** The declared columns of every scenario's source. */
    public static final List<SourceColumn> COLUMNS =
            List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("v", "String"));
    /** The artifact schema those columns seal to. */
    public static final ArtifactSchema SCHEMA = ArtifactSchema.declared(COLUMNS);

    public static final String ENGINE = "MergeTree";
    public static final long CONTENT_ROW_BUDGET = 1_000;

    private final ExternalAcceptanceCluster cluster;
    private final ExternalSettings settings;

    public ExternalDriver(ExternalAcceptanceCluster cluster) {
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.settings = new ExternalSettings(
                cluster.clusterName(),
                cluster.target(),
                cluster.facade(),
                ENGINE,
                1L << 30,
                CONTENT_ROW_BUDGET,
                AcceptanceFixture.DDL_TASK_TIMEOUT_SECONDS,
                new BoundedWait(20, Duration.ofMillis(100), Duration.ofSeconds(2)),
                new BoundedWait(10, Duration.ofMillis(200), Duration.ofSeconds(2)));
    }

    public ExternalSettings settings() {
        return settings;
    }

    /** The service as a worker with {@code ports} composes it. */
    public ExternalPublicationService service(String worker, ExternalPorts ports) {
        return new ExternalPublicationService(ports, settings, cluster.random(worker));
    }

    /** One publication by {@code worker} of {@code rows} rows under {@code invocation}. */
    public Attempt publish(String worker, String invocation, int rows) {
        return publish(worker, cluster.ports(worker), invocation, rows);
    }

    public Attempt publish(String worker, ExternalPorts ports, String invocation, int rows) {
        cluster.publishing(this, invocation);
        Attempt attempt;
        try {
            attempt = new Attempt.Receipt(
                    service(worker, ports).publish(invocation, rows(rows), Cancellation.NEVER, ProgressListener.NONE));
        } catch (DponeException refused) {
            attempt = new Attempt.Refused(refused);
        }
        cluster.attempted(attempt);
        return attempt;
    }

    /** {@code dpone plan --live} of {@code invocation}, read by {@code worker}: what a publication would do now. */
    public LivePlan preview(String worker, String invocation) {
        return service(worker, cluster.ports(worker)).preview(Optional.of(invocation));
    }

    /** {@code rows} typed rows {@code (i, <the cluster's row value of i>)}. */
    public PublicationSource rows(int rows) {
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            cells.add(List.of(Integer.toString(i), cluster.rowValue(i)));
        }
        return new PublicationSource.Rows(COLUMNS, cells);
    }

    public ExternalOperation operation(String invocation) {
        return ExternalOperation.derive(settings.plan(), invocation);
    }

    /** The operation's candidate name on every member: {@code target + "__dpone_ext_" + 16 hex of the operation id}. */
    public TableRef candidate(String invocation) {
        return operation(invocation).candidate();
    }

    /** The name one staging attempt of the invocation's operation loads under (its recorded candidate UUID). */
    public TableRef attempt(String invocation, UUID candidateUuid) {
        return operation(invocation).attempt(candidateUuid);
    }

    /** The target's record as it stands now, read once through a reader's own ports; it must be an external record. */
    public ExternalRecord record(String invocation) {
        SlotRead<ExternalSlot> slot = cluster.ports("record-reader")
                .authority()
                .readVersioned(operation(invocation).targetKey());
        if (!(slot instanceof SlotRead.Present<ExternalSlot> present)
                || present.valid().isEmpty()
                || !(present.valid().get().record() instanceof ExternalRecord record)) {
            throw new ScenarioFailure("the target's slot holds no valid external record");
        }
        return record;
    }
}
