package io.dpone.testkit.schedule;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The draws of one schedule's faults: the ten kinds both modes share (lost responses and failures
 * before send on a mutation, duplicated entries, member pause/resume/kill/restart, a stalled DDL
 * worker, a terminal host error, a queue cleanup shorter than recovery, target and membership
 * drift, a worker crash), then the mode's own kinds ({@link ModeDraws#ownFault}), then issue 18's
 * ({@link FaultDraws}). Its helpers are the steps and faults a mode's own draws build on.
 */
public final class FaultDraw {
    private static final int SHARED_KINDS = 10;

    private final ModeDraws mode;
    private final SplittableRandom random;
    private final int members;
    private final List<Schedule.WorkerPlan> workers;
    private final StatementKind publication;
    private final FaultDraws widened;
    private boolean membershipDrifted;

    FaultDraw(
            ModeDraws mode,
            SplittableRandom random,
            int members,
            List<Schedule.WorkerPlan> workers,
            boolean targetExists) {
        this.mode = mode;
        this.random = random;
        this.members = members;
        this.workers = workers;
        this.publication = targetExists ? StatementKind.DDL_EXCHANGE : StatementKind.DDL_RENAME;
        this.widened = new FaultDraws(mode, this, targetExists);
    }

    void fault(List<Schedule.PlannedFault> out) {
        int kind = ScheduleGenerator.weighted(random, mode.kindWeights());
        switch (kind) {
            case 0 ->
                out.add(fixed("lose response", FaultClass.LOST_ANSWER, mutationCall(), SimulatorFault.loseResponse()));
            case 1 ->
                out.add(fixed(
                        "fail before send", FaultClass.NOT_SENT, mutationCall(), SimulatorFault.failBeforeSend()));
            case 2 ->
                out.add(fixed(
                        "duplicate entry",
                        FaultClass.DUPLICATE_ENTRY,
                        duplicateCall(),
                        SimulatorFault.duplicateEntry()));
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
            default -> {
                if (kind < SHARED_KINDS + mode.ownKinds()) {
                    mode.ownFault(kind - SHARED_KINDS, this, out);
                } else {
                    widened.draw(kind - SHARED_KINDS - mode.ownKinds(), out);
                }
            }
        }
    }

    public SplittableRandom random() {
        return random;
    }

    public int members() {
        return members;
    }

    /** EXCHANGE onto an existing target, RENAME when there is none. */
    public StatementKind publication() {
        return publication;
    }

    public TableRef target() {
        return mode.target();
    }

    /** The workers of the first round. */
    public List<Schedule.WorkerPlan> workers() {
        return workers;
    }

    /** The name of a worker of the first round. */
    public String worker() {
        return workers.get(random.nextInt(workers.size())).name();
    }

    /** A mutation call of any worker or of one; occurrences count every kind's own calls. */
    public Step.Call mutationCall() {
        Step.Call step = mode.mutation(this);
        return random.nextBoolean() ? step : step.worker(worker());
    }

    /** A step for a world fault: between two calls of a worker, at a mutation, at a moment, or as a host starts an entry. */
    public Step worldStep() {
        int pick = random.nextInt(20);
        if (pick < 8) {
            return Step.anyCall()
                    .worker(worker())
                    .nth(1 + random.nextInt(mode.calls().world()));
        }
        if (pick < 15) {
            Step.Call call = mutationCall();
            return random.nextBoolean() ? call.afterEffect() : call;
        }
        if (pick < 18) {
            return Step.at(Duration.ofMillis(random.nextInt(800)));
        }
        StatementKind[] kinds = mode.hostStepKinds(publication);
        return Step.hostExecutes(random.nextInt(members), kinds[random.nextInt(kinds.length)]);
    }

    /** The port call that sends a statement of {@code kind}. */
    public static PortCall portCall(StatementKind kind) {
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

    public static Schedule.PlannedFault fixed(
            String description, FaultClass faultClass, Step step, SimulatorFault fault) {
        return new Schedule.PlannedFault(description, faultClass, step, (simulator, acted) -> fault);
    }

    /** A fault whose action is done by the simulator's admin when its step comes. */
    public static Schedule.PlannedFault admin(
            String label, FaultClass faultClass, Step step, Consumer<ClusterSimulator> action) {
        return new Schedule.PlannedFault(
                label, faultClass, step, (sim, acted) -> SimulatorFault.admin(label, admin -> action.accept(sim)));
    }

    private void pause(List<Schedule.PlannedFault> out) {
        int member = random.nextInt(members);
        out.add(fixed("pause member " + member, FaultClass.MEMBER_PAUSE, worldStep(), SimulatorFault.pause(member)));
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
        StatementKind[] kinds = mode.hostErrorKinds(publication);
        StatementKind kind = kinds[random.nextInt(kinds.length)];
        int member = random.nextInt(members);
        int[][] codes = {{60, 0}, {57, 1}, {242, 2}};
        int[] code = codes[random.nextInt(codes.length)];
        String[] names = {"UNKNOWN_TABLE", "TABLE_ALREADY_EXISTS", "TABLE_IS_READ_ONLY"};
        Step step = Step.hostExecutes(member, kind).nth(1 + random.nextInt(2));
        out.add(fixed(
                mode.hostErrorDescription(code[0], member, kind),
                FaultClass.HOST_ERROR,
                step,
                SimulatorFault.hostError(code[0], names[code[1]], "injected " + names[code[1]])));
    }

    private void drift(List<Schedule.PlannedFault> out) {
        int member = random.nextInt(members);
        int what = random.nextInt(membershipDrifted ? 4 : 5);
        Step step = worldStep();
        switch (what) {
            case 0 -> out.add(DriftDraws.uuid(target(), member, step));
            case 1 -> out.add(DriftDraws.engine(target(), member, step, mode.driftedEngine()));
            case 2 -> out.add(DriftDraws.schema(target(), member, step));
            case 3 -> out.add(mode.targetDrift(member, step, this));
            default -> {
                membershipDrifted = true;
                out.add(mode.membershipDrift(member, step, this));
            }
        }
    }

    private Step.Call duplicateCall() {
        StatementKind[] kinds = mode.duplicateKinds(publication);
        StatementKind kind = kinds[random.nextInt(kinds.length)];
        return Step.call(portCall(kind)).kind(kind).nth(1 + random.nextInt(2));
    }

    /** A worker crash: between any two of its calls, or right after a mutation's effect. */
    private Step crashStep() {
        if (random.nextInt(3) == 0) {
            return mutationCall().worker(worker()).afterEffect();
        }
        return Step.anyCall()
                .worker(worker())
                .nth(1 + random.nextInt(mode.calls().crash()));
    }
}
