package io.dpone.testkit.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.clickhouse.cluster.service.InternalPublicationService;
import io.dpone.clickhouse.cluster.service.PublicationSettings;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.source.PublicationSource;
import io.dpone.testkit.simulator.CallRecord;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A source whose declared size exceeds {@code max_source_bytes} is refused with
 * {@code CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE} before the candidate is created, through the real
 * {@code InternalPublicationService} on the deterministic simulator (simulator evidence): no DDL of
 * any kind, no load, no KeeperMap write, the earlier publication's record and the target untouched.
 */
class SourceTooLargeTest {
    private static final long MAX_SOURCE_BYTES = 64;

    @Test
    void aDeclaredSizeOverTheBoundIsRefusedBeforeAnyDdlOrAuthorityWrite() {
        SimulatedCluster cluster = SimulatedCluster.of(2, 23, PublicationDriver.FACADE);
        PublicationDriver driver = Fixture.prepare(cluster, 3, Narrator.SILENT);
        Attempt earlier = driver.publish("worker-0", "nightly-earlier", 5);
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), earlier.outcome(), earlier.summary());
        UUID target = Fixture.uniformTarget(cluster);
        Set<String> tables = cluster.tableNames(0, cluster.target().database());
        Map<String, ?> keeper = cluster.simulator().observe().keeperMaps();
        int calls = cluster.simulator().observe().calls().records().size();
        PublicationSource source = PublicationDriver.source(100, false);
        assertTrue(source.declaredBytes().getAsLong() > MAX_SOURCE_BYTES, "the source declares more than the bound");

        DponeException refused = assertThrows(DponeException.class, () -> bounded(cluster, driver.settings())
                .publish("nightly-too-large", source, Cancellation.NEVER, ProgressListener.NONE));

        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE, refused.code(), refused.getMessage());
        List<CallRecord> made = cluster.simulator().observe().calls().records().subList(calls,
                cluster.simulator().observe().calls().records().size());
        assertTrue(made.stream().noneMatch(call -> call.call().isMutation()), "no mutation at all: " + made);
        for (StatementKind kind : StatementKind.values()) {
            assertTrue(made.stream().noneMatch(call -> call.kind() == kind), kind + " sent");
        }
        assertEquals(1L, cluster.sent(StatementKind.DDL_CREATE_CANDIDATE), "only the earlier publication's candidate");
        assertEquals(keeper, cluster.simulator().observe().keeperMaps(), "the authority is untouched");
        assertEquals(tables, cluster.tableNames(0, cluster.target().database()), "no candidate on member 0");
        assertEquals(tables, cluster.tableNames(1, cluster.target().database()), "no candidate on member 1");
        assertEquals(target, Fixture.uniformTarget(cluster));
    }

    /** The driver's service with only {@code max_source_bytes} lowered. */
    private static InternalPublicationService bounded(SimulatedCluster cluster, PublicationSettings base) {
        PublicationSettings settings = new PublicationSettings(base.cluster(), base.target(), base.facade(), base.engine(),
                MAX_SOURCE_BYTES, base.ddlTaskTimeoutSeconds(), base.readiness(), base.entryVisibility(), base.entryProgress());
        return new InternalPublicationService(cluster.ports("worker-1"), settings, Sha256ProtocolDigests.INSTANCE,
                cluster.random("worker-1"));
    }
}
