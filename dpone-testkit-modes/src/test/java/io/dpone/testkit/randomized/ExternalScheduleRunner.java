package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.external.authority.ExternalCodecV1;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.MemberRecord;
import io.dpone.clickhouse.external.service.ExternalPorts;
import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.acceptance.ScenarioFailure;
import io.dpone.testkit.modes.acceptance.EvidenceLeakScan;
import io.dpone.testkit.modes.acceptance.ExternalDriver;
import io.dpone.testkit.modes.acceptance.PublicationDriver;
import io.dpone.testkit.modes.acceptance.SimulatedExternalCluster;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.MemberState;
import io.dpone.testkit.simulator.MemberView;
import io.dpone.testkit.simulator.WorkerCrash;
import io.dpone.testkit.simulator.WorkerOutcome;
import io.dpone.testkit.simulator.WorkerPorts;
import io.dpone.testkit.simulator.external.ExternalWorkerPorts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Runs one external {@link Schedule} on a fresh simulator (members with {@code internal_replication
 * = false}, plain {@code MergeTree} tables, the simulator's direct member sessions, a real artifact
 * store of its own) with the real {@code ExternalPublicationService}: the first round races the
 * workers with the faults armed, then the healing round (optionally resuming, restarting and
 * releasing every member) reruns each invocation until it settles or its reruns run out.
 * {@link ExternalInvariantChecker} watches every step; the outcome is classified from the last attempt.
 */
final class ExternalScheduleRunner {
    private static final Set<ExternalPhase> PUBLISHED =
            EnumSet.of(ExternalPhase.COMMITTED, ExternalPhase.CLEANUP_DISPATCHING, ExternalPhase.COMPLETED);
    /** Rows per simulated insert batch: small, so a load can break off between batches. */
    private static final int BATCH_ROWS = 2;

    private ExternalScheduleRunner() {}

    static ScheduleResult run(Schedule schedule) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(schedule.members())
                .seed(schedule.seed())
                .internalReplication(false)
                .build();
        ExternalInvariantChecker checker = new ExternalInvariantChecker(simulator, PublicationDriver.TARGET);
        simulator.observeSteps(checker);
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(simulator, PublicationDriver.FACADE)) {
            Run run = new Run(simulator, cluster, new ExternalDriver(cluster));
            cluster.createDatabases(
                    PublicationDriver.TARGET.database(),
                    PublicationDriver.FACADE.control().database());
            if (schedule.targetRows() >= 0) {
                cluster.createMergeTreeTable(PublicationDriver.TARGET, schedule.targetRows());
            }
            if (schedule.facade() == Schedule.Facade.PARTIAL) {
                simulator
                        .admin()
                        .createControlTable(
                                schedule.partialFacadeMember(),
                                PublicationDriver.FACADE.control(),
                                PublicationDriver.FACADE.keeperRoot(),
                                UUID.nameUUIDFromBytes("partial".getBytes(StandardCharsets.UTF_8)));
            } else if (schedule.facade() == Schedule.Facade.PRESENT) {
                simulator
                        .admin()
                        .createControlTable(PublicationDriver.FACADE.control(), PublicationDriver.FACADE.keeperRoot());
            }
            ArmedFaults armed = ArmedFaults.arm(simulator, schedule);
            List<String> defects = new ArrayList<>();
            Map<String, Attempt> latest = firstRound(schedule, run, defects);
            if (schedule.heal()) {
                heal(simulator);
            }
            Iterator<Integer> members = schedule.rerunMembers().iterator();
            int rerun = 0;
            for (String invocation : schedule.invocations()) {
                for (int i = 0; i < schedule.reruns() && !committed(latest.get(invocation)); i++) {
                    WorkerPorts ports = simulator.worker("heal" + (++rerun), members.next());
                    Attempt attempt = publish(run, ports, invocation, schedule.rows(invocation), defects);
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
            simulator.observe().calls().mutationsByQueryId().forEach((queryId, count) -> {
                if (count != 1) {
                    defects.add("mutation query id " + queryId + " made " + count + " transport calls");
                }
            });
            if (!schedule.hasOutsideWriter()) {
                defects.addAll(publishedContent(simulator, run.cluster()));
            }
            List<String> violations = new ArrayList<>(checker.violations());
            violations.addAll(defects);
            String trace = checker.violations().isEmpty()
                    ? simulator.trace().tailText(ScheduleRunner.TRACE_LINES)
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
    }

    /** What every worker of one schedule shares. */
    private record Run(ClusterSimulator simulator, SimulatedExternalCluster cluster, ExternalDriver driver) {}

    private static Map<String, Attempt> firstRound(Schedule schedule, Run run, List<String> defects) {
        Map<String, Attempt> latest = new HashMap<>();
        if (schedule.workers().size() == 1) {
            Schedule.WorkerPlan plan = schedule.workers().get(0);
            Attempt attempt = publish(
                    run, run.simulator().worker(plan.name(), plan.member()), plan.invocation(), plan.rows(), defects);
            if (attempt != null) {
                latest.put(plan.invocation(), attempt);
            }
            return latest;
        }
        List<ClusterSimulator.Worker<Attempt>> workers = new ArrayList<>();
        for (Schedule.WorkerPlan plan : schedule.workers()) {
            workers.add(new ClusterSimulator.Worker<>(
                    run.simulator().worker(plan.name(), plan.member()),
                    ports -> attempt(run, ports, plan.invocation(), plan.rows())));
        }
        Map<String, WorkerOutcome<Attempt>> outcomes = run.simulator().run(workers);
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

    /**
     * Whenever the slot's record says the publication committed (COMMITTED and later), every
     * member's target that is a candidate the record names holds exactly the artifact that record bound (its typed content digest): no
     * stale write reached the published generation. Read from the simulator's own state. Not
     * checked when the schedule has an outside writer change a candidate's row: a writer that
     * bypasses dpone after the proof is outside the protocol (only the row count is revalidated).
     */
    private static List<String> publishedContent(ClusterSimulator simulator, SimulatedExternalCluster cluster) {
        List<String> wrong = new ArrayList<>();
        for (Map<String, VersionedRow> rows : simulator.observe().keeperMaps().values()) {
            for (VersionedRow row : rows.values()) {
                if (!(ExternalCodecV1.decode(row.row()) instanceof DecodeResult.Valid<ExternalRecord> valid)
                        || !PUBLISHED.contains(valid.record().phase())) {
                    continue;
                }
                Digest expected = valid.record().payload().artifact().contentDigest();
                Set<UUID> published = valid.record().payload().members().stream()
                        .map(MemberRecord::candidateUuid)
                        .filter(Objects::nonNull)
                        .collect(Collectors.toSet());
                for (int member = 0; member < cluster.members(); member++) {
                    // a member whose target is not a candidate the record published (one that left the
                    // cluster, say) is judged by the publication invariants, not by its content
                    if (!cluster.uuid(member, PublicationDriver.TARGET)
                            .map(published::contains)
                            .orElse(false)) {
                        continue;
                    }
                    Optional<Digest> held;
                    try {
                        held = cluster.content(member, PublicationDriver.TARGET, ExternalDriver.SCHEMA);
                    } catch (ScenarioFailure untyped) {
                        held = Optional.empty();
                    }
                    if (!held.equals(Optional.of(expected))) {
                        wrong.add("the record is " + valid.record().phase() + ", but member " + member
                                + "'s target does not hold exactly the artifact it bound");
                    }
                }
            }
        }
        return wrong;
    }

    private static boolean committed(Attempt attempt) {
        return attempt != null && OutcomeClass.of(attempt) == OutcomeClass.COMMITTED;
    }

    /** One publication on the calling thread; null when the worker crashed. */
    private static Attempt publish(Run run, WorkerPorts ports, String invocation, int rows, List<String> defects) {
        try {
            return attempt(run, ports, invocation, rows);
        } catch (WorkerCrash crashed) {
            return null;
        } catch (RuntimeException | AssertionError defect) {
            defects.add(ports.name() + " threw " + described(defect));
            return null;
        }
    }

    private static Attempt attempt(Run run, WorkerPorts ports, String invocation, int rows) {
        ExternalPorts external = ExternalWorkerPorts.of(
                ports,
                PublicationDriver.FACADE.control(),
                run.cluster().store(),
                ExternalWorkerPorts.memberSessions(ports, BATCH_ROWS));
        ExternalPublicationService service =
                new ExternalPublicationService(external, run.driver().settings(), ports.randomBits());
        Attempt attempt;
        try {
            attempt = new Attempt.Receipt(
                    service.publish(invocation, source(rows), Cancellation.NEVER, ProgressListener.NONE));
        } catch (DponeException refused) {
            attempt = new Attempt.Refused(refused);
        }
        List<String> leaks = EvidenceLeakScan.scan(ports.name(), attempt);
        if (!leaks.isEmpty()) {
            throw new AssertionError("evidence leak: " + leaks);
        }
        return attempt;
    }

    /**
     * {@code rows} typed rows whose values are distinctive, so that the leak scan finds any that
     * leaks; a negative count is {@code -rows - 1} rows and one more whose {@code UInt64} id is
     * negative: a source the sealer refuses for good.
     */
    private static PublicationSource source(int rows) {
        List<List<String>> cells = new ArrayList<>();
        for (int i = 0; i < Math.abs(rows); i++) {
            boolean invalid = rows < 0 && i == -rows - 1;
            cells.add(List.of(invalid ? "-1" : Integer.toString(i), EvidenceLeakScan.ROW_VALUE_PREFIX + i));
        }
        return new PublicationSource.Rows(ExternalDriver.COLUMNS, cells);
    }

    private static String described(Throwable thrown) {
        StringBuilder text = new StringBuilder(thrown.toString());
        StackTraceElement[] frames = thrown.getStackTrace();
        for (int i = 0; i < Math.min(8, frames.length); i++) {
            text.append("\n        at ").append(frames[i]);
        }
        return text.toString();
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
