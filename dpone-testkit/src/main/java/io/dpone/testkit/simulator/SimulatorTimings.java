package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * Virtual durations of the simulated cluster. Ranges are drawn uniformly by the seeded scheduler;
 * equal due times are ordered by the seed too. The defaults are small so that a publication takes
 * milliseconds of virtual time; the ClickHouse constants keep their 24.8 defaults (cleanup period
 * 60 s, task lifetime 7 days, 1000 tasks in queue, initiator poll {@code min(1000, 50 x try)} ms).
 *
 * @param requestLatencyMs  [min, max] per port call, before the server acts
 * @param ddlPickupMs       [min, max] from a queue event (or the previous entry) to a host starting the next entry
 * @param ddlExecutionMs    [min, max] a host spends executing one entry (status Active meanwhile)
 * @param replicationPullMs [min, max] from a new replication log entry to a replica pulling it
 * @param replicationFetchMs [min, max] to fetch one pulled part
 * @param sessionTimeout     a down member's Keeper session expires after this (ephemeral nodes vanish)
 * @param reinitialization   after a restart or an expired session, replicas are read-only and the DDL worker idle this long
 * @param restartDelay       a restarted member answers after this
 * @param socketTimeout      a client gives up on a paused connected member after this
 * @param readTimeout        {@code max_execution_time} of catalog reads: a paused member fails them after this
 * @param ddlTaskTimeout     {@code distributed_ddl_task_timeout} the DDL port sends
 * @param queueRetention     {@code task_max_lifetime}: entries older than this are removed by the next cleanup
 * @param cleanupPeriod      {@code cleanup_delay_period}: a host cleans the queue at most this often, on a queue event
 * @param maxTasksInQueue    {@code max_tasks_in_queue}
 * @param removalWindowMs    [min, max] an entry spends in the Removing state before it is gone
 */
public record SimulatorTimings(
        Range requestLatencyMs,
        Range ddlPickupMs,
        Range ddlExecutionMs,
        Range replicationPullMs,
        Range replicationFetchMs,
        Duration sessionTimeout,
        Duration reinitialization,
        Duration restartDelay,
        Duration socketTimeout,
        Duration readTimeout,
        Duration ddlTaskTimeout,
        Duration queueRetention,
        Duration cleanupPeriod,
        int maxTasksInQueue,
        Range removalWindowMs) {

    public SimulatorTimings {
        requireNonNull(requestLatencyMs, "requestLatencyMs is null");
        requireNonNull(ddlPickupMs, "ddlPickupMs is null");
        requireNonNull(ddlExecutionMs, "ddlExecutionMs is null");
        requireNonNull(replicationPullMs, "replicationPullMs is null");
        requireNonNull(replicationFetchMs, "replicationFetchMs is null");
        requireNonNull(removalWindowMs, "removalWindowMs is null");
        requirePositive(sessionTimeout, "sessionTimeout");
        requirePositive(reinitialization, "reinitialization");
        requirePositive(restartDelay, "restartDelay");
        requirePositive(socketTimeout, "socketTimeout");
        requirePositive(readTimeout, "readTimeout");
        requirePositive(ddlTaskTimeout, "ddlTaskTimeout");
        requirePositive(queueRetention, "queueRetention");
        requirePositive(cleanupPeriod, "cleanupPeriod");
        if (maxTasksInQueue < 1) {
            throw new IllegalArgumentException("maxTasksInQueue must be positive");
        }
    }

    /** The defaults described above. */
    public static SimulatorTimings defaults() {
        return new SimulatorTimings(
                Range.of(0, 2),
                Range.of(1, 20),
                Range.of(1, 10),
                Range.of(1, 20),
                Range.of(1, 30),
                Duration.ofSeconds(10),
                Duration.ofMillis(300),
                Duration.ofSeconds(1),
                Duration.ofSeconds(300),
                Duration.ofSeconds(30),
                Duration.ofSeconds(180),
                Duration.ofDays(7),
                Duration.ofSeconds(60),
                1000,
                Range.of(1, 5));
    }

    /** A copy with another {@code distributed_ddl_task_timeout}. */
    public SimulatorTimings withDdlTaskTimeout(Duration timeout) {
        return new SimulatorTimings(
                requestLatencyMs,
                ddlPickupMs,
                ddlExecutionMs,
                replicationPullMs,
                replicationFetchMs,
                sessionTimeout,
                reinitialization,
                restartDelay,
                socketTimeout,
                readTimeout,
                timeout,
                queueRetention,
                cleanupPeriod,
                maxTasksInQueue,
                removalWindowMs);
    }

    /** A copy with another queue retention ({@code task_max_lifetime}). */
    public SimulatorTimings withQueueRetention(Duration retention) {
        return new SimulatorTimings(
                requestLatencyMs,
                ddlPickupMs,
                ddlExecutionMs,
                replicationPullMs,
                replicationFetchMs,
                sessionTimeout,
                reinitialization,
                restartDelay,
                socketTimeout,
                readTimeout,
                ddlTaskTimeout,
                retention,
                cleanupPeriod,
                maxTasksInQueue,
                removalWindowMs);
    }

    /** A copy with another {@code cleanup_delay_period}: how often a host may clean the queue on a queue event. */
    public SimulatorTimings withCleanupPeriod(Duration period) {
        return new SimulatorTimings(
                requestLatencyMs,
                ddlPickupMs,
                ddlExecutionMs,
                replicationPullMs,
                replicationFetchMs,
                sessionTimeout,
                reinitialization,
                restartDelay,
                socketTimeout,
                readTimeout,
                ddlTaskTimeout,
                queueRetention,
                period,
                maxTasksInQueue,
                removalWindowMs);
    }

    /** A copy where every host executes DDL within {@code [min, max]} ms. */
    public SimulatorTimings withDdlExecution(long min, long max) {
        return new SimulatorTimings(
                requestLatencyMs,
                ddlPickupMs,
                Range.of(min, max),
                replicationPullMs,
                replicationFetchMs,
                sessionTimeout,
                reinitialization,
                restartDelay,
                socketTimeout,
                readTimeout,
                ddlTaskTimeout,
                queueRetention,
                cleanupPeriod,
                maxTasksInQueue,
                removalWindowMs);
    }

    /** An inclusive range of virtual milliseconds. */
    public record Range(long min, long max) {
        public Range {
            if (min < 0 || max < min) {
                throw new IllegalArgumentException("a range needs 0 <= min <= max");
            }
        }

        public static Range of(long min, long max) {
            return new Range(min, max);
        }
    }

    private static void requirePositive(Duration duration, String name) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
