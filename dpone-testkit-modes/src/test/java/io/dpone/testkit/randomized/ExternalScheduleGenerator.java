package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.modes.acceptance.PublicationDriver;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * External mode's schedules (issue 12): draws one complete {@link Schedule} from a seed for the
 * real {@code ExternalPublicationService} on members with {@code internal_replication = false} and
 * plain {@code MergeTree} tables: 2-3 members (or a fixed count), 1-3 workers of one invocation
 * (sometimes one of another), the control facade absent, present or on one member only, and 0-4
 * faults of the simulator's whole vocabulary at random steps: lost responses and failures before
 * send on every coordinator and member mutation (the KeeperMap insert and CASes, every DDL
 * dispatch, the members' local create, drop and insert) and on the direct member reads, duplicated
 * queue entries, member pause/resume/kill/restart, a stalled DDL worker, a terminal host error, a
 * queue cleanup shorter than recovery, drift of a member's target (UUID, engine, schema, a renamed
 * column, which a candidate created AS the target then refuses to load: an unsupported ending) or
 * of the membership, a source the sealer refuses for good (1 in 30: ABORTED from LOCKED), a member's load broken off (and the member killed), a row of a member's candidate
 * changed before its proof, a worker crash between any two steps; and every class issue 18 added
 * ({@link FaultDraws}). Each draw names its {@link FaultClass}. Pure: the seed decides all.
 */
final class ExternalScheduleGenerator implements ScheduleMode {
    private static final TableRef TARGET = PublicationDriver.TARGET;
    private static final int[] FAULT_COUNT_WEIGHTS = {10, 35, 30, 20, 5};

    private final int fixedMembers;
    private final int fixedWorkers;

    /** {@code members} and {@code workers} of 0 are drawn per seed (2-3 and 1-3). */
    ExternalScheduleGenerator(int members, int workers) {
        if (members < 0 || members > 9 || workers < 0 || workers > 9) {
            throw new IllegalArgumentException("members and workers are 0 (drawn) or 1..9");
        }
        this.fixedMembers = members;
        this.fixedWorkers = workers;
    }

    @Override
    public ScheduleResult run(Schedule schedule) {
        return ExternalScheduleRunner.run(schedule);
    }

    @Override
    public Schedule generate(long seed) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + 0x7F4A7C159E3779B9L);
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
        if (random.nextInt(30) == 0) {
            rows[0] = -rows[0] - 1; // a source the sealer refuses for good: the operation ends ABORTED
        }
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
                Schedule.EXTERNAL);
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
        /** lost, not sent, duplicate, member pause, kill, stall, host error, cleanup, drift, crash, interrupted load,
         * changed row, member read; then issue 18's. */
        private static final int[] KIND_WEIGHTS = {20, 8, 5, 8, 6, 8, 7, 5, 5, 7, 8, 5, 4, 6, 8, 8, 5, 4, 8, 4, 4, 4};

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
            this.widened = new FaultDraws(random, members, workers, targetExists, true);
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
                case 10 -> interruptedLoad(out);
                case 11 -> changedRow(out);
                case 12 -> memberRead(out);
                default -> widened.draw(kind - 13, out); // issue 18's classes, FaultDraws.KINDS of them
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
                publication,
                StatementKind.DDL_DROP,
                StatementKind.DDL_DROP,
                StatementKind.DDL_CREATE_CONTROL,
                StatementKind.DDL_CAPABILITY_PROBE
            };
            StatementKind kind = kinds[random.nextInt(kinds.length)];
            int member = random.nextInt(members);
            int[][] codes = {{60, 0}, {57, 1}, {242, 2}};
            int[] code = codes[random.nextInt(codes.length)];
            String[] names = {"UNKNOWN_TABLE", "TABLE_ALREADY_EXISTS", "TABLE_IS_READ_ONLY"};
            Step step = Step.hostExecutes(member, kind).nth(1 + random.nextInt(2));
            out.add(fixed(
                    "host error " + code[0] + " on member " + member + " for " + kind,
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
                    out.add(DriftDraws.engine(
                            member, step, "ReplacingMergeTree ORDER BY id SETTINGS index_granularity = 8192"));
                case 2 -> out.add(DriftDraws.schema(member, step));
                case 3 ->
                    out.add(DriftDraws.onTarget(
                            "a column of the target renamed on member " + member,
                            random.nextBoolean()
                                    ? Step.call(PortCall.MEMBER_CREATE)
                                            .member(member)
                                            .nth(1)
                                    : step,
                            member,
                            admin -> admin.driftColumns(
                                    member,
                                    TARGET,
                                    List.of(ColumnSpec.of("id", "UInt64"), ColumnSpec.of("w", "String")))));
                default -> {
                    membershipDrifted = true;
                    out.add(admin(
                            "member " + member + " leaves the cluster configuration",
                            FaultClass.MEMBERSHIP_DRIFT,
                            step,
                            sim -> sim.admin().removeFromCluster(member)));
                }
            }
        }

        /** A member's load breaks off after some rows; half the time the member goes down with it. */
        private void interruptedLoad(List<Schedule.PlannedFault> out) {
            int member = random.nextInt(members);
            long rows = random.nextInt(4);
            Step.Call insert = Step.call(PortCall.MEMBER_INSERT).member(member).nth(1 + random.nextInt(2));
            out.add(fixed(
                    "load of member " + member + " breaks off after " + rows + " rows",
                    FaultClass.INTERRUPTED_LOAD,
                    insert,
                    SimulatorFault.interruptLoad(rows)));
            if (random.nextBoolean()) {
                out.add(fixed(
                        "member " + member + " killed as its load breaks off",
                        FaultClass.MEMBER_KILL,
                        insert.afterEffect(),
                        SimulatorFault.kill(member)));
            }
        }

        /** An outside writer changes a row of a member's staged candidate, right before a proof or at any step. */
        private void changedRow(List<Schedule.PlannedFault> out) {
            int member = random.nextInt(members);
            Step step = random.nextBoolean()
                    ? Step.call(PortCall.MEMBER_CONTENT).member(member).nth(1 + random.nextInt(2))
                    : worldStep();
            String label = "a row of member " + member + "'s candidate changes";
            out.add(new Schedule.PlannedFault(
                    label,
                    FaultClass.CHANGED_ROW,
                    step,
                    (sim, acted) -> SimulatorFault.admin(label, admin -> {
                        for (TableRef table :
                                sim.observe().member(member).tables().keySet()) {
                            if (table.table().contains("__dpone_ext_")
                                    && !sim.observe().typedRows(member, table).isEmpty()) {
                                sim.admin().changeRow(member, table, "v", "changed");
                                acted.add(FaultClass.CHANGED_ROW);
                            }
                        }
                    })));
        }

        /** A direct member read whose answer is lost, or which provably was not sent. */
        private void memberRead(List<Schedule.PlannedFault> out) {
            PortCall[] reads = {
                PortCall.MEMBER_TABLE, PortCall.MEMBER_CONTENT, PortCall.MEMBER_IDENTIFY, PortCall.MEMBER_ROW_COUNT
            };
            PortCall read = reads[random.nextInt(reads.length)];
            Step.Call step = Step.call(read).nth(1 + random.nextInt(4));
            out.add(
                    random.nextBoolean()
                            ? fixed("lose response", FaultClass.LOST_READ, step, SimulatorFault.loseResponse())
                            : fixed(
                                    "fail before send",
                                    FaultClass.NOT_SENT_READ,
                                    step,
                                    SimulatorFault.failBeforeSend()));
        }

        /** Any mutation call, coordinator or member, of any worker or of one; occurrences count every kind's own calls. */
        private Step.Call mutationCall() {
            int pick = random.nextInt(18);
            Step.Call step;
            if (pick < 3) {
                step = Step.call(PortCall.DDL_DISPATCH).kind(publication).nth(1 + random.nextInt(2));
            } else if (pick < 5) {
                step = Step.call(PortCall.DDL_DISPATCH)
                        .kind(StatementKind.DDL_DROP)
                        .nth(1 + random.nextInt(2));
            } else if (pick < 9) {
                step = Step.call(PortCall.CONTROL_CAS)
                        .kind(StatementKind.KEEPER_MAP_CAS)
                        .nth(1 + random.nextInt(12));
            } else if (pick < 10) {
                step = Step.call(PortCall.CONTROL_INSERT)
                        .kind(StatementKind.KEEPER_MAP_INSERT)
                        .nth(1 + random.nextInt(2));
            } else if (pick < 11) {
                step = Step.call(PortCall.DDL_SETUP)
                        .kind(StatementKind.DDL_CREATE_CONTROL)
                        .nth(1 + random.nextInt(2));
            } else if (pick < 12) {
                step = Step.call(PortCall.DDL_SETUP)
                        .kind(StatementKind.DDL_CAPABILITY_PROBE)
                        .nth(1 + random.nextInt(2));
            } else if (pick < 14) {
                step = Step.call(PortCall.MEMBER_CREATE).nth(1 + random.nextInt(4));
            } else if (pick < 15) {
                step = Step.call(PortCall.MEMBER_DROP).nth(1 + random.nextInt(2));
            } else if (pick < 16) {
                // a promotion's local rename: lost (the attempt moved, no answer) or not sent
                step = Step.call(PortCall.MEMBER_RENAME).nth(1 + random.nextInt(2));
            } else {
                step = Step.call(PortCall.MEMBER_INSERT).nth(1 + random.nextInt(4));
            }
            return random.nextBoolean() ? step : step.worker(worker());
        }

        private Step.Call ddlCall() {
            StatementKind[] kinds = {
                publication,
                publication,
                StatementKind.DDL_DROP,
                StatementKind.DDL_CREATE_CONTROL,
                StatementKind.DDL_CAPABILITY_PROBE
            };
            StatementKind kind = kinds[random.nextInt(kinds.length)];
            PortCall call = kind == StatementKind.DDL_CREATE_CONTROL || kind == StatementKind.DDL_CAPABILITY_PROBE
                    ? PortCall.DDL_SETUP
                    : PortCall.DDL_DISPATCH;
            return Step.call(call).kind(kind).nth(1 + random.nextInt(2));
        }

        /** A step for a world fault: between two calls of a worker, at a mutation, at a moment, or as a host starts an entry. */
        private Step worldStep() {
            int pick = random.nextInt(20);
            if (pick < 8) {
                return Step.anyCall().worker(worker()).nth(1 + random.nextInt(100));
            }
            if (pick < 15) {
                Step.Call call = mutationCall();
                return random.nextBoolean() ? call.afterEffect() : call;
            }
            if (pick < 18) {
                return Step.at(Duration.ofMillis(random.nextInt(800)));
            }
            StatementKind[] kinds = {publication, StatementKind.DDL_DROP};
            return Step.hostExecutes(random.nextInt(members), kinds[random.nextInt(kinds.length)]);
        }

        /** A worker crash: between any two of its calls, or right after a mutation's effect. */
        private Step crashStep() {
            if (random.nextInt(3) == 0) {
                return mutationCall().worker(worker()).afterEffect();
            }
            return Step.anyCall().worker(worker()).nth(1 + random.nextInt(110));
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
    }
}
