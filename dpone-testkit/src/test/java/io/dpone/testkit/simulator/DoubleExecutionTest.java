package io.dpone.testkit.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.sample.SampleDriver;
import io.dpone.testkit.simulator.sample.SimRecords;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@link SimulatorFault.KillBeforeFinished} (simulator evidence): a host executes an entry, dies before it
 * writes {@code finished/} ({@code DDLWorker::processTask}: "FIXME: if server fails right here, the
 * task will be executed twice"), restarts and executes it again once its old session's
 * {@code active/} node is gone. An EXCHANGE swaps back and reports Finished 0; a RENAME reports 60
 * and a CREATE 57 although their first run took effect.
 */
class DoubleExecutionTest {
    private static ClusterSimulator twoMembers(long seed, StatementKind kind) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(seed)
                .faults(FaultSchedule.builder()
                        .at(Step.hostExecutes(1, kind), SimulatorFault.killBeforeFinished())
                        .build())
                .build();
        SampleDriver.fixture(simulator, 10);
        simulator.admin().createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        return simulator;
    }

    private static QueueRow rowOf(ClusterSimulator simulator, WorkerPorts ports, QueueLookup.Bound bound, int member) {
        @SuppressWarnings("unchecked")
        List<QueueRow> rows =
                ((CatalogRead.Observed<List<QueueRow>>) ports.ddl().hostRows(bound.entry())).facts();
        String host = simulator.observe().member(member).endpoint().host();
        return rows.stream().filter(row -> row.host().equals(host)).findFirst().orElseThrow();
    }

    private static void settle(ClusterSimulator simulator) {
        simulator.advance(Duration.ofSeconds(30));
    }

    @Test
    void anExchangeRunTwiceSwapsBackAndReportsFinished0() {
        ClusterSimulator simulator = twoMembers(21, StatementKind.DDL_EXCHANGE);
        WorkerPorts ports = simulator.worker("w1");
        SampleDriver driver = new SampleDriver(ports, simulator.clusterName());
        driver.stageCandidate(10);
        UUID published =
                simulator.observe().table(0, SampleDriver.TARGET).orElseThrow().uuid();
        UUID staged = simulator
                .observe()
                .table(0, SampleDriver.CANDIDATE)
                .orElseThrow()
                .uuid();
        DispatchPermit permit = driver.acquire("slot");

        DdlDispatch sent = driver.exchange(permit);
        settle(simulator);

        assertInstanceOf(DdlDispatch.Sent.class, sent);
        assertEquals(1, simulator.observe().worldEvents().get(WorldEvent.DOUBLE_EXECUTION));
        assertEquals(
                staged,
                simulator.observe().table(0, SampleDriver.TARGET).orElseThrow().uuid(),
                "member 0 ran it once");
        assertEquals(
                published,
                simulator.observe().table(1, SampleDriver.TARGET).orElseThrow().uuid(),
                "member 1 ran it twice: swapped back to the old generation");
        QueueLookup.Bound bound = assertInstanceOf(
                QueueLookup.Bound.class,
                ports.ddl().lookup(driver.exchangeStatement().expected(permit.token())));
        QueueRow twice = rowOf(simulator, ports, bound, 1);
        assertEquals("Finished", twice.status());
        assertEquals("0", twice.exceptionCode(), "the second run succeeded: Finished 0 says nothing of the first");
    }

    @Test
    void aRenameRunTwiceReports60AlthoughItTookEffect() {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(22)
                .faults(FaultSchedule.builder()
                        .at(Step.hostExecutes(1, StatementKind.DDL_RENAME), SimulatorFault.killBeforeFinished())
                        .build())
                .build();
        simulator
                .admin()
                .createDatabase(SampleDriver.DB)
                .createControlTable(SampleDriver.CONTROL, SampleDriver.KEEPER_ROOT);
        simulator.admin().createTable(SampleDriver.CANDIDATE, TableSpec.replicatedEvents());
        WorkerPorts ports = simulator.worker("w1");
        SampleDriver driver = new SampleDriver(ports, simulator.clusterName());
        DispatchPermit permit = driver.acquire("slot", DdlAction.RENAME);
        FencedDdl.Rename rename =
                new FencedDdl.Rename(simulator.clusterName(), SampleDriver.CANDIDATE, SampleDriver.TARGET);

        DdlDispatch sent = ports.ddl().dispatch(rename, permit);
        settle(simulator);

        assertInstanceOf(DdlDispatch.Sent.class, sent);
        assertTrue(simulator.observe().table(1, SampleDriver.TARGET).isPresent(), "member 1's first run renamed it");
        assertTrue(simulator.observe().table(1, SampleDriver.CANDIDATE).isEmpty());
        QueueLookup.Bound bound =
                assertInstanceOf(QueueLookup.Bound.class, ports.ddl().lookup(rename.expected(permit.token())));
        QueueRow twice = rowOf(simulator, ports, bound, 1);
        assertEquals("Finished", twice.status());
        assertEquals("60", twice.exceptionCode(), "the second run found no source");
    }

    @Test
    void aCreateRunTwiceReports57AlthoughItTookEffect() {
        ClusterSimulator simulator = twoMembers(23, StatementKind.DDL_CREATE_CANDIDATE);
        WorkerPorts ports = simulator.worker("w1");
        TableRef candidate = new TableRef(SampleDriver.DB, "twice");
        SetupDdl.CandidateCreate create = new SetupDdl.CandidateCreate(
                simulator.clusterName(), candidate, new CandidateDefinition.LikeTarget(SampleDriver.TARGET));
        var token = SimRecords.setupToken(DdlAction.STAGE, ports.randomBits());

        DdlDispatch sent = ports.ddl().dispatchSetup(create, token);
        settle(simulator);

        assertInstanceOf(DdlDispatch.Sent.class, sent);
        assertEquals(
                simulator.observe().table(0, candidate).orElseThrow().uuid(),
                simulator.observe().table(1, candidate).orElseThrow().uuid(),
                "member 1's first run created the candidate");
        QueueLookup.Bound bound =
                assertInstanceOf(QueueLookup.Bound.class, ports.ddl().lookup(create.expected(token)));
        assertEquals("57", rowOf(simulator, ports, bound, 1).exceptionCode(), "the second run found the name taken");
        assertEquals("0", rowOf(simulator, ports, bound, 0).exceptionCode());
    }
}
