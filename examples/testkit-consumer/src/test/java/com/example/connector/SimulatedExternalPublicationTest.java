package com.example.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.simulated.SimulatedExternalPublication;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real external-mode service on the simulator; docs/testkit/simulator.md, "The real services on the simulator". */
class SimulatedExternalPublicationTest {
    @Test
    void publishesANewTargetOnEveryMember(@TempDir Path artifacts) {
        PublicationSource source = new PublicationSource.Rows(
                List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("v", "String")),
                List.of(List.of("1", "a"), List.of("2", "b")));

        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(42)
                .internalReplication(false)
                .build();
        simulator.admin().createDatabase("analytics").createDatabase("dpone_control");
        ExternalSettings settings = SimulatedExternalPublication.settings(
                simulator,
                new TableRef("analytics", "events"),
                new FacadeSpec(new TableRef("dpone_control", "publication_authority"), "dpone/publication_authority"),
                "MergeTree");
        PublicationReceipt receipt = SimulatedExternalPublication.service(
                        simulator, "w1", settings, ArtifactStore.open(artifacts))
                .publish("nightly-1", source, Cancellation.NEVER, ProgressListener.NONE);

        assertEquals(PublicationOutcome.COMMITTED, receipt.outcome());
        for (int member = 0; member < 2; member++) {
            assertTrue(simulator
                    .observe()
                    .table(member, new TableRef("analytics", "events"))
                    .isPresent());
        }
    }
}
