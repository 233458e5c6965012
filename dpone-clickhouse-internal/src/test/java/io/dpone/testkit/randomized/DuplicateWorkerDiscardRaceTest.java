package io.dpone.testkit.randomized;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.schedule.InvariantChecker;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableView;
import io.dpone.testkit.simulator.WorkerOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * SAFETY FINDING of the randomized schedules ({@link RandomizedPublicationSchedulesTest}: seed 11, two
 * workers of one invocation and no fault at all, and about 6 % of the default run's seeds), reproduced
 * deterministically on the simulator.
 *
 * <p>Two workers of one scheduler invocation (a duplicate worker, which the spec's edge cases
 * expect) share one operation id and so one candidate name. A worker that read the slot as absent
 * treats a candidate present under that name as "the operation's own earlier staging" and drops it
 * with {@code DROP TABLE IF EXISTS candidate ON CLUSTER} — even when the other worker has since
 * bound it in a PREPARED record and dispatched the EXCHANGE. After the EXCHANGE the candidate name
 * holds the predecessor on every member that committed, so the discard drops the predecessor there
 * and the desired generation on a member whose EXCHANGE failed: a PARTIAL_TERMINAL publication
 * loses both retained generations. The spec allows "only owned attempt staging" to be removed by a
 * crash before authority acquisition, and its identity rule allows dropping only an exactly proven
 * predecessor under the cleanup epoch.
 *
 * <p>The schedule: 3 members; worker {@code early} publishes; worker {@code late} (same
 * invocation) starts 180 ms later and reads the slot absent just before {@code early} takes it.
 * Member 2's DDL worker is held up from {@code late}'s capability probe until 2 s, so {@code late}
 * waits in its probe while {@code early} dispatches the EXCHANGE, which member 2 then fails with
 * code 60. Expected: both generations retained on every member. Observed: see the assertions.
 */
class DuplicateWorkerDiscardRaceTest {
    private static final long SEED = 29;
    private static final String INVOCATION = "nightly-A";

    @Test
    void aDuplicateWorkerNeverDropsTheGenerationsOfAPublishedOperation() {
        ClusterSimulator simulator =
                ClusterSimulator.builder().members(3).seed(SEED).build();
        InvariantChecker checker = InternalInvariants.checker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        SimulatedCluster cluster = new SimulatedCluster(simulator, PublicationDriver.FACADE);
        PublicationDriver driver = new PublicationDriver(cluster);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        cluster.createReplicatedTable(PublicationDriver.TARGET, 3);
        UUID predecessor = cluster.uuid(0, PublicationDriver.TARGET).orElseThrow();
        simulator.arm(
                Step.call(PortCall.DDL_SETUP)
                        .kind(StatementKind.DDL_CAPABILITY_PROBE)
                        .worker("late"),
                SimulatorFault.admin("stall DDL worker of member 2", admin -> admin.stallDdl(2)));
        simulator.arm(
                Step.at(Duration.ofSeconds(2)),
                SimulatorFault.admin("release DDL worker of member 2", admin -> admin.releaseDdl(2)));
        simulator.arm(
                Step.hostExecutes(2, StatementKind.DDL_EXCHANGE),
                SimulatorFault.hostError(60, "UNKNOWN_TABLE", "injected UNKNOWN_TABLE"));

        List<ClusterSimulator.Worker<Attempt>> workers = new ArrayList<>();
        workers.add(new ClusterSimulator.Worker<>(
                simulator.worker("early", 0), ports -> InternalRuns.attempt(driver, ports, INVOCATION, 3)));
        workers.add(new ClusterSimulator.Worker<>(simulator.worker("late", 1), ports -> {
            ports.sleeper().sleep(Duration.ofMillis(180));
            return InternalRuns.attempt(driver, ports, INVOCATION, 3);
        }));
        Map<String, WorkerOutcome<Attempt>> outcomes = simulator.run(workers);
        Attempt early = outcomes.get("early").value();
        System.out.println("early: " + early.summary() + "\nlate: "
                + outcomes.get("late").value().summary() + "\nviolations: " + checker.violations() + "\n"
                + simulator.trace().tailText(60));

        assertEquals(
                Optional.of(PublicationOutcome.TERMINAL_PARTIAL),
                early.outcome(),
                "the schedule reaches PARTIAL_TERMINAL");
        TableRef candidate = driver.candidate(INVOCATION);
        Set<UUID> desired = new TreeSet<>();
        for (int member = 0; member < 3; member++) {
            desired.addAll(generations(simulator, member, PublicationDriver.TARGET, candidate));
        }
        desired.remove(predecessor);
        for (int member = 0; member < 3; member++) {
            List<UUID> kept = generations(simulator, member, PublicationDriver.TARGET, candidate);
            assertTrue(
                    kept.contains(predecessor) && kept.containsAll(desired),
                    "PARTIAL_TERMINAL retains both generations on member " + member + ", but it keeps only " + kept);
        }
        assertEquals(List.of(), checker.violations(), "invariant violations");
    }

    private static List<UUID> generations(ClusterSimulator simulator, int member, TableRef target, TableRef candidate) {
        List<UUID> uuids = new ArrayList<>();
        simulator.observe().table(member, target).map(TableView::uuid).ifPresent(uuids::add);
        simulator.observe().table(member, candidate).map(TableView::uuid).ifPresent(uuids::add);
        return uuids;
    }
}
