package io.dpone.testkit.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import io.dpone.testkit.simulator.TableSpec;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Distributed DDL and replication on the simulator (simulator evidence); the same suite runs on Docker 24.8. */
class SimulatorDistributedDdlConformanceTest extends DistributedDdlConformance {
    private SimulatorBackend backend;

    @BeforeEach
    void freshSimulator() {
        backend = new SimulatorBackend(43);
    }

    @Override
    protected ConformanceBackend backend() {
        return backend;
    }

    /**
     * The initiator in {@code throw} mode keeps the first host error it read and raises it even when
     * the cleaner removes the entry before the other hosts finish; 341 only when no host error came
     * first ({@code DDLQueryStatusSource::generate}, 24.x: {@code if (!first_exception) first_exception
     * = UNFINISHED}). Simulator only: no real backend here can make the cleaner remove an entry while
     * a test waits (it removes entries older than {@code task_max_lifetime}, 7 days, or 1000 behind).
     * Red on main 0f041b0: the removal answered 341 although member 0 had reported 57.
     */
    @Test
    void inThrowModeTheFirstHostErrorBeatsARemovalOfTheEntryAnd341ComesOnlyWithoutOne() {
        backend.simulator().admin().stallDdl(1);
        TableRef taken = new TableRef(backend.database(), "taken_on_member0");
        assertEquals(
                0,
                backend.createTable(0, taken, TableSpec.replicatedEvents(), backend.newUuid())
                        .code());
        SetupDdl.CandidateCreate create = new SetupDdl.CandidateCreate(
                backend.clusterName(),
                taken,
                new CandidateDefinition.Columns(
                        List.of(new CandidateDefinition.Column("id", "UInt64")), "ReplicatedMergeTree"));
        removeEveryEntryIn(Duration.ofSeconds(5));

        DdlDispatch failed = backend.ddl().dispatchSetup(create, token(DdlAction.STAGE));

        assertEquals(57, serverError(failed), "member 0's 57 came first; the removal does not replace it");
        SetupDdl.CapabilityProbe probe = new SetupDdl.CapabilityProbe(
                backend.clusterName(), new TableRef(backend.database(), "probe_never"), "0123456789abcdef");
        removeEveryEntryIn(Duration.ofSeconds(5));

        DdlDispatch removed = backend.ddl().dispatchSetup(probe, token(DdlAction.PROBE));

        assertEquals(341, serverError(removed), "no host error before the removal: UNFINISHED");
    }

    private void removeEveryEntryIn(Duration delay) {
        backend.simulator()
                .arm(
                        Step.at(Duration.ofMillis(backend.simulator().observe().now())
                                .plus(delay)),
                        SimulatorFault.cleanupQueue(Duration.ZERO));
    }

    private DdlCorrelationToken token(DdlAction action) {
        return DdlCorrelationToken.issue(
                CanonicalEncoder.forDomain("conformance").text("ddl").sha256(), action, 0, backend.randomBits());
    }

    private static int serverError(DdlDispatch dispatch) {
        return assertInstanceOf(
                        DdlDispatch.InitiatorAnswer.ServerErrorAnswer.class,
                        assertInstanceOf(DdlDispatch.Sent.class, dispatch).answer())
                .error()
                .code();
    }
}
