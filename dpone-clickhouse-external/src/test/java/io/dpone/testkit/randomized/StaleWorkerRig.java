package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.simulated.ExternalDriver;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.WorkerResult;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Workers of one external operation that stall and wake up on the simulator (simulator evidence,
 * two members, {@code internal_replication = false}, an existing target of two rows, five-row
 * artifacts inserted two rows per statement), with {@link InvariantChecker} watching every
 * step. Issue 19's stale-worker findings are schedules of this rig; {@code CandidateOwnershipByUuidTest}
 * starts from the same cluster.
 */
final class StaleWorkerRig implements AutoCloseable {
    static final String INVOCATION = "nightly-A";
    static final int ROWS = 5;

    final ClusterSimulator simulator;
    final InvariantChecker checker;
    final SimulatedExternalCluster cluster;
    final ExternalDriver driver;
    private final Map<String, Function<ExternalPorts, Attempt>> workers = new LinkedHashMap<>();

    StaleWorkerRig(long seed) {
        ExistingTargetFixture fixture = new ExistingTargetFixture(seed);
        simulator = fixture.simulator;
        checker = fixture.checker;
        cluster = fixture.cluster;
        driver = fixture.driver;
    }

    StaleWorkerRig at(Step step, SimulatorFault fault) {
        simulator.arm(step, fault);
        return this;
    }

    /** A worker that starts {@code after} into the race and publishes the invocation. */
    StaleWorkerRig worker(String name, Duration after) {
        workers.put(name, ports -> {
            if (!after.isZero()) {
                try {
                    ports.sleeper().sleep(after);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            return driver.publish(name, ports, INVOCATION, ROWS);
        });
        return this;
    }

    /** Runs every worker as one seeded schedule; their attempts by name (a crashed worker has none). */
    Map<String, Attempt> race() {
        Map<String, Attempt> attempts = new LinkedHashMap<>();
        cluster.race(workers).forEach((name, result) -> {
            if (result instanceof WorkerResult.Returned<Attempt> returned) {
                attempts.put(name, returned.value());
            } else if (result instanceof WorkerResult.Threw<Attempt> threw) {
                throw new AssertionError(name + " threw", threw.thrown());
            }
        });
        workers.clear();
        return attempts;
    }

    /** Every member's target holds exactly the artifact the operation's record bound. */
    void assertTargetsHoldTheArtifact() {
        ExternalRecord record = driver.record(INVOCATION);
        Digest artifact = record.payload().artifact().contentDigest();
        for (int member = 0; member < cluster.members(); member++) {
            assertEquals(
                    Optional.of(artifact),
                    cluster.content(member, PublicationDriver.TARGET, ExternalDriver.SCHEMA),
                    "member " + member + "'s target holds exactly the artifact ("
                            + cluster.rows(member, PublicationDriver.TARGET) + " rows)");
        }
    }

    void assertNoViolation() {
        assertEquals(List.of(), checker.violations(), checker.traceAtFirstViolation());
    }

    @Override
    public void close() {
        cluster.close();
    }
}
