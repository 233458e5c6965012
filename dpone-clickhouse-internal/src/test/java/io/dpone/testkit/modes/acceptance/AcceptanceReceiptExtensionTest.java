package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.internal.simulated.AcceptanceCluster;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.QueueEvidenceScenarios;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.testkit.acceptance.AcceptanceReceipt;
import io.dpone.testkit.acceptance.AcceptanceReceiptExtension;
import io.dpone.testkit.acceptance.AcceptanceScenario;
import io.dpone.testkit.acceptance.QueueHazard;
import io.dpone.testkit.acceptance.ScenarioCoverage;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The receipt of a fabricated run (pure: the simulator and fakes, no server): it is written before
 * and after every scenario, not when the class ends, so what a killed job ran survives; and only a
 * scenario that ran in full counts as passed, while a replaced, partial or refused one is named so
 * and counted apart. The fabricated class goes through the real {@link AcceptanceRuns} paths.
 *
 * <p>On main 32d8930 the receipt was written only after the class (the read in {@code failsToStart}
 * would find no file) and the replaced, refused and partial rows said {@code passed: true}; this
 * test uses the coverage API added with the fix, so it was not compiled against main.
 */
class AcceptanceReceiptExtensionTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** What a failed start might say; none of it may reach a receipt or a report. */
    private static final String LEAKY_MESSAGE = "container ch1 at 172.18.0.2:9000 refused dpone_admin password hunter2";

    @Test
    void everyScenarioIsOnDiskWhenItEndsAndOnlyFullRunsCountAsPasses(@TempDir Path directory) throws IOException {
        FabricatedRun.directory = directory;
        TestExecutionSummary summary = launch(directory);
        assertEquals(5, summary.getTestsStartedCount(), "the fabricated scenario tests ran");
        assertEquals(1, summary.getTestsFailedCount(), "only the scenario whose backend did not start failed");

        JsonNode during = JSON.readTree(FabricatedRun.seenBeforeTheSecondScenario);
        assertFalse(during.get("complete").asBoolean(), "written while the class was still running");
        assertEquals("empty-source", during.get("running").asText());
        assertEquals(
                Map.of(
                        "existing-target",
                        "passed",
                        "empty-source",
                        "running",
                        "capability-missing",
                        "not_run",
                        "drift-membership-before-dispatch",
                        "not_run",
                        "queue-evidence-hazards",
                        "not_run"),
                statuses(during));
        assertEquals(1, during.get("totals").get("passed").asInt());
        assertEquals(3, during.get("totals").get("not_run").asInt());

        JsonNode receipt =
                JSON.readTree(directory.resolve("fabricated-acceptance.json").toFile());
        assertEquals(AcceptanceReceiptExtension.SCHEMA, receipt.get("schema").asText());
        assertTrue(receipt.get("complete").asBoolean());
        assertTrue(receipt.get("running").isNull());
        assertEquals(
                Map.of(
                        "existing-target",
                        "passed",
                        "empty-source",
                        "failed",
                        "capability-missing",
                        "replaced",
                        "drift-membership-before-dispatch",
                        "not_run_on_product",
                        "queue-evidence-hazards",
                        "partial"),
                statuses(receipt));
        Map<String, Integer> totals = new LinkedHashMap<>();
        receipt.get("totals")
                .fields()
                .forEachRemaining(
                        field -> totals.put(field.getKey(), field.getValue().asInt()));
        assertEquals(
                Map.ofEntries(
                        Map.entry("scenarios", 5),
                        Map.entry("passed", 1),
                        Map.entry("partial", 1),
                        Map.entry("replaced", 1),
                        Map.entry("not_run_on_product", 1),
                        Map.entry("unrecorded", 0),
                        Map.entry("failed", 1),
                        Map.entry("aborted", 0),
                        Map.entry("disabled", 0),
                        Map.entry("running", 0),
                        Map.entry("not_run", 0)),
                totals);
        assertFalse(receipt.get("every_scenario_passed").asBoolean());
        assertFalse(receipt.get("every_test_green").asBoolean());

        for (JsonNode row : receipt.get("scenarios")) {
            String name = row.get("name").asText();
            assertEquals(
                    name.equals("existing-target"), row.get("passed").asBoolean(), "only a full run passes: " + name);
            assertEquals(!name.equals("empty-source"), row.get("test_passed").asBoolean(), "JUnit's verdict: " + name);
        }
        JsonNode hazards = row(receipt, "queue-evidence-hazards");
        assertEquals(List.of("duplicate_entry"), strings(hazards.get("sub_cases_run")));
        assertEquals(9, hazards.get("sub_cases_not_run").size());
        assertTrue(
                row(receipt, "capability-missing").get("replaced_by").asText().contains("capability is proven"));
        assertTrue(row(receipt, "drift-membership-before-dispatch").has("not_run_because"));
        JsonNode failed = row(receipt, "empty-source");
        assertEquals(
                IllegalStateException.class.getName(),
                failed.get("failure_type").asText());
        assertTrue(failed.get("clickhouse_version").isNull(), "no backend facts from a backend that never started");
        assertEquals(
                "simulated",
                row(receipt, "existing-target").get("clickhouse_version").asText());

        JsonNode report = JSON.readTree(directory
                .resolve("fabricated-acceptance")
                .resolve("empty-source.json")
                .toFile());
        assertEquals("failed", report.get("status").asText());
        assertEquals(
                IllegalStateException.class.getName(),
                report.get("failure_trace").get(0).asText());
        try (Stream<Path> files = Files.walk(directory)) {
            List<Path> written = files.filter(Files::isRegularFile).toList();
            assertEquals(
                    6, written.size(), "the receipt and one report per scenario, no temporary file left: " + written);
            for (Path file : written) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                for (String secret : List.of("172.18.0.2", "hunter2", "ch1", "refused dpone_admin")) {
                    assertFalse(text.contains(secret), file.getFileName() + " holds part of a failure message");
                }
                assertEquals(List.of(), EvidenceLeakScan.scan(file.getFileName().toString(), text));
            }
        }
    }

    @Test
    void aBackendThatInjectsOnlySomeQueueHazardsRunsThatScenarioInPart() {
        assertInstanceOf(
                ScenarioCoverage.Full.class, QueueEvidenceScenarios.coverage(EnumSet.allOf(QueueHazard.class)));
        ScenarioCoverage.Partial docker = assertInstanceOf(
                ScenarioCoverage.Partial.class,
                QueueEvidenceScenarios.coverage(EnumSet.of(QueueHazard.DUPLICATE_ENTRY)));
        assertEquals(List.of("duplicate_entry"), docker.ran());
        assertEquals(QueueHazard.values().length - 1, docker.notRun().size());
        assertInstanceOf(ScenarioCoverage.NotRunOnProduct.class, QueueEvidenceScenarios.coverage(Set.of()));
        try (SimulatedCluster simulator = SimulatedCluster.of(2, 1L, PublicationDriver.FACADE)) {
            assertInstanceOf(
                    ScenarioCoverage.Full.class,
                    InternalScenarios.named("queue-evidence-hazards")
                            .orElseThrow()
                            .coverage()
                            .on(simulator));
        }
    }

    private static TestExecutionSummary launch(Path directory) {
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create()
                .execute(
                        LauncherDiscoveryRequestBuilder.request()
                                .selectors(DiscoverySelectors.selectClass(FabricatedRun.class))
                                .configurationParameter(
                                        AcceptanceReceiptExtension.DIRECTORY_PARAMETER, directory.toString())
                                .build(),
                        summary);
        return summary.getSummary();
    }

    private static Map<String, String> statuses(JsonNode receipt) {
        Map<String, String> statuses = new LinkedHashMap<>();
        receipt.get("scenarios")
                .forEach(row ->
                        statuses.put(row.get("name").asText(), row.get("status").asText()));
        return statuses;
    }

    private static JsonNode row(JsonNode receipt, String name) {
        for (JsonNode row : receipt.get("scenarios")) {
            if (row.get("name").asText().equals(name)) {
                return row;
            }
        }
        throw new AssertionError("no row " + name);
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }

    /**
     * Five registry scenarios, one per way a test can end: run in full on the simulator, failed at
     * start (after reading the receipt as it stood), replaced by the capability proof, refused by
     * the backend before the product acted, and run with one queue hazard of ten (as on Docker).
     * Run only through {@link #launch}; Surefire skips nested classes.
     */
    @AcceptanceReceipt(backend = "fabricated", file = "fabricated-acceptance.json")
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class FabricatedRun extends AcceptanceRuns {
        static Path directory;
        static String seenBeforeTheSecondScenario;
        private IntFunction<AcceptanceCluster> next;

        @Override
        protected AcceptanceCluster start(int members) {
            return next.apply(members);
        }

        @Test
        @Order(1)
        @AcceptanceScenario("existing-target")
        void runsInFull(TestInfo test) {
            next = members -> SimulatedCluster.of(members, 7L, PublicationDriver.FACADE);
            run(test);
        }

        @Test
        @Order(2)
        @AcceptanceScenario("empty-source")
        void failsToStart(TestInfo test) throws IOException {
            seenBeforeTheSecondScenario = Files.readString(directory.resolve("fabricated-acceptance.json"));
            next = members -> {
                throw new IllegalStateException(LEAKY_MESSAGE);
            };
            run(test);
        }

        @Test
        @Order(3)
        @AcceptanceScenario("capability-missing")
        void isReplacedByTheCapabilityProof(TestInfo test) {
            next = members -> SimulatedCluster.of(members, 7L, PublicationDriver.FACADE);
            proveCapability(test);
        }

        @Test
        @Order(4)
        @AcceptanceScenario("drift-membership-before-dispatch")
        void isRefusedByTheBackend(TestInfo test) {
            next = members -> refusingEverything();
            runExpectingUnsupported(test);
        }

        @Test
        @Order(5)
        @AcceptanceScenario("queue-evidence-hazards")
        void injectsOnlyADuplicateEntry(TestInfo test) {
            next = members -> duplicateEntryOnly(SimulatedCluster.of(members, 7L, PublicationDriver.FACADE));
            run(test);
        }
    }

    /** A backend whose every cluster operation is refused, as Docker refuses a membership change. */
    private static AcceptanceCluster refusingEverything() {
        return (AcceptanceCluster) Proxy.newProxyInstance(
                AcceptanceCluster.class.getClassLoader(),
                new Class<?>[] {AcceptanceCluster.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "backend" -> "fabricated";
                    case "serverVersion" -> "0.0";
                    case "fixtureDigest" -> "0".repeat(64);
                    case "close" -> null;
                    default -> throw new UnsupportedOperationException("refused by the fabricated backend");
                });
    }

    /** The simulator, injecting only a duplicate entry and refusing every other queue hazard, as the Docker fixture does. */
    private static AcceptanceCluster duplicateEntryOnly(SimulatedCluster simulator) {
        return (AcceptanceCluster) Proxy.newProxyInstance(
                AcceptanceCluster.class.getClassLoader(),
                new Class<?>[] {AcceptanceCluster.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "injectableQueueHazards":
                            return EnumSet.of(QueueHazard.DUPLICATE_ENTRY);
                        case "collectQueue":
                            throw new UnsupportedOperationException("no cleanup pass on demand");
                        case "armQueueHazard":
                            if (args[0] != QueueHazard.DUPLICATE_ENTRY) {
                                throw new UnsupportedOperationException("only a duplicate entry");
                            }
                            simulator.armQueueHazard((QueueHazard) args[0], (int) args[1], (StatementKind) args[2]);
                            return null;
                        default:
                            try {
                                return method.invoke(simulator, args);
                            } catch (InvocationTargetException thrown) {
                                throw thrown.getCause();
                            }
                    }
                });
    }
}
