package io.dpone.testkit.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.service.ExternalSettings;
import io.dpone.clickhouse.external.simulated.SimulatedExternalPublication;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.internal.service.PublicationSettings;
import io.dpone.clickhouse.internal.simulated.SimulatedInternalPublication;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.simulator.ClusterSimulator;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public entry points publish with the real services of both modes on the simulator (simulator evidence). */
class SimulatedPublicationEntryPointTest {
    static final TableRef TARGET = new TableRef("analytics", "events");
    static final FacadeSpec FACADE =
            new FacadeSpec(new TableRef("dpone_control", "publication_authority"), "dpone/publication_authority");
    static final PublicationSource ROWS = new PublicationSource.Rows(
            List.of(SourceColumn.typed("id", "UInt64"), SourceColumn.typed("v", "String")),
            IntStream.range(0, 10)
                    .mapToObj(i -> List.of(Integer.toString(i), "v" + i))
                    .toList());

    @Test
    void theInternalServicePublishesANewTargetOnEveryMember() {
        ClusterSimulator simulator =
                ClusterSimulator.builder().members(3).seed(7).build();
        simulator.admin().createDatabase("analytics").createDatabase("dpone_control");
        PublicationSettings settings =
                SimulatedInternalPublication.settings(simulator, TARGET, FACADE, "ReplicatedMergeTree");

        var receipt = SimulatedInternalPublication.service(simulator, "w1", settings)
                .publish("nightly-1", ROWS, Cancellation.NEVER, ProgressListener.NONE);

        assertEquals(PublicationOutcome.COMMITTED, receipt.outcome());
        for (int member = 0; member < 3; member++) {
            assertTrue(simulator.observe().table(member, TARGET).isPresent(), "target on member " + member);
        }
    }

    @Test
    void theExternalServicePublishesANewTargetOnEveryMember(@TempDir Path artifacts) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(7)
                .internalReplication(false)
                .build();
        simulator.admin().createDatabase("analytics").createDatabase("dpone_control");
        ExternalSettings settings = externalSettings(simulator);

        var receipt = SimulatedExternalPublication.service(simulator, "w1", settings, ArtifactStore.open(artifacts))
                .publish("nightly-1", ROWS, Cancellation.NEVER, ProgressListener.NONE);

        assertEquals(PublicationOutcome.COMMITTED, receipt.outcome());
        for (int member = 0; member < 2; member++) {
            assertTrue(simulator.observe().table(member, TARGET).isPresent(), "target on member " + member);
        }
    }

    /** Before: the service failed later as BOOTSTRAP_INCOMPLETE with nothing pointing at the database. */
    @Test
    void aMissingControlDatabaseIsNamedBeforeAnythingRuns(@TempDir Path artifacts) {
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(2)
                .seed(7)
                .internalReplication(false)
                .build();
        simulator.admin().createDatabase("analytics");
        PublicationSettings internal =
                SimulatedInternalPublication.settings(simulator, TARGET, FACADE, "ReplicatedMergeTree");
        ExternalSettings external = externalSettings(simulator);

        IllegalStateException internalRefusal = assertThrows(
                IllegalStateException.class, () -> SimulatedInternalPublication.service(simulator, "w1", internal));
        IllegalStateException externalRefusal = assertThrows(
                IllegalStateException.class,
                () -> SimulatedExternalPublication.service(simulator, "w1", external, ArtifactStore.open(artifacts)));

        for (IllegalStateException refusal : List.of(internalRefusal, externalRefusal)) {
            assertTrue(refusal.getMessage().contains("control database 'dpone_control'"), refusal.getMessage());
            assertTrue(refusal.getMessage().contains("createDatabase(\"dpone_control\")"), refusal.getMessage());
        }
        assertTrue(simulator.observe().keeperMaps().isEmpty(), "nothing ran");
    }

    /** External settings over the simulator's cluster, as the entry point gives them. */
    static ExternalSettings externalSettings(ClusterSimulator simulator) {
        return SimulatedExternalPublication.settings(simulator, TARGET, FACADE, "MergeTree");
    }
}
