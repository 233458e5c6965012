package io.dpone.testkit.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.PublicationSettings;
import io.dpone.clickhouse.internal.simulated.SimulatedInternalPublication;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.testkit.simulator.CallRecord;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.FaultSchedule;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.QueueEntryView;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulated service's distributed DDL waits {@code PublicationSettings.ddlTaskTimeoutSeconds} of
 * virtual time, as the provider's adapter sends it and ClickHouse's initiator waits it
 * ({@code distributed_ddl_task_timeout}, output mode throw: 159 TIMEOUT_EXCEEDED once the wait
 * exceeds it, the entry left queued for the stalled host). Simulator evidence. Red on c884450 (this branch's base):
 * the simulated port sent and waited the simulator's own default (180 s), whatever the settings said.
 */
class SimulatedDdlTaskTimeoutTest {
    private static final TableRef TARGET = new TableRef("analytics", "events");
    private static final FacadeSpec FACADE =
            new FacadeSpec(new TableRef("dpone_control", "publication_authority"), "dpone/publication_authority");
    private static final PublicationSource ROWS = new PublicationSource.Rows(
            List.of(SourceColumn.typed("id", "UInt64")), List.of(List.of("1"), List.of("2")));
    private static final long TIMEOUT_SECONDS = 5;

    @Test
    void aStalledHostTimesTheDispatchOutAtTheSettingsTaskTimeout() {
        // member 2 stalls as the publication EXCHANGE/RENAME is dispatched, so its host never finishes the entry
        // the simulator's own default distributed_ddl_task_timeout stays 180 s
        ClusterSimulator simulator = ClusterSimulator.builder()
                .members(3)
                .seed(7)
                .faults(FaultSchedule.builder()
                        .at(Step.call(PortCall.DDL_DISPATCH), SimulatorFault.pause(2))
                        .build())
                .build();
        simulator.admin().createDatabase("analytics").createDatabase("dpone_control");
        PublicationSettings defaults =
                SimulatedInternalPublication.settings(simulator, TARGET, FACADE, "ReplicatedMergeTree");
        PublicationSettings settings = new PublicationSettings(
                defaults.cluster(),
                defaults.target(),
                defaults.facade(),
                defaults.engine(),
                defaults.maxSourceBytes(),
                TIMEOUT_SECONDS,
                defaults.readiness(),
                defaults.entryVisibility(),
                defaults.entryProgress());

        var receipt = SimulatedInternalPublication.service(simulator, "w1", settings)
                .publish("nightly-1", ROWS, Cancellation.NEVER, ProgressListener.NONE);

        assertNotEquals(PublicationOutcome.COMMITTED, receipt.outcome(), "a stalled host leaves the entry unfinished");
        List<CallRecord> calls = simulator.observe().calls().records();
        int dispatch = indexOf(calls, PortCall.DDL_DISPATCH);
        assertEquals("sent, server error 159", calls.get(dispatch).outcome(), "TIMEOUT_EXCEEDED, output mode throw");
        long waited = calls.get(dispatch).timeMillis() - calls.get(dispatch - 1).timeMillis();
        assertTrue(
                waited > TIMEOUT_SECONDS * 1000 && waited <= TIMEOUT_SECONDS * 1000 + 1_500,
                () -> "the initiator waited " + waited + " ms for a " + TIMEOUT_SECONDS + " s timeout");
        QueueEntryView entry = simulator.observe().queue().stream()
                .filter(e -> e.query().contains("events"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                Long.toString(TIMEOUT_SECONDS),
                entry.settings().get("distributed_ddl_task_timeout"),
                "the entry stores the query's own setting, as format version 2+ stores changed settings");
    }

    private static int indexOf(List<CallRecord> calls, PortCall call) {
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).call() == call) {
                return i;
            }
        }
        throw new AssertionError("no " + call + " in " + calls);
    }
}
