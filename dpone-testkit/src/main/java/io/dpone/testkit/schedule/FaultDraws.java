package io.dpone.testkit.schedule;

import static io.dpone.testkit.schedule.FaultDraw.fixed;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.MemberState;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The draws both modes share for the faults issue 18 added to the model: lost, unsent and slow
 * answers on every port call (reads included), a worker paused at any step and resumed later with
 * its stale view, a host that executes an entry twice, a Keeper session lost mid-write, KeeperMap
 * reads from a lagging follower (and the strict updates they turn into "Bad version"), and outside
 * writers (an insert into the published target after the commit, an {@code ALTER ... ADD COLUMN}
 * of the target during staging). Pure: the generator's random decides all.
 */
final class FaultDraws {
    private static final PortCall[] COORDINATOR_READS = {
        PortCall.INVENTORY,
        PortCall.MEMBERS,
        PortCall.CANDIDATE_HEALTH,
        PortCall.TABLE_NAMES,
        PortCall.FACADE_OBSERVE,
        PortCall.DDL_PREFLIGHT,
        PortCall.DDL_LOOKUP,
        PortCall.DDL_ENTRIES_BY_PREFIX,
        PortCall.DDL_HOST_ROWS,
        PortCall.CONTROL_READ,
        PortCall.CONTROL_READ,
        PortCall.MEMBERS
    };
    private static final PortCall[] COORDINATOR_MUTATIONS = {
        PortCall.CONTROL_CAS,
        PortCall.CONTROL_CAS,
        PortCall.CONTROL_INSERT,
        PortCall.DDL_DISPATCH,
        PortCall.DDL_SETUP,
        PortCall.LOAD
    };
    /** How many kinds {@link #draw} offers; each mode weighs them, in this order, after its own. */
    static final int KINDS = 9;

    private final ModeDraws mode;
    private final FaultDraw draw;
    private final SplittableRandom random;
    private final int members;
    private final StatementKind publication;
    private final boolean targetExists;
    private final TableRef target;

    /** Issue 18's draws of one schedule, from its {@link FaultDraw}'s stream and facts. */
    FaultDraws(ModeDraws mode, FaultDraw draw, boolean targetExists) {
        this.mode = mode;
        this.draw = draw;
        this.random = draw.random();
        this.members = draw.members();
        this.publication = draw.publication();
        this.targetExists = targetExists;
        this.target = mode.target();
    }

    /**
     * The fault of one kind: 0 a lost or unsent read, 1 a slow answer or a late read then a lost one, 2 a paused
     * worker, 3 double execution, 4 a Keeper session lost mid-write, 5 stale reads, 6 Bad version, 7 an outside
     * insert, 8 an outside ALTER (an insert when there is no target to alter).
     */
    void draw(int kind, List<Schedule.PlannedFault> out) {
        switch (kind) {
            case 0 -> read(out);
            case 1 -> {
                if (random.nextBoolean()) {
                    slowAnswer(out);
                } else {
                    slowThenLostRead(out);
                }
            }
            case 2 -> workerPause(out);
            case 3 -> doubleExecution(out);
            case 4 -> keeperSessionLost(out);
            case 5 -> staleRead(out);
            case 6 -> badVersion(out);
            case 7 -> outsideInsert(out);
            case 8 -> {
                if (targetExists) {
                    outsideAlter(out);
                } else {
                    outsideInsert(out);
                }
            }
            default -> throw new IllegalArgumentException("no such kind: " + kind);
        }
    }

    /** A read whose answer is lost (every attempt of the retrying read timed out), or which provably was not sent. */
    void read(List<Schedule.PlannedFault> out) {
        PortCall read = readCall();
        Step.Call step = maybeOneWorker(Step.call(read).nth(1 + random.nextInt(occurrences(read))));
        out.add(
                random.nextBoolean()
                        ? fixed("lose the answer of " + read, FaultClass.LOST_READ, step, SimulatorFault.loseResponse())
                        : fixed(read + " not sent", FaultClass.NOT_SENT_READ, step, SimulatorFault.failBeforeSend()));
    }

    /**
     * A congested link under one worker: one of its reads is late while others act (the request
     * reaches the server late and reads the world as it is then, or the server's answer comes late
     * with the world as it was), then its next read (every attempt of the retrying transport) times
     * out. The worker goes on with what the late read showed and cannot read again to correct it.
     */
    void slowThenLostRead(List<Schedule.PlannedFault> out) {
        String worker = worker();
        PortCall read = random.nextInt(3) == 0 ? readCall() : PortCall.CONTROL_READ;
        // a worker's second slot read is usually the post-read of its first write
        int nth = read == PortCall.CONTROL_READ
                ? new int[] {1, 2, 2, 3}[random.nextInt(4)]
                : 1 + random.nextInt(occurrences(read));
        long delay = logUniform(10, 10_000);
        Step.Call late = Step.call(read).worker(worker).nth(nth);
        boolean lateRequest = random.nextBoolean();
        out.add(
                lateRequest
                        ? fixed(
                                "request of " + worker + "'s " + read + " #" + nth + " " + delay + " ms late",
                                FaultClass.WORKER_PAUSE,
                                late,
                                SimulatorFault.pauseWorker(Duration.ofMillis(delay)))
                        : fixed(
                                "answer of " + worker + "'s " + read + " #" + nth + " " + delay + " ms late",
                                FaultClass.SLOW_ANSWER,
                                late,
                                SimulatorFault.slowAnswer(Duration.ofMillis(delay))));
        out.add(fixed(
                "then " + worker + "'s " + read + " #" + (nth + 1) + " lost",
                FaultClass.LOST_READ,
                Step.call(read).worker(worker).nth(nth + 1),
                SimulatorFault.loseResponse()));
    }

    /** Any call but a sleep answered late, while others act: from a few milliseconds to two minutes. */
    void slowAnswer(List<Schedule.PlannedFault> out) {
        PortCall call = random.nextInt(5) < 3 ? readCall() : mutationCall();
        long delay = logUniform(5, 120_000);
        Step.Call step = maybeOneWorker(Step.call(call).nth(1 + random.nextInt(occurrences(call))));
        out.add(fixed(
                "answer of " + call + " " + delay + " ms late",
                FaultClass.SLOW_ANSWER,
                step,
                SimulatorFault.slowAnswer(Duration.ofMillis(delay))));
    }

    /**
     * A worker's process frozen at one of its steps (before a call, or after a mutation took effect
     * and before its answer) and resumed later with everything it had read and held: after a bound,
     * at another worker's call, or once nothing else is left to run.
     */
    void workerPause(List<Schedule.PlannedFault> out) {
        String worker = worker();
        Step.Call step;
        if (random.nextInt(3) == 0) {
            PortCall mutation = mutationCall();
            step = Step.call(mutation).worker(worker).nth(1 + random.nextInt(3)).afterEffect();
        } else {
            step = Step.anyCall().worker(worker).nth(1 + random.nextInt(80));
        }
        Optional<String> other = draw.workers().stream()
                .map(Schedule.WorkerPlan::name)
                .filter(name -> !name.equals(worker))
                .findFirst();
        int how = random.nextInt(other.isPresent() ? 3 : 2);
        if (how == 0) {
            long bound = logUniform(1, 180_000);
            out.add(fixed(
                    worker + " paused for " + bound + " ms",
                    FaultClass.WORKER_PAUSE,
                    step,
                    SimulatorFault.pauseWorker(Duration.ofMillis(bound))));
        } else {
            out.add(fixed(
                    worker + " paused until resumed", FaultClass.WORKER_PAUSE, step, SimulatorFault.pauseWorker()));
            if (how == 2) {
                out.add(fixed(
                        "resume " + worker,
                        null,
                        Step.anyCall().worker(other.get()).nth(1 + random.nextInt(80)),
                        SimulatorFault.resumeWorker(worker)));
            }
        }
    }

    /** A host dies between executing an entry and writing {@code finished/}, restarts and executes it again. */
    void doubleExecution(List<Schedule.PlannedFault> out) {
        StatementKind[] kinds = mode.doubleExecutionKinds(publication);
        StatementKind kind = kinds[random.nextInt(kinds.length)];
        int member = random.nextInt(members);
        out.add(fixed(
                "member " + member + " runs " + kind + " twice",
                FaultClass.DOUBLE_EXECUTION,
                Step.hostExecutes(member, kind).nth(1 + random.nextInt(2)),
                SimulatorFault.killBeforeFinished()));
    }

    /** The member's Keeper session lost with a KeeperMap write in flight, applied or not. */
    void keeperSessionLost(List<Schedule.PlannedFault> out) {
        boolean insert = random.nextInt(4) == 0;
        Step.Call step = insert
                ? Step.call(PortCall.CONTROL_INSERT).nth(1 + random.nextInt(2))
                : Step.call(PortCall.CONTROL_CAS)
                        .nth(1 + random.nextInt(mode.calls().cas()));
        boolean applied = random.nextBoolean();
        out.add(fixed(
                "keeper session lost mid-write (" + (applied ? "applied" : "not applied") + ")",
                FaultClass.KEEPER_SESSION_LOST,
                maybeOneWorker(step),
                SimulatorFault.keeperSessionLost(applied)));
    }

    /**
     * Keeper reads (the authority's KeeperMap reads and the {@code system.distributed_ddl_queue}
     * reads) served by a follower as far behind as the member's session allows: of one call, or of
     * every call of one worker or of all (the followers lag all along).
     */
    void staleRead(List<Schedule.PlannedFault> out) {
        PortCall[] reads = {
            PortCall.CONTROL_READ,
            PortCall.CONTROL_READ,
            PortCall.CONTROL_READ,
            PortCall.FACADE_OBSERVE,
            PortCall.CONTROL_CAS,
            PortCall.DDL_LOOKUP,
            PortCall.DDL_LOOKUP,
            PortCall.DDL_HOST_ROWS,
            PortCall.DDL_ENTRIES_BY_PREFIX
        };
        PortCall read = reads[random.nextInt(reads.length)];
        Step.Call step =
                Step.call(read).nth(1 + random.nextInt(read == PortCall.CONTROL_READ ? 10 : occurrences(read)));
        if (random.nextBoolean()) {
            // the followers lag all along: under one worker's member, or under every member
            Step.Call every = random.nextBoolean() ? step.worker(worker()).every() : step.every();
            out.add(fixed(
                    "every " + step.call() + (every.worker() == null ? "" : " of " + every.worker())
                            + " from a lagging follower",
                    FaultClass.STALE_READ,
                    every,
                    SimulatorFault.staleRead()));
        } else {
            out.add(fixed(
                    "stale follower read at " + step.call(),
                    FaultClass.STALE_READ,
                    maybeOneWorker(step),
                    SimulatorFault.staleRead()));
        }
    }

    /**
     * Strict updates whose read is served by a lagging follower (one, or every one of a worker): when
     * another member's write came after what the session saw, the leader fails the versioned multi
     * with "Bad version".
     */
    void badVersion(List<Schedule.PlannedFault> out) {
        Step.Call step = Step.call(PortCall.CONTROL_CAS)
                .nth(1 + random.nextInt(mode.calls().cas()));
        out.add(fixed(
                "strict update on a stale read",
                FaultClass.BAD_VERSION,
                random.nextBoolean() ? step.every() : maybeOneWorker(step),
                SimulatorFault.staleRead()));
    }

    /** An outside writer inserts into the published target through one member, after the commit or before cleanup. */
    void outsideInsert(List<Schedule.PlannedFault> out) {
        int member = random.nextInt(members);
        long rows = 1 + random.nextInt(3);
        int pick = random.nextInt(3);
        Step step = pick == 0
                ? Step.call(PortCall.CONTROL_CAS)
                        .nth(3 + random.nextInt(mode.calls().commitCasWindow()))
                        .afterEffect()
                : pick == 1
                        ? Step.call(PortCall.DDL_DISPATCH)
                                .kind(StatementKind.DDL_DROP)
                                .nth(1)
                        : Step.at(Duration.ofMillis(random.nextInt(3_000)));
        out.add(new Schedule.PlannedFault(
                rows + " rows inserted into the target via member " + member,
                FaultClass.OUTSIDE_INSERT,
                step,
                (simulator, acted) -> SimulatorFault.admin("outside insert via member " + member, admin -> {
                    if (up(simulator, member)
                            && simulator.observe().table(member, target).isPresent()) {
                        admin.insertRows(member, target, rows);
                        acted.add(FaultClass.OUTSIDE_INSERT);
                    }
                })));
    }

    /** An outside {@code ALTER TABLE target ADD COLUMN} on every member while the candidate is staged. */
    void outsideAlter(List<Schedule.PlannedFault> out) {
        Step step = mode.outsideAlterStep(random);
        out.add(new Schedule.PlannedFault(
                "ALTER TABLE target ADD COLUMN during staging",
                FaultClass.OUTSIDE_ALTER,
                step,
                (simulator, acted) -> SimulatorFault.admin("outside alter of the target", admin -> {
                    for (int member = 0; member < simulator.observe().members().size(); member++) {
                        Optional<TableView> table = simulator.observe().table(member, target);
                        if (table.isPresent()) {
                            List<ColumnSpec> columns =
                                    new ArrayList<>(table.get().columns());
                            columns.add(ColumnSpec.of("note", "String"));
                            admin.driftColumns(member, target, columns);
                            acted.add(FaultClass.OUTSIDE_ALTER);
                        }
                    }
                })));
    }

    /** A duration in [min, max] ms, uniform in its logarithm: as many short ones (a race window) as long ones. */
    private long logUniform(long min, long max) {
        return Math.min(max, Math.round(min * Math.exp(random.nextDouble() * Math.log((double) max / min))));
    }

    private static boolean up(ClusterSimulator simulator, int member) {
        return simulator.observe().member(member).state() == MemberState.UP;
    }

    private PortCall readCall() {
        return pick(mode.memberReads(), COORDINATOR_READS);
    }

    private PortCall mutationCall() {
        return pick(mode.memberMutations(), COORDINATOR_MUTATIONS);
    }

    /** A third of the calls a member session's, when the mode has them. */
    private PortCall pick(PortCall[] member, PortCall[] coordinator) {
        return member.length > 0 && random.nextInt(3) == 0
                ? member[random.nextInt(member.length)]
                : coordinator[random.nextInt(coordinator.length)];
    }

    /** How many occurrences of a call a publication usually makes: draw the nth among them. */
    private int occurrences(PortCall call) {
        return switch (call) {
            case CONTROL_READ, MEMBERS, CONTROL_CAS -> mode.calls().slot();
            case MEMBER_TABLE, MEMBER_CONTENT, MEMBER_IDENTIFY, MEMBER_ROW_COUNT, MEMBER_CREATE, MEMBER_INSERT -> 4;
            case CANDIDATE_HEALTH, DDL_LOOKUP, DDL_HOST_ROWS -> 4;
            default -> 2;
        };
    }

    private Step.Call maybeOneWorker(Step.Call step) {
        return random.nextBoolean() ? step : step.worker(worker());
    }

    private String worker() {
        return draw.worker();
    }
}
