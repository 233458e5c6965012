package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.external.simulated.SimulatedExternalCluster;
import io.dpone.clickhouse.internal.simulated.InternalScenarios;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.Scenario;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.EvidenceScope;
import io.dpone.spi.receipt.EvidenceStatus;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.acceptance.Attempt;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 ("Evidence and docs"): every acceptance scenario runs on the simulator with distinctive
 * source values ({@code ROWVALUE-<n>}); every receipt (as the JSON a host prints), every narration
 * line, every attempt summary and every error document is scanned for hostnames, addresses,
 * credential-like text, row values, source SQL and local paths (simulator evidence). The scan itself
 * is proven able to fail on a receipt that leaks each of them.
 */
class EvidenceLeakScanTest {
    @Test
    void noScenarioLeaksIntoReceiptsNarrationOrErrors() {
        List<String> findings = new ArrayList<>();
        int receipts = 0;
        int refusals = 0;
        int lines = 0;
        // capability-missing needs members without a DDL worker, which the simulator does not have
        for (Scenario scenario : InternalScenarios.withDdlWorker()) {
            List<Attempt> attempts = new ArrayList<>();
            List<String> narration = new ArrayList<>();
            SimulatedCluster cluster = new SimulatedCluster(
                            ClusterSimulator.builder()
                                    .members(scenario.members())
                                    .seed(SimulatorAcceptanceTest.SEED)
                                    .build(),
                            PublicationDriver.FACADE)
                    .tapEvidence(row -> EvidenceLeakScan.ROW_VALUE_PREFIX + row, attempts::add);
            scenario.run(cluster, narration::add);
            for (String line : narration) {
                findings.addAll(EvidenceLeakScan.scan(scenario.name() + " narration", line));
            }
            for (Attempt attempt : attempts) {
                findings.addAll(EvidenceLeakScan.scan(scenario.name(), attempt));
                if (attempt instanceof Attempt.Receipt) {
                    receipts++;
                } else {
                    refusals++;
                }
            }
            lines += narration.size();
        }
        System.out.println(InternalScenarios.withDdlWorker().size() + " scenarios: scanned " + receipts + " receipts, "
                + refusals + " error documents and " + lines + " narration lines");
        assertTrue(receipts >= 25 && refusals >= 5 && lines >= 80, "the scan saw the scenarios' evidence");
        assertEquals(List.of(), findings, "evidence leaks");
    }

    /** The same for external mode's scenarios (issue 12): receipts, narration, error documents. */
    @Test
    void noExternalScenarioLeaksIntoReceiptsNarrationOrErrors() {
        List<String> findings = new ArrayList<>();
        int receipts = 0;
        int lines = 0;
        for (ExternalScenario scenario : ExternalScenarios.all()) {
            List<Attempt> attempts = new ArrayList<>();
            List<String> narration = new ArrayList<>();
            try (SimulatedExternalCluster cluster = SimulatedExternalCluster.of(
                            scenario.members(), SimulatorExternalAcceptanceTest.SEED, PublicationDriver.FACADE)
                    .tapEvidence(row -> EvidenceLeakScan.ROW_VALUE_PREFIX + row, attempts::add)) {
                scenario.run(cluster, narration::add);
            }
            for (String line : narration) {
                findings.addAll(EvidenceLeakScan.scan(scenario.name() + " narration", line));
            }
            for (Attempt attempt : attempts) {
                findings.addAll(EvidenceLeakScan.scan(scenario.name(), attempt));
                receipts += attempt instanceof Attempt.Receipt ? 1 : 0;
            }
            lines += narration.size();
        }
        assertTrue(
                receipts >= 20 && lines >= 40,
                "the scan saw the scenarios' evidence: " + receipts + " receipts, " + lines + " narration lines");
        assertEquals(List.of(), findings, "evidence leaks");
    }

    @Test
    void theScanFindsEveryKindOfLeakInAReceipt() {
        Map<String, String> leaks = Map.of(
                "hostname", "replica ch-b.internal:9000 did not answer",
                "address", "connect to 10.0.0.2 refused",
                "credential", "login with password=hunter2 failed",
                "row value", "first row was " + EvidenceLeakScan.ROW_VALUE_PREFIX + "7",
                "source SQL", "EXCHANGE TABLES `analytics`.`events` AND x ON CLUSTER c",
                "local path", "source /tmp/rows.csv unreadable");
        leaks.forEach((category, text) -> {
            PublicationReceipt leaking = new PublicationReceipt(
                    "dpone.clickhouse.cluster-full-refresh-receipt.v1",
                    ReplicationMode.INTERNAL,
                    "ab".repeat(32),
                    EvidenceScope.RUNTIME,
                    EvidenceStatus.UNVERIFIED,
                    PublicationOutcome.UNKNOWN,
                    Optional.of(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
                    Map.of("message", text, "members", List.of(Map.of("shard", 1L, "replica", 2L))));
            List<String> findings = EvidenceLeakScan.scan("test receipt", EvidenceLeakScan.json(leaking));
            assertTrue(
                    findings.stream().anyMatch(finding -> finding.startsWith(category + " in test receipt")),
                    category + " not found in " + text + ": " + findings);
        });
        Attempt.Refused refused = new Attempt.Refused(new DponeException(
                DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED, "the load into /home/user/x failed"));
        assertEquals(
                1,
                EvidenceLeakScan.scan("test error", EvidenceLeakScan.errorDocument(refused))
                        .size());
        assertEquals(
                List.of(),
                EvidenceLeakScan.scan(
                        "clean",
                        "{\"outcome\":\"committed\",\"replica\":2,\"rows\":9000,"
                                + "\"entry\":\"query-0000000004\",\"operation_id\":\"" + "ab".repeat(32) + "\"}"));
        assertEquals(
                1,
                EvidenceLeakScan.scan("name", "replica clickhouse-02 did not answer")
                        .size());
        assertEquals(
                1, EvidenceLeakScan.scan("quad", "peer 192.168.10.254 reset").size());
        assertEquals(List.of(), EvidenceLeakScan.scan("not a quad", "digest 1234.5.6.7 and 1.2.3 and 1.2.3.4.5"));
    }
}
