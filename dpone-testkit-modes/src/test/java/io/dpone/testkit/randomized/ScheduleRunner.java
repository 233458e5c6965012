package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.service.PublicationPorts;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.modes.acceptance.EvidenceLeakScan;
import io.dpone.testkit.modes.acceptance.PublicationDriver;
import io.dpone.testkit.modes.acceptance.SimulatedCluster;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.MemberState;
import io.dpone.testkit.simulator.MemberView;
import io.dpone.testkit.simulator.WorkerCrash;
import io.dpone.testkit.simulator.WorkerOutcome;
import io.dpone.testkit.simulator.WorkerPorts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Runs one {@link Schedule} on a fresh simulator with the real publication service: the first round
 * races the workers with the faults armed, then the healing round (optionally resuming, restarting
 * and releasing every member) reruns each invocation until it settles or its reruns run out.
 * {@link InvariantChecker} watches every step; the outcome is classified from the last attempt.
 */
final class ScheduleRunner {
    /** Trace steps a report shows ({@code -Ddpone.randomized.traceLines}, default 40). */
    static final int TRACE_LINES = Integer.getInteger("dpone.randomized.traceLines", 40);

    private ScheduleRunner() {}

    static ScheduleResult run(Schedule schedule) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(schedule.members())
                .seed(schedule.seed())
                .build();
        InvariantChecker checker = new InvariantChecker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        SimulatedCluster cluster = new SimulatedCluster(simulator, PublicationDriver.FACADE);
        PublicationDriver driver = new PublicationDriver(cluster);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        if (schedule.targetRows() >= 0) {
            cluster.createReplicatedTable(PublicationDriver.TARGET, schedule.targetRows());
        }
        if (schedule.facade() == Schedule.Facade.PARTIAL) {
            cluster.createFacadeOn(schedule.partialFacadeMember(), PublicationDriver.FACADE);
        } else if (schedule.facade() == Schedule.Facade.PRESENT) {
            simulator
                    .admin()
                    .createControlTable(PublicationDriver.FACADE.control(), PublicationDriver.FACADE.keeperRoot());
        }
        ArmedFaults armed = ArmedFaults.arm(simulator, schedule);
        List<String> defects = new ArrayList<>();
        Map<String, Attempt> latest = firstRound(schedule, simulator, driver, defects);
        if (schedule.heal()) {
            heal(simulator);
        }
        Iterator<Integer> members = schedule.rerunMembers().iterator();
        int rerun = 0;
        for (String invocation : schedule.invocations()) {
            // a scheduler reruns an invocation only until it learned that it committed
            for (int i = 0; i < schedule.reruns() && !committed(latest.get(invocation)); i++) {
                WorkerPorts ports = simulator.worker("heal" + (++rerun), members.next());
                Attempt attempt = publish(driver, ports, invocation, schedule.rows(invocation), defects);
                if (attempt == null) {
                    break;
                }
                latest.put(invocation, attempt);
                if (OutcomeClass.of(attempt).settled()) {
                    break;
                }
                simulator.advance(Duration.ofSeconds(1));
            }
        }
        List<String> order = schedule.invocations();
        Attempt last = latest.get(order.get(order.size() - 1));
        Map<String, Long> sends = simulator.observe().calls().mutationsByQueryId();
        sends.forEach((queryId, count) -> {
            if (count != 1) {
                defects.add("mutation query id " + queryId + " made " + count + " transport calls");
            }
        });
        List<String> violations = new ArrayList<>(checker.violations());
        violations.addAll(defects);
        String trace = checker.violations().isEmpty()
                ? simulator.trace().tailText(TRACE_LINES)
                : checker.traceAtFirstViolation();
        return new ScheduleResult(
                schedule,
                last == null ? OutcomeClass.CRASHED : OutcomeClass.of(last),
                last == null ? "" : last.code().map(Enum::name).orElse(""),
                violations,
                simulator.observe().calls().records().size(),
                checker.checks(),
                trace,
                armed.exercised());
    }

    /** The workers race; returns each invocation's last attempt (in worker order); none when all its workers crashed. */
    private static Map<String, Attempt> firstRound(
            Schedule schedule, ClusterSimulator simulator, PublicationDriver driver, List<String> defects) {
        List<ClusterSimulator.Worker<Attempt>> workers = new ArrayList<>();
        for (Schedule.WorkerPlan plan : schedule.workers()) {
            workers.add(new ClusterSimulator.Worker<>(
                    simulator.worker(plan.name(), plan.member()),
                    ports -> attempt(driver, ports, plan.invocation(), plan.rows())));
        }
        Map<String, Attempt> latest = new HashMap<>();
        if (workers.size() == 1) {
            Schedule.WorkerPlan plan = schedule.workers().get(0);
            Attempt attempt = publish(driver, workers.get(0).ports(), plan.invocation(), plan.rows(), defects);
            if (attempt != null) {
                latest.put(plan.invocation(), attempt);
            }
            return latest;
        }
        Map<String, WorkerOutcome<Attempt>> outcomes = simulator.run(workers);
        for (Schedule.WorkerPlan plan : schedule.workers()) {
            WorkerOutcome<Attempt> ended = outcomes.get(plan.name());
            if (ended instanceof WorkerOutcome.Returned<Attempt> returned) {
                latest.put(plan.invocation(), returned.value());
            } else if (ended instanceof WorkerOutcome.Threw<Attempt> threw) {
                defects.add(plan.name() + " threw " + described(threw.thrown()));
            }
        }
        return latest;
    }

    private static boolean committed(Attempt attempt) {
        return attempt != null && OutcomeClass.of(attempt) == OutcomeClass.COMMITTED;
    }

    /** One publication on the calling thread; null when the worker crashed. */
    private static Attempt publish(
            PublicationDriver driver, WorkerPorts ports, String invocation, int rows, List<String> defects) {
        try {
            return attempt(driver, ports, invocation, rows);
        } catch (WorkerCrash crashed) {
            return null;
        } catch (RuntimeException | AssertionError defect) {
            defects.add(ports.name() + " threw " + described(defect));
            return null;
        }
    }

    static Attempt attempt(PublicationDriver driver, WorkerPorts ports, String invocation, int rows) {
        Attempt attempt = publishOnce(driver, ports, invocation, rows);
        List<String> leaks = EvidenceLeakScan.scan(ports.name(), attempt);
        if (!leaks.isEmpty()) {
            throw new AssertionError("evidence leak: " + leaks);
        }
        return attempt;
    }

    private static Attempt publishOnce(PublicationDriver driver, WorkerPorts ports, String invocation, int rows) {
        PublicationPorts publication = new PublicationPorts(
                ports.catalog(),
                ports.ddl(),
                ports.authority(PublicationDriver.FACADE.control()),
                ports.facade(),
                ports.loader(),
                ports.clock(),
                ports.sleeper());
        InternalPublicationService service = new InternalPublicationService(
                publication, driver.settings(), Sha256ProtocolDigests.INSTANCE, ports.randomBits());
        try {
            return new Attempt.Receipt(
                    service.publish(invocation, source(rows), Cancellation.NEVER, ProgressListener.NONE));
        } catch (DponeException refused) {
            return new Attempt.Refused(refused);
        }
    }

    /** The throwable and the frames that locate it (first line: what the summary groups by). */
    private static String described(Throwable thrown) {
        StringBuilder text = new StringBuilder(thrown.toString());
        StackTraceElement[] frames = thrown.getStackTrace();
        for (int i = 0; i < Math.min(8, frames.length); i++) {
            text.append("\n        at ").append(frames[i]);
        }
        return text.toString();
    }

    /** {@code rows} typed rows whose values are distinctive, so that the leak scan finds any that leaks. */
    private static PublicationSource source(int rows) {
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            cells.add(List.of(Integer.toString(i), EvidenceLeakScan.ROW_VALUE_PREFIX + i));
        }
        return new PublicationSource.Rows(
                List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("v", "String")), cells);
    }

    /** Every paused member resumes, every killed one restarts, every stalled DDL worker goes on. */
    private static void heal(ClusterSimulator simulator) {
        for (MemberView member : simulator.observe().members()) {
            if (member.state() == MemberState.PAUSED) {
                simulator.admin().resume(member.index());
            } else if (member.state() == MemberState.KILLED) {
                simulator.admin().restart(member.index());
            }
            simulator.admin().releaseDdl(member.index());
        }
        simulator.advance(Duration.ofSeconds(3));
    }
}
