package io.dpone.testkit.conformance;

import io.dpone.clickhouse.cluster.authority.ControlStore;
import io.dpone.clickhouse.cluster.authority.FacadePort;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.port.Sleeper;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.SimulatorTimings;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableSpec;
import io.dpone.testkit.simulator.WorkerPorts;
import java.time.Duration;
import java.util.UUID;

/** The simulator as a conformance backend: two members, one worker through member 0. */
final class SimulatorBackend implements ConformanceBackend {
    private static final String DATABASE = "dpone_t_conformance";
    private static final TableRef CONTROL = new TableRef("dpone_c_conformance", "publication_authority");

    private final ClusterSimulator simulator;
    private final WorkerPorts ports;
    private final RandomBits fixtureBits;
    private int ids;

    SimulatorBackend(long seed) {
        this.simulator = ClusterSimulator.builder().members(2).seed(seed).build();
        simulator.admin().createDatabase(DATABASE).createDatabase(CONTROL.database());
        this.ports = simulator.worker("conformance");
        this.fixtureBits = simulator.worker("conformance-fixtures").randomBits();
    }

    ClusterSimulator simulator() {
        return simulator;
    }

    @Override
    public String clusterName() {
        return simulator.clusterName();
    }

    @Override
    public int members() {
        return 2;
    }

    @Override
    public String database() {
        return DATABASE;
    }

    @Override
    public TableRef control() {
        return CONTROL;
    }

    @Override
    public String keeperRoot() {
        return "/conformance/authority";
    }

    @Override
    public LocalResult createTable(int member, TableRef table, TableSpec spec, UUID uuid) {
        return simulator.admin().createTable(member, table, spec, uuid);
    }

    @Override
    public void createControlTable(int member) {
        simulator.admin().createControlTable(member, CONTROL, keeperRoot(), new UUID(7, member));
    }

    @Override
    public LocalResult exchange(int member, TableRef first, TableRef second) {
        return simulator.admin().exchange(member, first, second);
    }

    @Override
    public LocalResult rename(int member, TableRef from, TableRef to) {
        return simulator.admin().rename(member, from, to);
    }

    @Override
    public LocalResult dropIfExists(int member, TableRef table) {
        return simulator.admin().dropIfExists(member, table);
    }

    @Override
    public void insertRows(int member, TableRef table, long rows) {
        simulator.admin().insertRows(member, table, rows);
    }

    @Override
    public void kill(int member) {
        simulator.admin().kill(member);
    }

    @Override
    public void pause(int member) {
        simulator.admin().pause(member);
    }

    @Override
    public void resume(int member) {
        simulator.admin().resume(member);
    }

    @Override
    public Duration keeperSessionTimeout() {
        return SimulatorTimings.defaults().sessionTimeout();
    }

    /**
     * A capability probe ({@code DROP TABLE IF EXISTS} of a name nobody uses) that every member
     * executes for {@code duration}; its answer is dropped right after the enqueue (a lost
     * response), so the call returns as {@code distributed_ddl_task_timeout = 0} would.
     */
    @Override
    public ExpectedDdl startLongEntry(Duration duration, DdlCorrelationToken token) {
        for (int member = 0; member < members(); member++) {
            simulator.admin().slowDdlExecution(member, duration);
        }
        SetupDdl.CapabilityProbe probe = new SetupDdl.CapabilityProbe(
                clusterName(), new TableRef(DATABASE, "dpone_long_entry"), "0123456789abcdef");
        simulator.arm(
                Step.call(PortCall.DDL_SETUP).kind(StatementKind.DDL_CAPABILITY_PROBE), SimulatorFault.loseResponse());
        ports.ddl().dispatchSetup(probe, token);
        return probe.expected(token);
    }

    @Override
    public CatalogPort catalog() {
        return ports.catalog();
    }

    @Override
    public ControlStore controlStore(int member) {
        return simulator.worker("conformance-" + member, member).controlStore(CONTROL);
    }

    @Override
    public FacadePort facade() {
        return ports.facade();
    }

    @Override
    public DdlPort ddl() {
        return ports.ddl();
    }

    @Override
    public Sleeper sleeper() {
        return ports.sleeper();
    }

    @Override
    public String queryId(String purpose) {
        return "conformance-" + purpose + "-" + (++ids);
    }

    /** A worker's bits, seeded from the simulator's seed and the worker's name. */
    @Override
    public RandomBits randomBits() {
        return fixtureBits;
    }
}
