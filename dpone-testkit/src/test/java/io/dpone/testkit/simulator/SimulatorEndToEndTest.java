package io.dpone.testkit.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.testkit.simulator.sample.SampleDriver;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The simulated ports compose end to end (simulator evidence): a service-like driver bootstraps the
 * facade, stages and loads a candidate, waits for replication, acquires a permit from the production
 * KeeperMap authority and exchanges; the entry binds, every host finishes, every member's target
 * shows the candidate's UUID. With the dispatch response lost the outcome is the same on the
 * cluster, and only the queue proves it.
 */
class SimulatorEndToEndTest {
    private static final int MEMBERS = 3;

    @Test
    void aPermittedExchangeReachesEveryMember() throws Exception {
        ClusterSimulator simulator =
                ClusterSimulator.builder().members(MEMBERS).seed(7).build();
        UUID candidateUuid = publish(simulator);
        for (int member = 0; member < MEMBERS; member++) {
            assertEquals(
                    candidateUuid,
                    simulator
                            .observe()
                            .table(member, SampleDriver.TARGET)
                            .orElseThrow()
                            .uuid());
        }
        assertEquals(1, simulator.observe().calls().count(StatementKind.DDL_EXCHANGE));
    }

    @Test
    void aLostDispatchResponseIsSentNoAnswerYetTheEntryBindsAndHostsExecuted() throws Exception {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(MEMBERS)
                .seed(11)
                .faults(FaultSchedule.builder()
                        .at(
                                Step.call(PortCall.DDL_DISPATCH).kind(StatementKind.DDL_EXCHANGE),
                                SimulatorFault.loseResponse())
                        .build())
                .build();
        SampleDriver.fixture(simulator, 100);
        WorkerPorts ports = simulator.worker("w1");
        SampleDriver driver = new SampleDriver(ports, simulator.clusterName());
        driver.bootstrapFacade();
        driver.stageCandidate(40);
        driver.awaitReplicas(MEMBERS, 40);
        UUID candidateUuid = simulator
                .observe()
                .table(0, SampleDriver.CANDIDATE)
                .orElseThrow()
                .uuid();
        DispatchPermit permit = driver.acquire("slot-lost");

        DdlDispatch dispatch = driver.exchange(permit);

        DdlDispatch.Sent sent = assertInstanceOf(DdlDispatch.Sent.class, dispatch);
        var noAnswer = assertInstanceOf(DdlDispatch.InitiatorAnswer.NoAnswer.class, sent.answer());
        assertEquals(MutationOutcome.AmbiguityCause.RESPONSE_LOST, noAnswer.cause());
        QueueLookup.Bound bound = awaitAllFinished(simulator, ports, driver, permit);
        assertEquals(
                simulator
                        .observe()
                        .entriesWithToken(permit.token().value())
                        .get(0)
                        .entry(),
                bound.entry().entry());
        for (int member = 0; member < MEMBERS; member++) {
            assertEquals(
                    candidateUuid,
                    simulator
                            .observe()
                            .table(member, SampleDriver.TARGET)
                            .orElseThrow()
                            .uuid());
        }
        assertEquals(1, simulator.observe().calls().sends(sent.queryId()), "one transport invocation");
    }

    private static UUID publish(ClusterSimulator simulator) throws Exception {
        SampleDriver.fixture(simulator, 100);
        WorkerPorts ports = simulator.worker("w1");
        SampleDriver driver = new SampleDriver(ports, simulator.clusterName());
        driver.bootstrapFacade();
        driver.stageCandidate(40);
        driver.awaitReplicas(MEMBERS, 40);
        UUID targetUuid =
                simulator.observe().table(0, SampleDriver.TARGET).orElseThrow().uuid();
        UUID candidateUuid = simulator
                .observe()
                .table(0, SampleDriver.CANDIDATE)
                .orElseThrow()
                .uuid();
        assertNotEquals(targetUuid, candidateUuid);
        DispatchPermit permit = driver.acquire("slot-1");

        DdlDispatch dispatch = driver.exchange(permit);

        assertInstanceOf(DdlDispatch.InitiatorAnswer.Acknowledged.class, ((DdlDispatch.Sent) dispatch).answer());
        awaitAllFinished(simulator, ports, driver, permit);
        assertEquals(new DdlDispatch.PermitRefused(DdlDispatch.Refusal.ALREADY_SPENT), driver.exchange(permit));
        return candidateUuid;
    }

    private static QueueLookup.Bound awaitAllFinished(
            ClusterSimulator simulator, WorkerPorts ports, SampleDriver driver, DispatchPermit permit)
            throws Exception {
        QueueLookup.Bound bound = assertInstanceOf(
                QueueLookup.Bound.class,
                ports.ddl().lookup(driver.exchangeStatement().expected(permit.token())));
        for (int attempt = 0; attempt < 100; attempt++) {
            List<QueueRow> rows =
                    ((CatalogRead.Observed<List<QueueRow>>) ports.ddl().hostRows(bound.entry())).facts();
            if (rows.size() == MEMBERS
                    && rows.stream().allMatch(r -> "Finished".equals(r.status()) && "0".equals(r.exceptionCode()))) {
                return bound;
            }
            ports.sleeper().sleep(java.time.Duration.ofMillis(20));
        }
        throw simulator.failure(new AssertionError("hosts never all finished"));
    }

    @Test
    void theBoundEntryStoresTheFormattedQuery() throws Exception {
        ClusterSimulator simulator =
                ClusterSimulator.builder().members(2).seed(3).build();
        publish2(simulator);
        String query = simulator.observe().queue().stream()
                .filter(e -> e.query().startsWith("EXCHANGE"))
                .findFirst()
                .orElseThrow()
                .query();
        assertEquals("EXCHANGE TABLES pub.events AND pub.events__cand ON CLUSTER dpone_cluster", query);
        assertTrue(
                simulator.observe().queue().get(0).query().startsWith("CREATE TABLE pub.publication_authority UUID '"));
    }

    private static void publish2(ClusterSimulator simulator) {
        SampleDriver.fixture(simulator, 10);
        WorkerPorts ports = simulator.worker("w1");
        SampleDriver driver = new SampleDriver(ports, simulator.clusterName());
        driver.bootstrapFacade();
        driver.stageCandidate(5);
        driver.exchange(driver.acquire("slot-2"));
    }
}
