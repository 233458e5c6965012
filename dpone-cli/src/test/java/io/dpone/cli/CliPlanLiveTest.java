package io.dpone.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.publication.Cancellation;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code dpone plan --live} through the CLI, with the real internal and external publication
 * services over the deterministic simulator (backend: SIMULATED): one document with the static decision and the live
 * plan, the statements as publish would send them, and not one mutation sent.
 */
class CliPlanLiveTest {
    private static final long SEED = 20261201L;

    @Test
    void aFreshClusterPlansANewOperationWithItsStatementsAndMutatesNothing() {
        SimulatedCluster cluster = new SimulatedCluster(
                ClusterSimulator.builder()
                        .members(2)
                        .seed(SEED)
                        .clusterName("analytics_cluster")
                        .build(),
                FacadeSpec.PLATFORM);
        cluster.createDatabases("analytics", FacadeSpec.PLATFORM.control().database());
        SimulatedProviders.Recording internal = SimulatedProviders.internal(cluster);
        int before = cluster.simulator().observe().calls().records().size();

        CliRun plan = CliRun.run(
                List.of(internal),
                HostVariables.of(PublishFixtures.environment()),
                Terminals.NONE,
                Cancellation.NEVER,
                "plan",
                "-m",
                CliRun.fixture("cluster-internal.yaml"),
                "--live");

        assertEquals(ExitCode.OK.code(), plan.exit(), plan.toString());
        assertEquals(List.of("preview"), internal.calls(), "plan --live neither publishes nor reads status");
        JsonNode document = plan.outJson();
        assertTrue(document.get("decision").get("selected").asBoolean(), document.toString());
        JsonNode live = document.get("live");
        assertEquals("new_operation", live.get("action").asText(), live.toString());
        assertTrue(live.get("blocker").isNull());
        JsonNode detail = live.get("detail");
        assertEquals("none", detail.get("authority").get("record").asText());
        assertEquals(2, detail.get("members").size());
        assertEquals("absent", detail.get("members").get(0).get("target").asText());
        assertTrue(detail.get("facade").asText().startsWith("absent everywhere"), detail.toString());
        JsonNode publication = detail.get("statements").get(1);
        assertEquals("rename", publication.get("action").asText());
        assertTrue(publication.get("permit").asBoolean());
        assertTrue(publication.get("statement").asText().startsWith("RENAME TABLE "), publication.toString());
        assertTrue(publication.get("statement").asText().contains(" ON CLUSTER "), publication.toString());
        assertEquals(2, detail.get("statements").size(), "an absent target has no predecessor to drop");

        List<CallRecord> calls = cluster.simulator().observe().calls().records();
        assertFalse(
                calls.subList(before, calls.size()).stream()
                        .anyMatch(call -> call.call().isMutation()),
                "plan --live sent a mutation: " + calls.subList(before, calls.size()));
    }

    @Test
    void anExternalTargetPlansEachMembersLoadOneExchangeAndTheExactDropAndMutatesNothing() {
        try (SimulatedExternalCluster cluster = new SimulatedExternalCluster(
                ClusterSimulator.builder()
                        .members(2)
                        .seed(SEED)
                        .internalReplication(false)
                        .clusterName("analytics_cluster")
                        .build(),
                FacadeSpec.PLATFORM)) {
            cluster.createDatabases("analytics", FacadeSpec.PLATFORM.control().database());
            cluster.createMergeTreeTable(new TableRef("analytics", "orders"), 3);
            SimulatedProviders.Recording external = SimulatedProviders.external(cluster);
            int before = cluster.simulator().observe().calls().records().size();

            CliRun plan = CliRun.run(
                    List.of(external),
                    HostVariables.of(PublishFixtures.environment()),
                    Terminals.NONE,
                    Cancellation.NEVER,
                    "plan",
                    "-m",
                    CliRun.fixture("cluster-external.yaml"),
                    "--live",
                    "--invocation-id",
                    "run-1");

            assertEquals(ExitCode.OK.code(), plan.exit(), plan.toString());
            assertEquals(List.of("preview"), external.calls(), "plan --live neither publishes nor reads status");
            JsonNode live = plan.outJson().get("live");
            assertEquals("external", live.get("replication_mode").asText(), live.toString());
            assertEquals("new_operation", live.get("action").asText(), live.toString());
            JsonNode detail = live.get("detail");
            assertEquals("given", detail.get("invocation").asText());
            assertEquals(2, detail.get("members").size());
            assertTrue(detail.get("members").get(0).get("target").has("uuid"), detail.toString());
            JsonNode statements = detail.get("statements");
            assertEquals(4, statements.size(), "a load per member, one EXCHANGE, one exact DROP: " + statements);
            assertFalse(statements.get(0).get("permit").asBoolean());
            assertTrue(
                    statements
                            .get(0)
                            .get("statements")
                            .get(0)
                            .asText()
                            .startsWith("CREATE TABLE `analytics`.`orders__dpone_ext_"),
                    statements.toString());
            assertEquals("exchange", statements.get(2).get("action").asText());
            assertTrue(
                    statements.get(2).get("statement").asText().startsWith("EXCHANGE TABLES "), statements.toString());
            assertEquals("drop", statements.get(3).get("action").asText());

            List<CallRecord> calls = cluster.simulator().observe().calls().records();
            assertFalse(
                    calls.subList(before, calls.size()).stream()
                            .anyMatch(call -> call.call().isMutation()),
                    "plan --live sent a mutation: " + calls.subList(before, calls.size()));
        }
    }
}
