package io.dpone.testkit.schedule;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Draws one complete {@link Schedule} from a seed, for the mode whose {@link ModeDraws} it takes:
 * 2-3 members (or a fixed count), 1-3 workers of one invocation (sometimes one of another), an
 * existing or absent target, the control facade absent (bootstrapped by the workers), present, or
 * on one member only, 0-4 faults at random steps ({@link FaultDraw}: the shared kinds, the mode's
 * own, issue 18's), and the healing round. Each draw names its {@link FaultClass}. Pure: the seed
 * decides all.
 */
public final class ScheduleGenerator {
    private static final int[] FAULT_COUNT_WEIGHTS = {10, 35, 30, 20, 5};

    private final ModeDraws mode;
    private final int fixedMembers;
    private final int fixedWorkers;

    /** {@code members} and {@code workers} of 0 are drawn per seed (2-3 and 1-3). */
    public ScheduleGenerator(ModeDraws mode, int members, int workers) {
        requireNonNull(mode, "mode is null");
        if (members < 0 || members > 9 || workers < 0 || workers > 9) {
            throw new IllegalArgumentException("members and workers are 0 (drawn) or 1..9");
        }
        this.mode = mode;
        this.fixedMembers = members;
        this.fixedWorkers = workers;
    }

    public Schedule generate(long seed) {
        SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + mode.seedSalt());
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
        mode.sourceRows(random, rows);
        List<Schedule.WorkerPlan> workers = new ArrayList<>();
        for (int i = 1; i <= workerCount; i++) {
            boolean foreign = second && i == workerCount;
            workers.add(new Schedule.WorkerPlan(
                    "w" + i,
                    random.nextInt(members),
                    foreign ? Schedule.SECOND : Schedule.PRIMARY,
                    rows[foreign ? 1 : 0]));
        }
        FaultDraw draw = new FaultDraw(mode, random, members, workers, targetRows >= 0);
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
                mode.mode());
    }

    static int weighted(SplittableRandom random, int[] weights) {
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
}
