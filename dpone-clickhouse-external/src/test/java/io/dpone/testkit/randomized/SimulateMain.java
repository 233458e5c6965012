package io.dpone.testkit.randomized;

import io.dpone.testkit.schedule.FaultClass;
import io.dpone.testkit.schedule.RandomizedSchedules;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.schedule.ScheduleMode;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code bench/simulate.sh}: the randomized schedules of {@link RandomizedPublicationSchedulesTest}
 * ({@code --mode internal}, the default) or {@link RandomizedExternalSchedulesTest} ({@code --mode external})
 * outside JUnit, for as many seeds as anyone wants to spend time on (simulator evidence). Prints the
 * first violating schedules in full, then {@code fault_classes=<class>:<schedules>,...} (how many
 * schedules each fault class took effect in), then, as its last line,
 * {@code schedules=N violations=V committed=... partial_in_progress=... waiting=... terminal_partial=...
 * unknown=... conflict=... ...}.
 * Exits 1 when any schedule violated an invariant, 2 on bad arguments.
 */
public final class SimulateMain {
    private SimulateMain() {}

    public static void main(String[] args) {
        Map<String, String> options = new TreeMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                usage("unexpected argument " + args[i]);
                return;
            }
            options.put(args[i].substring(2), args[++i]);
        }
        long schedules;
        long seed;
        int members;
        int workers;
        int threads;
        String mode;
        try {
            mode = options.getOrDefault("mode", Schedule.INTERNAL);
            if (!mode.equals(Schedule.INTERNAL) && !mode.equals(Schedule.EXTERNAL)) {
                usage("--mode is internal or external");
                return;
            }
            schedules = Long.parseLong(options.getOrDefault("schedules", "10000"));
            seed = Long.parseLong(options.getOrDefault("seed", "0"));
            members = Integer.parseInt(options.getOrDefault("members", "0"));
            workers = Integer.parseInt(options.getOrDefault("workers", "0"));
            threads = Integer.parseInt(options.getOrDefault(
                    "threads", Integer.toString(Runtime.getRuntime().availableProcessors())));
            options.keySet().removeAll(java.util.Set.of("schedules", "seed", "members", "workers", "threads", "mode"));
            if (!options.isEmpty()) {
                usage("unknown option --" + options.keySet().iterator().next());
                return;
            }
            if (schedules < 1 || threads < 1) {
                usage("--schedules and --threads must be positive");
                return;
            }
            ScheduleMode generator = mode.equals(Schedule.EXTERNAL)
                    ? ExternalRuns.mode(members, workers)
                    : InternalRuns.mode(members, workers);
            RandomizedSchedules.Summary summary = RandomizedSchedules.run(seed, schedules, generator, threads);
            summary.failures().forEach(failure -> System.out.println(failure.report() + "\n"));
            summary.codes().forEach((code, n) -> System.out.println("outcome " + code + ": " + n));
            summary.violationKinds()
                    .forEach((kind, n) -> System.out.println("violating schedules: " + n + " x " + kind));
            System.out.printf(
                    "%s mode, seeds %d..%d, members %s, workers %s, %d threads: %.1f s (%.0f schedules/s), %d port calls,"
                            + " %d checked steps%n",
                    mode,
                    seed,
                    seed + schedules - 1,
                    members == 0 ? "2-3" : members,
                    workers == 0 ? "1-3" : workers,
                    threads,
                    summary.seconds(),
                    summary.schedules() / summary.seconds(),
                    summary.calls(),
                    summary.checks());
            System.out.println(summary.faultClassesLine(
                    mode.equals(Schedule.EXTERNAL) ? FaultClass.EXTERNAL : FaultClass.INTERNAL));
            System.out.println(summary.line());
            System.exit(summary.violating() == 0 ? 0 : 1);
        } catch (IllegalArgumentException bad) {
            usage(bad.getMessage());
        }
    }

    private static void usage(String problem) {
        System.err.println(
                problem + "\nusage: bench/simulate.sh [--mode internal|external] [--schedules N] [--seed S]"
                        + " [--members M] [--workers W] [--threads T]\n  M, W: 1..9, or 0 to draw 2-3 members and 1-3 workers per seed");
        System.exit(2);
    }
}
