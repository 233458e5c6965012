package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeVerdict.FacadeProblem;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.OneShotMutationTransport;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.SqlStatement;
import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.clickhouse.cluster.sql.DdlStatements;
import java.util.UUID;

/**
 * Creates the control facade with one non-retried {@code CREATE TABLE ... ON CLUSTER} (seed section
 * 1), carrying a bootstrap-specific {@code log_comment}. Only a verdict of {@link FacadeVerdict.BootstrapAll}
 * or {@link FacadeVerdict.FillAbsent} can be passed, so a mismatched facade is never "repaired". The
 * statement goes through a one-shot transport exactly once; anything but an acknowledgement fails
 * closed. An acknowledgement proves nothing by itself: the caller reconciles the DDL queue and
 * verifies the facade again before publication may start. Thread-safe if the transport is.
 */
public final class FacadeBootstrap {
    public static final String LOG_COMMENT_PREFIX = "dpone-authority-bootstrap-";

    private final FacadeSpec spec;
    private final String cluster;
    private final OneShotMutationTransport ddl;
    private final AuthorityQueryIds queryIds;
    private final long taskTimeoutSeconds;

    /** @param ddl a one-shot transport able to carry distributed-DDL settings (the HTTP one) */
    public FacadeBootstrap(FacadeSpec spec, String cluster, OneShotMutationTransport ddl, AuthorityQueryIds queryIds,
                           long taskTimeoutSeconds) {
        this.spec = requireNonNull(spec, "spec is null");
        this.cluster = requireNonNull(cluster, "cluster is null");
        this.ddl = requireNonNull(ddl, "ddl is null");
        this.queryIds = requireNonNull(queryIds, "queryIds is null");
        this.taskTimeoutSeconds = taskTimeoutSeconds;
    }

    /** Outcome of the one bootstrap statement. */
    public sealed interface Outcome {
        /** The initiator acknowledged; reconcile the queue entry by {@code logComment}, then verify again. */
        record Dispatched(String queryId, String logComment) implements Outcome {
        }

        /** Refused, ambiguous or not sent: fail closed with {@link FacadeProblem#BOOTSTRAP_UNRESOLVED}. */
        record FailedClosed(FacadeVerdict.Blocked verdict, String summary) implements Outcome {
        }
    }

    /** Creates the facade on every member: the facade is absent everywhere. */
    public Outcome bootstrap(FacadeVerdict.BootstrapAll verdict) {
        requireNonNull(verdict, "verdict is null");
        return send(DdlStatements.createControlTable(cluster, spec.control(), spec.keeperRoot()));
    }

    /** Creates the facade where it is absent; every existing one was verified to match exactly. */
    public Outcome fill(FacadeVerdict.FillAbsent verdict) {
        requireNonNull(verdict, "verdict is null");
        SqlStatement create = DdlStatements.createControlTable(cluster, spec.control(), spec.keeperRoot());
        // Same renderer, plus IF NOT EXISTS so hosts that already hold the verified facade answer success.
        return send(new SqlStatement(StatementKind.DDL_CREATE_CONTROL,
                create.sql().replaceFirst("^CREATE TABLE ", "CREATE TABLE IF NOT EXISTS ")));
    }

    private Outcome send(SqlStatement statement) {
        String queryId = queryIds.next("bootstrap");
        String logComment = LOG_COMMENT_PREFIX + UUID.randomUUID();
        MutationOutcome outcome = ddl.execute(statement, QueryContext.distributedDdl(queryId, logComment, taskTimeoutSeconds));
        if (outcome instanceof MutationOutcome.Acknowledged) {
            return new Outcome.Dispatched(queryId, logComment);
        }
        return new Outcome.FailedClosed(new FacadeVerdict.Blocked(FacadeProblem.BOOTSTRAP_UNRESOLVED), summary(outcome));
    }

    private static String summary(MutationOutcome outcome) {
        if (outcome instanceof MutationOutcome.Rejected rejected) {
            return "bootstrap refused: code " + rejected.error().code() + " " + rejected.error().classification().name();
        }
        if (outcome instanceof MutationOutcome.Ambiguous ambiguous) {
            return "bootstrap outcome unknown: " + ambiguous.cause()
                    + ambiguous.serverError().map(error -> " code " + error.code() + " " + error.classification().name()).orElse("");
        }
        return "bootstrap not sent";
    }
}
