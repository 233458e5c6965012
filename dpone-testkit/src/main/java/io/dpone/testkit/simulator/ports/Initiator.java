package io.dpone.testkit.simulator.ports;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.transport.FailureMapping;
import io.dpone.testkit.simulator.world.QueueEntry;
import io.dpone.testkit.simulator.world.ServerErrors;
import io.dpone.testkit.simulator.world.World;
import java.util.List;
import java.util.Optional;

/**
 * What the initiator answers after enqueueing, with {@code distributed_ddl_output_mode = throw}
 * ({@code DDLQueryStatusSource}, semantics note section 1): it polls every {@code min(1000, 50 x try)}
 * ms; success once every host finished without error; the first host error it sees is raised with
 * the host's own code after every host finished, at the timeout, or when the cleaner removed the
 * entry (it beats both: {@code DDLQueryStatusSource} keeps the first exception and sets 341 only
 * "if (!first_exception)"); otherwise 159 once the wait exceeds the timeout ({@code elapsed >
 * timeout} at the top of a poll); 341 if the entry was removed with no host error seen. The answer
 * goes through the transport's own mapping, so every code is ambiguous for an {@code ON CLUSTER}
 * statement.
 */
final class Initiator {
    private Initiator() {}

    /** Waits out the entry with the query's own {@code distributed_ddl_task_timeout}, as the initiator reads it from its context. */
    static MutationOutcome await(
            PortContext context, QueueEntry entry, String queryId, StatementKind kind, long taskTimeoutSeconds) {
        World world = context.world();
        long timeout = taskTimeoutSeconds * 1000;
        long started = world.now();
        QueueEntry.Finished firstError = null;
        int seen = 0;
        for (int attempt = 1; ; attempt++) {
            if (entry.isRemoved()) {
                return firstError != null
                        ? hostError(queryId, kind, firstError)
                        : error(
                                queryId,
                                kind,
                                ServerErrors.UNFINISHED,
                                ServerErrors.format(
                                        ServerErrors.UNFINISHED,
                                        "UNFINISHED",
                                        "Cannot provide query execution status. The query's node /clickhouse/task_queue/ddl/"
                                                + entry.name
                                                + " has been deleted by the cleaner since it was finished (or its lifetime is expired)"));
            }
            List<QueueEntry.Finished> finished = entry.finishedHosts();
            for (; seen < finished.size(); seen++) {
                if (firstError == null && finished.get(seen).code() != 0) {
                    firstError = finished.get(seen);
                }
            }
            if (entry.allFinished() || world.now() - started > timeout) {
                if (firstError != null) {
                    return hostError(queryId, kind, firstError);
                }
                return entry.allFinished()
                        ? new MutationOutcome.Acknowledged(queryId)
                        : timeout(queryId, kind, entry, world, started);
            }
            Optional<MutationOutcome> lost = connectionLost(context, queryId);
            if (lost.isPresent()) {
                return lost.get();
            }
            world.scheduler().yieldFor(Math.min(Math.min(1000, 50L * attempt), timeout + 1 - (world.now() - started)));
        }
    }

    private static MutationOutcome hostError(String queryId, StatementKind kind, QueueEntry.Finished first) {
        return error(
                queryId,
                kind,
                first.code(),
                "There was an error on [" + first.host().host() + ":"
                        + first.host().port() + "]: " + first.message());
    }

    /** Refused before anything is queued: the initiator does not know the cluster. */
    static MutationOutcome unknownCluster(String queryId, StatementKind kind, String cluster) {
        return error(
                queryId,
                kind,
                ServerErrors.CLUSTER_DOESNT_EXIST,
                ServerErrors.format(
                        ServerErrors.CLUSTER_DOESNT_EXIST,
                        "CLUSTER_DOESNT_EXIST",
                        "Requested cluster '" + cluster + "' not found"));
    }

    private static Optional<MutationOutcome> connectionLost(PortContext context, String queryId) {
        Connection.Reach reach = Connection.reach(context.world(), context.member());
        if (reach == Connection.Reach.ANSWERS) {
            return Optional.empty();
        }
        return Optional.of(new MutationOutcome.Ambiguous(
                queryId,
                reach == Connection.Reach.REFUSED
                        ? MutationOutcome.AmbiguityCause.CONNECTION_LOST
                        : MutationOutcome.AmbiguityCause.TIMEOUT,
                Optional.empty(),
                reach == Connection.Reach.REFUSED
                        ? "SocketException: Connection reset"
                        : "SocketTimeoutException: Read timed out"));
    }

    private static MutationOutcome timeout(
            String queryId, StatementKind kind, QueueEntry entry, World world, long started) {
        int unfinished = (int) entry.hosts.stream()
                .filter(h ->
                        entry.finishedHosts().stream().noneMatch(f -> f.host().equals(h)))
                .count();
        return error(
                queryId,
                kind,
                ServerErrors.TIMEOUT_EXCEEDED,
                ServerErrors.format(
                        ServerErrors.TIMEOUT_EXCEEDED,
                        "TIMEOUT_EXCEEDED",
                        "Distributed DDL task /clickhouse/task_queue/ddl/" + entry.name + " is not finished on "
                                + unfinished + " of " + entry.hosts.size() + " hosts (" + entry.activeCount()
                                + " of them are currently executing the task, 0 are inactive). They are going to execute the query in"
                                + " background. Was waiting for "
                                + String.format(java.util.Locale.ROOT, "%.3f", (world.now() - started) / 1000.0)
                                + " seconds, which is longer than distributed_ddl_task_timeout"));
    }

    private static MutationOutcome error(String queryId, StatementKind kind, int code, String message) {
        return FailureMapping.fromServerError(queryId, ServerError.fromRaw(code, message), kind);
    }
}
