package io.dpone.testkit.acceptance;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.schedule.FaultDraw;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.HostRowDamage;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.WorkerOutcome;
import io.dpone.testkit.simulator.WorkerPorts;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The mode-free half of a simulated acceptance backend: the seeded race of workers, the fixture digest and the
 * arming of faults and queue hazards. Each mode's simulated cluster (in the mode's own {@code simulated} package)
 * adds its ports and delegates here, so both modes inject a fault the same way.
 */
public final class SimulatedBackends {
    private SimulatedBackends() {}

    /** Each body over its worker's ports ({@code ports} of its name), interleaved by the simulator. */
    public static <P, T> Map<String, WorkerResult<T>> race(
            ClusterSimulator simulator,
            Function<String, WorkerPorts> workers,
            Function<String, P> ports,
            Map<String, Function<P, T>> bodies) {
        List<ClusterSimulator.Worker<T>> list = new ArrayList<>();
        bodies.forEach((name, body) ->
                list.add(new ClusterSimulator.Worker<>(workers.apply(name), unused -> body.apply(ports.apply(name)))));
        Map<String, WorkerResult<T>> results = new LinkedHashMap<>();
        simulator.run(list).forEach((name, outcome) -> results.put(name, result(outcome)));
        return results;
    }

    private static <T> WorkerResult<T> result(WorkerOutcome<T> outcome) {
        if (outcome instanceof WorkerOutcome.Returned<T> returned) {
            return new WorkerResult.Returned<>(returned.value());
        }
        if (outcome instanceof WorkerOutcome.Threw<T> threw) {
            return new WorkerResult.Threw<>(threw.thrown());
        }
        return new WorkerResult.Crashed<>();
    }

    /** SHA-256 hex of the UTF-8 {@code description} of a simulated fixture (its seed, members, options), for receipts. */
    public static String fixtureDigest(String description) {
        try {
            return HexFormat.of()
                    .formatHex(
                            MessageDigest.getInstance("SHA-256").digest(description.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** The largest number of transport invocations any one mutation query id made (the one-shot rule: 1). */
    public static long maxSendsPerMutation(ClusterSimulator simulator) {
        return simulator.observe().calls().mutationsByQueryId().values().stream()
                .mapToLong(Long::longValue)
                .max()
                .orElse(0);
    }

    /** Arms {@code fault} for the statements sent from now on. */
    public static void arm(ClusterSimulator simulator, ArmedFault fault) {
        if (fault instanceof ArmedFault.LoseResponse lose) {
            simulator.arm(call(lose.kind()).nth(1), SimulatorFault.loseResponse());
        } else if (fault instanceof ArmedFault.FailOnHost failure) {
            simulator.arm(
                    Step.hostExecutes(failure.member(), failure.kind()).nth(1),
                    new SimulatorFault.HostError(failure.code(), "INJECTED", "injected host failure"));
        } else if (fault instanceof ArmedFault.DuplicateEntry duplicate) {
            simulator.arm(call(duplicate.kind()).nth(1), SimulatorFault.duplicateEntry());
        } else if (fault instanceof ArmedFault.PauseBefore pause) {
            simulator.arm(call(pause.kind()).nth(1), SimulatorFault.pause(pause.member()));
        } else if (fault instanceof ArmedFault.StallDdlBefore stall) {
            simulator.arm(
                    call(stall.kind()).nth(1),
                    new SimulatorFault.Admin(
                            "stall ddl of member" + stall.member(), admin -> admin.stallDdl(stall.member())));
        } else if (fault instanceof ArmedFault.CrashBefore crash) {
            simulator.arm(call(crash.kind()).worker(crash.worker()).nth(1), SimulatorFault.crashWorker());
        }
    }

    /** Arms {@code hazard} on {@code member} around the next statement of {@code kind}; the simulator injects every one. */
    public static void armQueueHazard(ClusterSimulator simulator, QueueHazard hazard, int member, StatementKind kind) {
        switch (hazard) {
            case DUPLICATE_ENTRY -> arm(simulator, new ArmedFault.DuplicateEntry(kind));
            case COLLECTED_ENTRY ->
                throw new IllegalArgumentException("a collected entry is collectQueue(), not armed");
            case EXTRA_HOST_ROW -> {
                int[] joined = new int[1];
                simulator.arm(
                        call(kind).nth(1),
                        new SimulatorFault.Admin(
                                "a replica joins the configuration",
                                admin -> joined[0] = admin.addMember("replica-joined-" + member, 9000)));
                simulator.arm(
                        call(kind).afterEffect().nth(1),
                        new SimulatorFault.Admin(
                                "the joined replica leaves again", admin -> admin.removeFromCluster(joined[0])));
            }
            case MISSING_HOST_ROW -> {
                simulator.arm(
                        call(kind).nth(1),
                        new SimulatorFault.Admin(
                                "member" + member + " leaves the configuration",
                                admin -> admin.removeFromCluster(member)));
                simulator.arm(
                        call(kind).afterEffect().nth(1),
                        new SimulatorFault.Admin(
                                "member" + member + " is listed again", admin -> admin.returnToCluster(member)));
            }
            default -> {
                HostRowDamage damage = HostRowDamage.valueOf(hazard.name());
                simulator.arm(
                        call(kind).afterEffect().nth(1),
                        new SimulatorFault.Admin(
                                "damaged row of member" + member, admin -> admin.damageHostRow(kind, member, damage)));
            }
        }
    }

    private static Step.Call call(StatementKind kind) {
        return Step.call(FaultDraw.portCall(kind)).kind(kind);
    }
}
