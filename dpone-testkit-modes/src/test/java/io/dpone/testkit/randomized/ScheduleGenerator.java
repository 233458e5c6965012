package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.modes.acceptance.PublicationDriver;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Draws one complete {@link Schedule} from a seed: 2-3 members (or a fixed count), 1-3 workers of
 * one invocation (sometimes one of another), and 0-4 faults of the simulator's whole vocabulary at
 * random steps: lost responses and failures before send on every mutation kind, duplicated queue
 * entries, member pause/resume/kill/restart, a stalled DDL worker, a terminal host error, a queue
 * cleanup shorter than recovery, drift of UUID, engine, schema, Keeper path or membership, a worker
 * crash between any two steps; the control facade absent (bootstrapped by the workers), present, or
 * on one member only (a partial facade); and every class issue 18 added ({@link FaultDraws}): lost,
 * unsent and slow answers on reads too, paused workers, double execution, Bad version, Keeper session
 * loss, stale follower reads, outside writers. Each draw names its {@link FaultClass}. Pure: the seed
 * decides all.
 */
final class ScheduleGenerator implements ScheduleMode {
    private static final TableRef TARGET = PublicationDriver.TARGET;
    private static final int[] FAULT_COUNT_WEIGHTS = {10, 35, 30, 20, 5};

    private final int fixedMembers;
    private final int fixedWorkers;

    /** {@code members} and {@code workers} of 0 are drawn per seed (2-3 and 1-3). */
    ScheduleGenerator(int members, int workers) {
        if (members < 0 || members > 9 || workers < 0 || workers > 9) {
            throw new IllegalArgumentException("members and workers are 0 (drawn) or 1..9");
        }
        this.fixedMembers = members;
        this.fixedWorkers = workers;
    }

    @Override
    public ScheduleResult run(Schedule schedule) {
        return ScheduleRunner.run(schedule);
    }

    @Override
    public Schedule generate(long seed) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 0x2545F4914F6CDD1DL);
        int members = fixedMembers > 0 ? fixedMembers : 2 + random.nextInt(2);
        int workerCount = fixedWorkers > 0 ? fixedWorkers : 1 + random.nextInt(3);
        int targetRows = random.nextInt(10) < 8 ? random.nextInt(6) : -1;
        int facadeDraw = random.nextInt(12);
        Schedule.Facade facade = facadeDraw == 0
                ? Schedule.Facade.PARTIAL
                : facadeDraw < 4 ? Schedule.Facade.ABSENT : Schedule.Facade.PRESENT;
        int partialFacadeMember = random.nextInt(members);
        boolean second = workerCount >= 2 && random.nextInt(4) == 0;
        int[] rows = {random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(5), 1 + random.nextInt(5)};
        List<Schedule.WorkerPlan> workers = new ArrayList<>();
        for (int i = 1; i <= workerCount; i++) {
            boolean foreign = second && i == workerCount;
            workers.add(new Schedule.WorkerPlan(
                    "w" + i,
                    random.nextInt(members),
                    foreign ? Schedule.SECOND : Schedule.PRIMARY,
                    rows[foreign ? 1 : 0]));
        }
        Draw draw = new Draw(random, members, workers, targetRows >= 0);
        List<Schedule.PlannedFault> faults = new ArrayList<>();
        int count = weighted(random, FAULT_COUNT_WEIGHTS);
        for (int i = 0; i < count; i++) {
            draw.fault(faults);
        }
        boolean heal = random.nextInt(8) != 0;
        int reruns = heal ? 1 + random.nextInt(3) : random.nextInt(2);
        List<Integer> rerunMembers = new ArrayList<>();
        for (int i = 0; i < reruns * 2; i++) {
            rerunMembers.add(random.nextInt(members));
        }
        return new Schedule(
                seed,
                members,
                targetRows,
                facade,
                partialFacadeMember,
                workers,
                faults,
                heal,
                reruns,
                rerunMembers,
                Schedule.INTERNAL);
    }

    private static int weighted(SplittableRandom random, int[] weights) {
        int total = 0;
        for (int weight : weights) {
            total += weight;
        }
        int pick = random.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            pick -= weights[i];
            if (pick < 0) {
                return i;
            }
        }
        throw new AssertionError("unreachable");
    }

    /** The draws of one schedule's faults. */
    private static final class Draw {
        /** lost, not sent, duplicate, member pause, kill, stall, host error, cleanup, drift, crash; then issue 18's. */
        private static final int[] KIND_WEIGHTS = {20, 8, 6, 8, 6, 8, 7, 5, 5, 7, 8, 12, 8, 5, 4, 8, 4, 4, 4};

        private final SplittableRandom random;
        private final int members;
        private final List<Schedule.WorkerPlan> workers;
        private final StatementKind publication;
        private final FaultDraws widened;
        private boolean membershipDrifted;

        Draw(SplittableRandom random, int members, List<Schedule.WorkerPlan> workers, boolean targetExists) {
            this.random = random;
            this.members = members;
            this.workers = workers;
            this.publication = targetExists ? StatementKind.DDL_EXCHANGE : StatementKind.DDL_RENAME;
            this.widened = new FaultDraws(random, members, workers, targetExists, false);
        }

        void fault(List<Schedule.PlannedFault> out) {
            int kind = weighted(random, KIND_WEIGHTS);
            switch (kind) {
                case 0 ->
                    out.add(fixed(
                            "lose response", FaultClass.LOST_ANSWER, mutationCall(), SimulatorFault.loseResponse()));
                case 1 ->
                    out.add(fixed(
                            "fail before send", FaultClass.NOT_SENT, mutationCall(), SimulatorFault.failBeforeSend()));
                case 2 ->
                    out.add(fixed(
                            "duplicate entry", FaultClass.DUPLICATE_ENTRY, ddlCall(), SimulatorFault.duplicateEntry()));
                case 3 -> pause(out);
                case 4 -> {
                    int member = random.nextInt(members);
                    boolean restart = random.nextBoolean();
                    out.add(fixed(
                            restart ? "restart member " + member : "kill member " + member,
                            FaultClass.MEMBER_KILL,
                            worldStep(),
                            restart ? SimulatorFault.restart(member) : SimulatorFault.kill(member)));
                }
                case 5 -> stall(out);
                case 6 -> hostError(out);
                case 7 -> {
                    long retention = random.nextInt(60);
                    out.add(fixed(
                            "queue cleanup with retention " + retention + " ms",
                            FaultClass.QUEUE_CLEANUP,
                            worldStep(),
                            SimulatorFault.cleanupQueue(Duration.ofMillis(retention))));
                    if (random.nextBoolean()) {
                        pause(out);
                    }
                }
                case 8 -> drift(out);
                case 9 ->
                    out.add(fixed("crash worker", FaultClass.WORKER_CRASH, crashStep(), SimulatorFault.crashWorker()));
                default -> widened.draw(kind - 10, out); // issue 18's classes, FaultDraws.KINDS of them
            }
        }

        private void pause(List<Schedule.PlannedFault> out) {
            int member = random.nextInt(members);
            out.add(fixed(
                    "pause member " + member, FaultClass.MEMBER_PAUSE, worldStep(), SimulatorFault.pause(member)));
            if (random.nextBoolean()) {
                out.add(fixed(
                        "resume member " + member,
                        null,
                        Step.at(Duration.ofMillis(50 + random.nextInt(30_000))),
                        SimulatorFault.resume(member)));
            }
        }

        private void stall(List<Schedule.PlannedFault> out) {
            int member = random.nextInt(members);
            out.add(admin(
                    "stall DDL worker of member " + member,
                    FaultClass.DDL_STALL,
                    worldStep(),
                    sim -> sim.admin().stallDdl(member)));
            if (random.nextBoolean()) {
                out.add(admin(
                        "release DDL worker of member " + member,
                        null,
                        Step.at(Duration.ofMillis(50 + random.nextInt(10_000))),
                        sim -> sim.admin().releaseDdl(member)));
            }
        }

        private void hostError(List<Schedule.PlannedFault> out) {
            StatementKind[] kinds = {
                publication,
                publication,
                StatementKind.DDL_DROP,
                StatementKind.DDL_CREATE_CANDIDATE,
                StatementKind.DDL_CREATE_CONTROL,
                StatementKind.DDL_CAPABILITY_PROBE,
                StatementKind.DDL_DISCARD_STAGING
            };
            StatementKind kind = kinds[random.nextInt(kinds.length)];
            int member = random.nextInt(members);
            int[][] codes = {{60, 0}, {57, 1}, {242, 2}};
            int[] code = codes[random.nextInt(codes.length)];
            String[] names = {"UNKNOWN_TABLE", "TABLE_ALREADY_EXISTS", "TABLE_IS_READ_ONLY"};
            Step step = Step.hostExecutes(member, kind).nth(1 + random.nextInt(2));
            out.add(fixed(
                    "host error " + code[0] + " on member " + member,
                    FaultClass.HOST_ERROR,
                    step,
                    SimulatorFault.hostError(code[0], names[code[1]], "injected " + names[code[1]])));
        }

        private void drift(List<Schedule.PlannedFault> out) {
            int member = random.nextInt(members);
            int what = random.nextInt(membershipDrifted ? 4 : 5);
            Step step = worldStep();
            switch (what) {
                case 0 -> out.add(DriftDraws.uuid(member, step));
                case 1 ->
                    out.add(
                            DriftDraws.engine(
                                    member,
                                    step,
                                    "ReplicatedReplacingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY id"));
                case 2 -> out.add(DriftDraws.schema(member, step));
                case 3 ->
                    out.add(DriftDraws.onTarget(
                            "keeper path drift of the target on member " + member,
                            step,
                            member,
                            admin -> admin.driftKeeperPath(member, TARGET, "/clickhouse/tables/drifted/" + member)));
                default -> {
                    membershipDrifted = true;
                    // A third of them right after the third CAS (COMMITTED on a clean run): drift before cleanup.
                    boolean afterCommit = random.nextInt(3) == 0;
                    Step at = afterCommit
                            ? Step.call(PortCall.CONTROL_CAS)
                                    .kind(StatementKind.KEEPER_MAP_CAS)
                                    .nth(3)
                                    .afterEffect()
                            : step;
                    out.add(admin(
                            "member " + member + " leaves the cluster configuration"
                                    + (afterCommit ? " after the commit CAS" : ""),
                            FaultClass.MEMBERSHIP_DRIFT,
                            at,
                            sim -> sim.admin().removeFromCluster(member)));
                }
            }
        }

        /** Any mutation call, of any worker or of one; occurrences count every kind's own calls. */
        private Step.Call mutationCall() {
            StatementKind[] kinds = {
                publication,
                publication,
                publication,
                StatementKind.DDL_DROP,
                StatementKind.DDL_DROP,
                StatementKind.KEEPER_MAP_CAS,
                StatementKind.KEEPER_MAP_CAS,
                StatementKind.KEEPER_MAP_CAS,
                StatementKind.KEEPER_MAP_INSERT,
                StatementKind.DDL_CREATE_CANDIDATE,
                StatementKind.DDL_CREATE_CONTROL,
                StatementKind.DDL_CAPABILITY_PROBE,
                StatementKind.DDL_DISCARD_STAGING,
                StatementKind.CANDIDATE_LOAD
            };
            StatementKind kind = kinds[random.nextInt(kinds.length)];
            int nth = kind == StatementKind.KEEPER_MAP_CAS ? 1 + random.nextInt(6) : 1 + random.nextInt(2);
            Step.Call step = Step.call(portCall(kind)).kind(kind).nth(nth);
            return random.nextBoolean() ? step : step.worker(worker());
        }

        private Step.Call ddlCall() {
            StatementKind[] kinds = {
                publication,
                publication,
                StatementKind.DDL_DROP,
                StatementKind.DDL_CREATE_CANDIDATE,
                StatementKind.DDL_CREATE_CONTROL,
                StatementKind.DDL_CAPABILITY_PROBE
            };
            StatementKind kind = kinds[random.nextInt(kinds.length)];
            return Step.call(portCall(kind)).kind(kind).nth(1 + random.nextInt(2));
        }

        /** A step for a world fault: between two calls of a worker, at a mutation, at a moment, or as a host starts an entry. */
        private Step worldStep() {
            int pick = random.nextInt(20);
            if (pick < 8) {
                return Step.anyCall().worker(worker()).nth(1 + random.nextInt(70));
            }
            if (pick < 15) {
                Step.Call call = mutationCall();
                return random.nextBoolean() ? call.afterEffect() : call;
            }
            if (pick < 18) {
                return Step.at(Duration.ofMillis(random.nextInt(800)));
            }
            StatementKind[] kinds = {publication, StatementKind.DDL_DROP, StatementKind.DDL_CREATE_CANDIDATE};
            return Step.hostExecutes(random.nextInt(members), kinds[random.nextInt(kinds.length)]);
        }

        /** A worker crash: between any two of its calls, or right after a mutation's effect. */
        private Step crashStep() {
            if (random.nextInt(3) == 0) {
                return mutationCall().worker(worker()).afterEffect();
            }
            return Step.anyCall().worker(worker()).nth(1 + random.nextInt(80));
        }

        private String worker() {
            return workers.get(random.nextInt(workers.size())).name();
        }

        private static Schedule.PlannedFault fixed(
                String description, FaultClass faultClass, Step step, SimulatorFault fault) {
            return FaultDraws.fixed(description, faultClass, step, fault);
        }

        private static Schedule.PlannedFault admin(
                String label, FaultClass faultClass, Step step, Consumer<ClusterSimulator> action) {
            return new Schedule.PlannedFault(
                    label, faultClass, step, (sim, acted) -> SimulatorFault.admin(label, admin -> action.accept(sim)));
        }

        private static PortCall portCall(StatementKind kind) {
            return switch (kind) {
                case DDL_EXCHANGE, DDL_RENAME, DDL_DROP -> PortCall.DDL_DISPATCH;
                case DDL_CREATE_CANDIDATE, DDL_DISCARD_STAGING, DDL_CREATE_CONTROL, DDL_CAPABILITY_PROBE ->
                    PortCall.DDL_SETUP;
                case KEEPER_MAP_CAS -> PortCall.CONTROL_CAS;
                case KEEPER_MAP_INSERT -> PortCall.CONTROL_INSERT;
                case CANDIDATE_LOAD -> PortCall.LOAD;
                default -> throw new IllegalArgumentException("not a simulated mutation: " + kind);
            };
        }
    }
}
