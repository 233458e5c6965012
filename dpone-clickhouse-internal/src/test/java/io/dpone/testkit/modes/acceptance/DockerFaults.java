package io.dpone.testkit.modes.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.sql.DdlParseResult;
import io.dpone.clickhouse.cluster.sql.DdlQueryParser;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.MemberQueryException;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.fault.SendHook;
import io.dpone.testkit.fault.TransportFault;
import io.dpone.testkit.simulator.WorkerCrash;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The {@link ArmedFault}s on real ClickHouse 24.8 containers, acting through each worker's
 * {@link SendHook} at the first matching statement after arming (across workers), once:
 * <ul>
 *   <li>{@code LoseResponse}: the statement is sent and its real answer withheld
 *       ({@link TransportFault#LOSE_RESPONSE_AFTER_EXECUTE});</li>
 *   <li>{@code PauseBefore}: {@code docker pause} of the member right before the send;</li>
 *   <li>{@code StallDdlBefore}: the member's DDL worker held up right before the send ({@link DdlStall});</li>
 *   <li>{@code FailOnHost} on {@code EXCHANGE}/{@code RENAME} (code 60 only): right before the send the
 *       candidate is detached on that member alone, so the entry fails there with 60
 *       UNKNOWN_TABLE, a terminal host error; once every host finished the entry it is attached
 *       again, so that member shows both generations as before;</li>
 *   <li>{@code FailOnHost} on the candidate's {@code CREATE} (code 57 only): right before the send a
 *       plain table of the candidate's name is created on that member alone, so the entry fails
 *       there with 57 TABLE_ALREADY_EXISTS;</li>
 *   <li>{@code DuplicateEntry}: right after the send, the same statement with the same settings
 *       ({@code log_comment} included) and a fresh query id is sent once more through a raw
 *       client, as a hidden driver retry would: two entries carry one token (this send is not
 *       counted, since the service did not make it);</li>
 *   <li>{@code CrashBefore}: the worker's hook throws {@link WorkerCrash}, so it dies before sending.</li>
 * </ul>
 * Thread-safe.
 */
final class DockerFaults {
    private static final int TABLE_ALREADY_EXISTS = 57;
    private static final Duration HOSTS_FINISH = Duration.ofSeconds(PublicationDriver.DDL_TASK_TIMEOUT_SECONDS + 90);

    private final DockerAcceptanceCluster cluster;
    private final List<ArmedFault> armed = new ArrayList<>();
    private final Map<String, List<Consumer<MutationOutcome>>> afterSend = new ConcurrentHashMap<>();

    DockerFaults(DockerAcceptanceCluster cluster) {
        this.cluster = requireNonNull(cluster, "cluster is null");
    }

    void arm(ArmedFault fault) {
        requireNonNull(fault, "fault is null");
        if (fault instanceof ArmedFault.FailOnHost failure) {
            boolean publication =
                    failure.kind() == StatementKind.DDL_EXCHANGE || failure.kind() == StatementKind.DDL_RENAME;
            boolean creation = failure.kind() == StatementKind.DDL_CREATE_CANDIDATE;
            if (!(publication && failure.code() == 60) && !(creation && failure.code() == TABLE_ALREADY_EXISTS)) {
                throw new UnsupportedOperationException("the Docker backend produces a terminal host error for EXCHANGE"
                        + " and RENAME with 60 (the candidate detached on that member) and for the candidate's CREATE"
                        + " with 57 (a table of that name created on that member first) only");
            }
        }
        if (kind(fault) == StatementKind.CANDIDATE_LOAD || !kind(fault).isMutation()) {
            throw new UnsupportedOperationException("faults act on the statements the fault-injecting transport sends");
        }
        synchronized (armed) {
            armed.add(fault);
        }
    }

    SendHook hookFor(String worker) {
        requireNonNull(worker, "worker is null");
        return new SendHook() {
            @Override
            public TransportFault beforeSend(SqlStatement statement, QueryContext context) {
                TransportFault result = TransportFault.NONE;
                for (ArmedFault fault : take(worker, statement.kind())) {
                    TransportFault fired = fire(worker, fault, statement, context);
                    result = result == TransportFault.NONE ? fired : result;
                }
                return result;
            }

            @Override
            public void afterSend(SqlStatement statement, QueryContext context, MutationOutcome outcome) {
                List<Consumer<MutationOutcome>> actions = afterSend.remove(context.queryId());
                if (actions != null) {
                    actions.forEach(action -> action.accept(outcome));
                }
            }
        };
    }

    /** The armed faults this statement triggers, removed, in arming order. */
    private List<ArmedFault> take(String worker, StatementKind kind) {
        synchronized (armed) {
            List<ArmedFault> matching = armed.stream()
                    .filter(fault -> kind(fault) == kind)
                    .filter(fault -> !(fault instanceof ArmedFault.CrashBefore crash)
                            || crash.worker().equals(worker))
                    .toList();
            armed.removeAll(matching);
            return matching;
        }
    }

    private TransportFault fire(String worker, ArmedFault fault, SqlStatement statement, QueryContext context) {
        if (fault instanceof ArmedFault.LoseResponse) {
            return TransportFault.LOSE_RESPONSE_AFTER_EXECUTE;
        }
        if (fault instanceof ArmedFault.CrashBefore) {
            throw new WorkerCrash(worker, "before sending " + statement.kind());
        }
        if (fault instanceof ArmedFault.PauseBefore pause) {
            cluster.pause(pause.member());
        } else if (fault instanceof ArmedFault.StallDdlBefore stall) {
            cluster.stallDdl(stall.member());
        } else if (fault instanceof ArmedFault.FailOnHost failure
                && statement.kind() == StatementKind.DDL_CREATE_CANDIDATE) {
            occupyName(failure.member(), statement);
        } else if (fault instanceof ArmedFault.FailOnHost failure) {
            failOnHost(failure.member(), statement, context);
        } else if (fault instanceof ArmedFault.DuplicateEntry) {
            after(context, outcome -> duplicate(statement, context));
        }
        return TransportFault.NONE;
    }

    private void failOnHost(int member, SqlStatement statement, QueryContext context) {
        if (!(DdlQueryParser.parse(statement.sql()) instanceof DdlParseResult.Parsed parsed)) {
            throw new IllegalStateException("the armed statement does not parse as publication DDL");
        }
        TableRef candidate =
                new TableRef(parsed.ddl().database(), parsed.ddl().candidate().orElseThrow());
        cluster.sql.admin(member).execute("DETACH TABLE " + candidate.render() + " SYNC");
        String token = context.logComment().orElseThrow(() -> new IllegalStateException("DDL without a token"));
        after(context, outcome -> {
            awaitEveryHostFinished(token);
            attach(member, candidate);
        });
    }

    /** A plain table of the candidate's name on that member alone, so the entry fails there with 57 TABLE_ALREADY_EXISTS. */
    private void occupyName(int member, SqlStatement statement) {
        if (!(DdlQueryParser.parse(statement.sql()) instanceof DdlParseResult.Parsed parsed)) {
            throw new IllegalStateException("the armed statement does not parse as a CREATE");
        }
        TableRef created =
                new TableRef(parsed.ddl().database(), parsed.ddl().target().orElseThrow());
        cluster.sql
                .admin(member)
                .execute("CREATE TABLE " + created.render() + " (id UInt64) ENGINE = MergeTree ORDER BY id");
    }

    /** {@code ATTACH} again; 24.8 refuses it with 57 while the detached instance is still referenced, so that is retried. */
    private void attach(int member, TableRef table) {
        Instant deadline = Instant.now().plus(HOSTS_FINISH);
        while (true) {
            try {
                cluster.sql.admin(member).execute("ATTACH TABLE " + table.render());
                return;
            } catch (QueryFailedException refused) {
                if (refused.serverCode() != TABLE_ALREADY_EXISTS
                        || Instant.now().isAfter(deadline)) {
                    throw refused;
                }
                DdlStall.sleep();
            }
        }
    }

    /** The same statement once more, as a hidden retry: same SQL and settings, a fresh query id, not counted. */
    private void duplicate(SqlStatement statement, QueryContext context) {
        Map<String, String> settings = new LinkedHashMap<>(context.settingsByName());
        settings.put("query_id", "duplicate-" + UUID.randomUUID());
        MemberClient raw = cluster.running
                .member(0)
                .client(
                        cluster.running.publisher(),
                        Duration.ofSeconds(PublicationDriver.DDL_TASK_TIMEOUT_SECONDS + 30));
        try {
            raw.execute(statement.sql(), settings);
        } catch (MemberQueryException answered) {
            // A host error or timeout still leaves the second entry in the queue, which is the fault.
        }
    }

    private void awaitEveryHostFinished(String token) {
        Instant deadline = Instant.now().plus(HOSTS_FINISH);
        String query = "SELECT countIf(status = 'Finished') = count() AND count() = " + cluster.members()
                + " FROM system.distributed_ddl_queue WHERE cluster = " + SqlQuoting.string(cluster.clusterName())
                + " AND settings['log_comment'] = " + SqlQuoting.string(token);
        while (!cluster.sql.admin(0).query(query).equals("1")) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("the failed entry did not finish on every host in time");
            }
            DdlStall.sleep();
        }
    }

    private void after(QueryContext context, Consumer<MutationOutcome> action) {
        afterSend.computeIfAbsent(context.queryId(), id -> new ArrayList<>()).add(action);
    }

    private static StatementKind kind(ArmedFault fault) {
        if (fault instanceof ArmedFault.LoseResponse lose) {
            return lose.kind();
        }
        if (fault instanceof ArmedFault.FailOnHost failure) {
            return failure.kind();
        }
        if (fault instanceof ArmedFault.DuplicateEntry duplicate) {
            return duplicate.kind();
        }
        if (fault instanceof ArmedFault.PauseBefore pause) {
            return pause.kind();
        }
        if (fault instanceof ArmedFault.StallDdlBefore stall) {
            return stall.kind();
        }
        return ((ArmedFault.CrashBefore) fault).kind();
    }
}
