package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.TableView;
import io.dpone.testkit.simulator.WorkerPorts;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * What a mode's acceptance cluster on the simulator does the same in either mode: the workers'
 * ports, the seeded race, the simulator's observations and admin actions, and the evidence taps.
 * Each mode's simulated cluster extends it and implements its own mode's cluster interface, whose
 * methods of the same signature these are, so neither mode copies them (issue 24).
 *
 * @param <P> the ports a worker of the mode publishes through
 * @param <D> the mode's driver, handed to the before-publication hook
 */
public abstract class SimulatedBackend<P, D> {
    protected final ClusterSimulator simulator;
    private final FacadeSpec facade;
    private final Map<String, WorkerPorts> workers = new LinkedHashMap<>();
    private IntFunction<String> rowValues = row -> "v" + row;
    private Consumer<Attempt> attempts = attempt -> {};
    private BiConsumer<D, String> publishing = (driver, invocation) -> {};

    protected SimulatedBackend(ClusterSimulator simulator, FacadeSpec facade) {
        this.simulator = requireNonNull(simulator, "simulator is null");
        this.facade = requireNonNull(facade, "facade is null");
    }

    /** The ports worker {@code worker} publishes through, as the mode's provider composes them. */
    public abstract P ports(String worker);

    public ClusterSimulator simulator() {
        return simulator;
    }

    /** Sources carry {@code values} in their value column; every attempt is handed to {@code observer}. */
    protected void tap(IntFunction<String> values, Consumer<Attempt> observer) {
        this.rowValues = requireNonNull(values, "values is null");
        this.attempts = requireNonNull(observer, "observer is null");
    }

    /** {@code hook} runs right before every publication a driver makes on this cluster. */
    protected void hookPublications(BiConsumer<D, String> hook) {
        this.publishing = requireNonNull(hook, "hook is null");
    }

    public String rowValue(int row) {
        return rowValues.apply(row);
    }

    public void publishing(D driver, String invocation) {
        publishing.accept(driver, invocation);
    }

    public void attempted(Attempt attempt) {
        attempts.accept(attempt);
    }

    public String backend() {
        return "simulator";
    }

    public String serverVersion() {
        return "simulated";
    }

    public String clusterName() {
        return simulator.clusterName();
    }

    public FacadeSpec facade() {
        return facade;
    }

    public int members() {
        return simulator.observe().members().size();
    }

    public void createDatabases(String... databases) {
        for (String database : databases) {
            simulator.admin().createDatabase(database);
        }
    }

    public void arm(ArmedFault fault) {
        SimulatedBackends.arm(simulator, fault);
    }

    public void stallDdl(int member) {
        simulator.admin().stallDdl(member);
    }

    public void releaseDdl(int member) {
        simulator.admin().releaseDdl(member);
    }

    /** The worker's seeded random bits: tokens and fences are reproducible from the seed. */
    public RandomBits random(String worker) {
        return worker(worker).randomBits();
    }

    /** The simulator's worker {@code name}, created on first use and reused after. */
    protected WorkerPorts worker(String name) {
        return workers.computeIfAbsent(name, simulator::worker);
    }

    public <T> Map<String, WorkerResult<T>> race(Map<String, Function<P, T>> bodies) {
        return SimulatedBackends.race(simulator, this::worker, this::ports, bodies);
    }

    public Optional<UUID> uuid(int member, TableRef table) {
        return simulator.observe().table(member, table).map(TableView::uuid);
    }

    public long rows(int member, TableRef table) {
        return simulator.observe().table(member, table).map(TableView::rows).orElse(0L);
    }

    public long sent(StatementKind kind) {
        return simulator.observe().calls().count(kind);
    }

    public long maxSendsPerMutation() {
        return SimulatedBackends.maxSendsPerMutation(simulator);
    }
}
