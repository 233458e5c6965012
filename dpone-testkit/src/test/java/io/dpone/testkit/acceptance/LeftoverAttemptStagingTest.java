package io.dpone.testkit.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.port.StatementKind;
import io.dpone.clickhouse.cluster.service.OperationIdentity;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The removal of a completed operation's leftover attempt staging touches nothing but the exact
 * {@code <target>__dpone_<16 hex>_<8 hex>} tables of that operation (simulator evidence): a name of
 * another shape under the same prefix, another operation's attempt candidate and the bound
 * candidate's own name are left alone.
 */
class LeftoverAttemptStagingTest {
    private static final String INVOCATION = "nightly-leftovers";

    @Test
    void onlyTheOperationsExactAttemptCandidatesAreRemovedOnceItCompletes() {
        SimulatedCluster cluster = SimulatedCluster.of(2, 7, PublicationDriver.FACADE);
        PublicationDriver driver = new PublicationDriver(cluster);
        cluster.createDatabases(PublicationDriver.TARGET.database(), PublicationDriver.FACADE.control().database());
        cluster.createReplicatedTable(PublicationDriver.TARGET, 3);
        String prefix = attemptPrefix(driver, INVOCATION);
        Set<String> untouchable = new TreeSet<>(Set.of(prefix + "zzzzzzzz", prefix + "0123456789", prefix + "ABCDEF01",
                attemptPrefix(driver, "another-invocation") + "0badcafe"));
        for (String name : untouchable) {
            cluster.createReplicatedTable(new TableRef(PublicationDriver.TARGET.database(), name), 1);
        }
        cluster.arm(new ArmedFault.CrashBefore("worker-0", StatementKind.KEEPER_MAP_INSERT));
        cluster.race(Map.of("worker-0", ports -> driver.publish("worker-0", ports, INVOCATION, driver.rows(5, false))));
        Set<String> crashed = new TreeSet<>(driver.attemptCandidates(0, INVOCATION));
        crashed.removeAll(untouchable);
        assertEquals(1, crashed.size(), "the crashed attempt left its candidate: " + crashed);

        Attempt retry = driver.publish("worker-1", INVOCATION, 5);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), retry.outcome(), retry.summary());
        for (int member = 0; member < 2; member++) {
            Set<String> left = cluster.tableNames(member, PublicationDriver.TARGET.database());
            assertTrue(left.containsAll(untouchable), "other shapes and operations kept on member " + member + ": " + left);
            for (String name : crashed) {
                assertTrue(!left.contains(name), "the crashed attempt's candidate removed on member " + member);
            }
        }
        assertEquals(1L, cluster.sent(StatementKind.DDL_DISCARD_STAGING), "one exact drop, for the one leftover");
        Attempt rerun = driver.publish("worker-2", INVOCATION, 5);
        assertEquals(Optional.of(PublicationOutcome.COMMITTED), rerun.outcome(), rerun.summary());
        assertEquals(1L, cluster.sent(StatementKind.DDL_DISCARD_STAGING), "a rerun of the completed operation drops nothing");
    }

    private static String attemptPrefix(PublicationDriver driver, String invocation) {
        return OperationIdentity.derive(driver.settings(), invocation, Sha256ProtocolDigests.INSTANCE).candidate().table() + "_";
    }
}
