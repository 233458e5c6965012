package io.dpone.testkit.service;

import static io.dpone.testkit.service.SimulatedPublicationEntryPointTest.FACADE;
import static io.dpone.testkit.service.SimulatedPublicationEntryPointTest.ROWS;
import static io.dpone.testkit.service.SimulatedPublicationEntryPointTest.TARGET;
import static io.dpone.testkit.service.SimulatedPublicationEntryPointTest.externalSettings;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.dpone.clickhouse.external.service.ExternalPublicationService;
import io.dpone.clickhouse.external.simulated.SimulatedExternalPublication;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.internal.service.InternalPublicationService;
import io.dpone.clickhouse.internal.simulated.SimulatedInternalPublication;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Receipts are a stable schema: for the same outcome both modes write byte-identical JSON (issue 24:
 * one evidence and receipt builder must change nothing). Each receipt of a fixed-seed publication,
 * its status read and (external) a status read before any record is compared with the JSON
 * captured from the modes' own builders on 4638c96 (simulator evidence). A mismatch leaves the new JSON under
 * {@code target/golden-receipts/} to diff.
 */
class ReceiptGoldenTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Test
    void internalReceiptsAreTheCapturedJson() throws IOException {
        ClusterSimulator simulator = simulator(3, true);
        InternalPublicationService service = SimulatedInternalPublication.service(
                simulator,
                "w1",
                SimulatedInternalPublication.settings(simulator, TARGET, FACADE, "ReplicatedMergeTree"));

        PublicationReceipt committed = service.publish("nightly-1", ROWS, Cancellation.NEVER, ProgressListener.NONE);
        PublicationReceipt status = service.status(Optional.of("nightly-1"));

        assertAll(() -> assertGolden("internal-committed", committed), () -> assertGolden("internal-status", status));
    }

    @Test
    void externalReceiptsAreTheCapturedJson(@TempDir Path artifacts) throws IOException {
        ClusterSimulator simulator = simulator(2, false);
        ExternalPublicationService service = SimulatedExternalPublication.service(
                simulator, "w1", externalSettings(simulator), ArtifactStore.open(artifacts));

        PublicationReceipt none = service.status(Optional.empty());
        PublicationReceipt committed = service.publish("nightly-1", ROWS, Cancellation.NEVER, ProgressListener.NONE);
        PublicationReceipt status = service.status(Optional.of("nightly-1"));

        assertAll(
                () -> assertGolden("external-none", none),
                () -> assertGolden("external-committed", committed),
                () -> assertGolden("external-status", status));
    }

    private static ClusterSimulator simulator(int members, boolean internalReplication) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(members)
                .seed(7)
                .internalReplication(internalReplication)
                .build();
        simulator.admin().createDatabase(TARGET.database()).createDatabase("dpone_control");
        return simulator;
    }

    private static void assertGolden(String name, PublicationReceipt receipt) throws IOException {
        String actual = JSON.writeValueAsString(document(receipt)) + "\n";
        String expected = golden(name);
        if (!actual.equals(expected)) {
            Path out = Path.of("target", "golden-receipts", name + ".json");
            Files.createDirectories(out.getParent());
            Files.writeString(out, actual);
            assertEquals(expected, actual, name + ": the actual receipt is in " + out);
        }
    }

    private static String golden(String name) throws IOException {
        try (InputStream golden = ReceiptGoldenTest.class.getResourceAsStream("/receipts/" + name + ".json")) {
            return golden == null
                    ? "(no golden receipt " + name + ")"
                    : new String(golden.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The receipt as one JSON document: its fields in declaration order, the code by name. */
    private static Map<String, Object> document(PublicationReceipt receipt) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("schema", receipt.schema());
        document.put("replication_mode", receipt.replicationMode().name());
        document.put("operation_id", receipt.operationId());
        document.put("evidence_scope", receipt.evidenceScope().name());
        document.put("evidence_status", receipt.evidenceStatus().name());
        document.put("outcome", receipt.outcome().name());
        document.put("error_code", receipt.errorCode().map(Enum::name).orElse(null));
        document.put("detail", receipt.detail());
        return document;
    }
}
