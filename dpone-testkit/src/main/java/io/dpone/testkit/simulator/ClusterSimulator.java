package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.sql.SqlQuoting;
import io.dpone.testkit.simulator.engine.CoroutineRun;
import io.dpone.testkit.simulator.engine.Scheduler;
import io.dpone.testkit.simulator.engine.TraceLog;
import io.dpone.testkit.simulator.ports.CallGate;
import io.dpone.testkit.simulator.ports.FaultState;
import io.dpone.testkit.simulator.ports.PortContext;
import io.dpone.testkit.simulator.ports.WorkerProcesses;
import io.dpone.testkit.simulator.world.World;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * A deterministic simulator of one ClickHouse shard of N members behind the protocol's ports (see
 * {@code docs/testkit/simulator.md}). Build it with {@link #builder()}, set up fixtures through
 * {@link #admin()}, give each worker its {@link WorkerPorts} and either call them from the test thread
 * (one worker) or {@link #run} several workers interleaved by the seed. Observe the result through
 * {@link #observe()}; the {@link #trace()} replays step for step with the same seed.
 *
 * <p>Not thread-safe: one test drives it; workers run only as the simulator's coroutines.
 */
public final class ClusterSimulator {
    /** Virtual time 0. */
    public static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private final long seed;
    private final World world;
    private final Scheduler scheduler;
    private final TraceLog traceLog;
    private final CallGate gate;
    private final SimulatorAdmin admin;
    private final Clock clock;
    private final FaultState faults;
    private final Map<String, long[]> queryIdCounters = new LinkedHashMap<>();
    private final Map<String, Random> randoms = new LinkedHashMap<>();

    private ClusterSimulator(Builder builder) {
        this.seed = builder.seed;
        this.traceLog = new TraceLog(builder.traceCapacity);
        this.scheduler = new Scheduler(builder.seed, traceLog);
        this.world = new World(scheduler, builder.timings, builder.clusterName, builder.internalReplication);
        for (int i = 0; i < builder.endpoints.size(); i++) {
            world.addMember(builder.endpoints.get(i), "10.0.0." + (i + 1), "01", "r" + (i + 1));
        }
        this.admin = new SimulatorAdmin(world);
        WorkerProcesses workers = new WorkerProcesses(world);
        this.faults = new FaultState(builder.faults, admin, world, workers);
        world.hostFaults(this.faults);
        this.gate = new CallGate(world, this.faults, workers);
        this.clock = new VirtualClock(scheduler, ZoneOffset.UTC);
        scheduler.trace("simulator", "start: " + builder.endpoints.size() + " members, seed " + seed);
    }

    public static Builder builder() {
        return new Builder();
    }

    public long seed() {
        return seed;
    }

    public String clusterName() {
        return world.clusterName();
    }

    /** The ports of worker {@code name} through member 0. */
    public WorkerPorts worker(String name) {
        return worker(name, 0);
    }

    /** The ports of worker {@code name} through member {@code member}. */
    public WorkerPorts worker(String name, int member) {
        if (!name.matches("[A-Za-z0-9_-]{1,40}")) {
            throw new IllegalArgumentException("a worker name is 1..40 of [A-Za-z0-9_-]");
        }
        if (member < 0 || member >= world.members().size()) {
            throw new IllegalArgumentException("no member " + member);
        }
        long[] counter = queryIdCounters.computeIfAbsent(name, n -> new long[1]);
        Random random = randoms.computeIfAbsent(name, n -> new Random(seed * 1_000_003L + n.hashCode()));
        return new WorkerPorts(
                new PortContext(world, gate, name, member, () -> name + "-q" + (++counter[0])), clock, random);
    }

    /**
     * Arms one more fault rule now, checked like a schedule's rules; its occurrences count from
     * now. Lets a scenario arm a fault between two runs on the same simulated cluster.
     */
    public ClusterSimulator arm(Step step, SimulatorFault fault) {
        FaultSchedule.builder().at(step, fault).build().rules().forEach(faults::add);
        return this;
    }

    /**
     * Adds an observer called at every port call (before the server acts and after the call ended)
     * and before every host applies a queue entry: the hook for invariant checks after every step.
     */
    public ClusterSimulator observeSteps(StepObserver observer) {
        world.addObserver(requireNonNull(observer, "observer is null"));
        return this;
    }

    /** Virtual time: starts at {@link #EPOCH}, advances only as the simulation runs. */
    public Clock clock() {
        return clock;
    }

    public SimulatorAdmin admin() {
        return admin;
    }

    public SimulatorObservation observe() {
        return new SimulatorObservation(world, gate, faults);
    }

    public Trace trace() {
        return new Trace(traceLog);
    }

    /** One worker per entry, each through member 0, interleaved by the seed until every one ended. */
    public <T> Map<String, WorkerOutcome<T>> run(Map<String, WorkerTask<T>> tasks) {
        List<Worker<T>> workers = new ArrayList<>();
        new TreeMap<>(tasks).forEach((name, task) -> workers.add(new Worker<>(worker(name), task)));
        return run(workers);
    }

    /** A worker with its ports (and so its member) and its body. */
    public record Worker<T>(WorkerPorts ports, WorkerTask<T> task) {
        public Worker {
            requireNonNull(ports, "ports is null");
            requireNonNull(task, "task is null");
        }
    }

    /** Runs the workers as coroutines, interleaved by the seed at every port call, until every one ended. */
    public <T> Map<String, WorkerOutcome<T>> run(List<Worker<T>> workers) {
        Map<String, Function<String, T>> bodies = new LinkedHashMap<>();
        for (Worker<T> worker : workers) {
            if (bodies.put(worker.ports().name(), ignored -> call(worker)) != null) {
                throw new IllegalArgumentException("two workers share a name");
            }
        }
        Map<String, WorkerOutcome<T>> outcomes = new LinkedHashMap<>();
        CoroutineRun.run(scheduler, bodies).forEach((name, ended) -> outcomes.put(name, outcome(ended)));
        failOnDefect();
        return outcomes;
    }

    /** Lets {@code duration} of virtual time pass on the calling thread, running every due step. */
    public void advance(Duration duration) {
        scheduler.advance(duration.toMillis());
        failOnDefect();
    }

    /**
     * Lets virtual time pass in steps of 10 ms until {@code condition} holds or {@code limit} passed.
     *
     * @return whether the condition held
     */
    public boolean advanceUntil(BooleanSupplier condition, Duration limit) {
        long deadline = scheduler.now() + limit.toMillis();
        while (!condition.getAsBoolean()) {
            if (scheduler.now() >= deadline) {
                return false;
            }
            scheduler.advance(Math.min(10, deadline - scheduler.now()));
            failOnDefect();
        }
        return true;
    }

    /** Wraps a failed assertion with the seed and the trace tail. */
    public SimulationFailure failure(Throwable cause) {
        return new SimulationFailure(seed, trace(), cause);
    }

    private static <T> T call(Worker<T> worker) {
        try {
            return worker.task().run(worker.ports());
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Exception checked) {
            throw new WrappedChecked(checked);
        }
    }

    private static <T> WorkerOutcome<T> outcome(CoroutineRun.Ended<T> ended) {
        if (ended.thrown() == null) {
            return new WorkerOutcome.Returned<>(ended.value());
        }
        if (ended.thrown() instanceof WorkerCrash crash) {
            return new WorkerOutcome.Crashed<>(crash);
        }
        return new WorkerOutcome.Threw<>(
                ended.thrown() instanceof WrappedChecked wrapped ? wrapped.getCause() : ended.thrown());
    }

    private void failOnDefect() {
        if (scheduler.bug() != null) {
            throw new SimulationFailure(seed, trace(), scheduler.bug());
        }
    }

    /** Carries a worker body's checked exception through the coroutine. */
    private static final class WrappedChecked extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WrappedChecked(Exception cause) {
            super(cause);
        }
    }

    /** Configures a simulator. Not thread-safe. */
    public static final class Builder {
        private long seed;
        private String clusterName = "dpone_cluster";
        private boolean internalReplication = true;
        private SimulatorTimings timings = SimulatorTimings.defaults();
        private FaultSchedule faults = FaultSchedule.none();
        private List<HostEndpoint> endpoints = defaultEndpoints(2);
        private int traceCapacity = 512;

        private Builder() {}

        /** N members named {@code clickhouse-01..N}, native port 9000 (replica macros r1..rN, shard 01). */
        public Builder members(int count) {
            if (count < 1 || count > 99) {
                throw new IllegalArgumentException("members must be 1..99");
            }
            this.endpoints = defaultEndpoints(count);
            return this;
        }

        /** Members with these {@code system.clusters} endpoints, in order. */
        public Builder endpoints(List<HostEndpoint> members) {
            if (members.isEmpty() || members.stream().distinct().count() != members.size()) {
                throw new IllegalArgumentException("members need distinct endpoints");
            }
            this.endpoints = List.copyOf(members);
            return this;
        }

        public Builder clusterName(String name) {
            SqlQuoting.requireValidIdentifier(name);
            this.clusterName = name;
            return this;
        }

        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        /** {@code internal_replication} of the one shard (true: internal mode). */
        public Builder internalReplication(boolean value) {
            this.internalReplication = value;
            return this;
        }

        public Builder timings(SimulatorTimings value) {
            this.timings = requireNonNull(value, "value is null");
            return this;
        }

        /** {@code task_max_lifetime} of the DDL queue. */
        public Builder queueRetention(Duration retention) {
            this.timings = timings.withQueueRetention(retention);
            return this;
        }

        /** {@code distributed_ddl_task_timeout} the DDL port sends. */
        public Builder ddlTaskTimeout(Duration timeout) {
            this.timings = timings.withDdlTaskTimeout(timeout);
            return this;
        }

        public Builder faults(FaultSchedule schedule) {
            this.faults = requireNonNull(schedule, "schedule is null");
            return this;
        }

        /** How many trace steps are kept for printing (all steps count in the digest). */
        public Builder traceCapacity(int steps) {
            this.traceCapacity = steps;
            return this;
        }

        public ClusterSimulator build() {
            return new ClusterSimulator(this);
        }

        private static List<HostEndpoint> defaultEndpoints(int count) {
            List<HostEndpoint> out = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                out.add(new HostEndpoint(String.format("clickhouse-%02d", i), 9000));
            }
            return out;
        }
    }
}
