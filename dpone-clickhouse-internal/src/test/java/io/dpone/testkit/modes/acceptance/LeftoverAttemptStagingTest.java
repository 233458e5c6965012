package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.service.OperationIdentity;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.clickhouse.internal.simulated.SimulatedCluster;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.testkit.acceptance.ArmedFault;
import io.dpone.testkit.acceptance.Attempt;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A completed operation's leftover attempt staging is listed, never dropped (issue 18, finding 1;
 * simulator evidence): a worker of the same invocation may still be staging it, and spec section 6
 * rules out any prefix sweep. The receipt and {@code dpone status} list exactly the
 * {@code <target>__dpone_<16 hex>_<8 hex>} tables of that operation by their attempt suffix: a name
 * of another shape under the same prefix, another operation's attempt candidate and the bound
 * candidate's own name are not listed, and nothing is dropped.
 */
class LeftoverAttemptStagingTest {
    private static final String INVOCATION = "nightly-leftovers";

    @Test
    void onlyTheOperationsExactAttemptCandidatesAreListedOnceItCompletesAndNothingIsDropped() {
        SimulatedCluster cluster = SimulatedCluster.of(2, 7, PublicationDriver.FACADE);
        PublicationDriver driver = new PublicationDriver(cluster);
        cluster.createDatabases(
                PublicationDriver.TARGET.database(),
                PublicationDriver.FACADE.control().database());
        cluster.createReplicatedTable(PublicationDriver.TARGET, 3);
        String prefix = attemptPrefix(driver, INVOCATION);
        Set<String> untouchable = new TreeSet<>(Set.of(
                prefix + "zzzzzzzz",
                prefix + "0123456789",
                prefix + "ABCDEF01",
                attemptPrefix(driver, "another-invocation") + "0badcafe"));
        for (String name : untouchable) {
            cluster.createReplicatedTable(new TableRef(PublicationDriver.TARGET.database(), name), 1);
        }
        cluster.arm(new ArmedFault.CrashBefore("worker-0", StatementKind.KEEPER_MAP_INSERT));
        cluster.race(Map.of("worker-0", ports -> driver.publish("worker-0", ports, INVOCATION, driver.rows(5, false))));
        Set<String> crashed = new TreeSet<>(driver.attemptCandidates(0, INVOCATION));
        crashed.removeAll(untouchable);
        assertEquals(1, crashed.size(), "the crashed attempt left its candidate: " + crashed);
        List<String> listed = List.of(crashed.iterator().next().substring(prefix.length()));

        Attempt retry = driver.publish("worker-1", INVOCATION, 5);

        assertEquals(Optional.of(PublicationOutcome.COMMITTED), retry.outcome(), retry.summary());
        assertEquals(
                listed, retry.receipt().detail().get("leftover_attempts"), "the one leftover, by its attempt suffix");
        for (int member = 0; member < 2; member++) {
            Set<String> left = cluster.tableNames(member, PublicationDriver.TARGET.database());
            assertTrue(
                    left.containsAll(untouchable) && left.containsAll(crashed),
                    "nothing dropped on member " + member + ": " + left);
        }
        assertEquals(
                0L,
                cluster.sent(StatementKind.DDL_DISCARD_STAGING),
                "no permit-less drop of another attempt's staging");
        Attempt status = driver.status("reader", INVOCATION);
        assertEquals(listed, status.receipt().detail().get("leftover_attempts"), "status lists what the run listed");
    }

    private static String attemptPrefix(PublicationDriver driver, String invocation) {
        return OperationIdentity.derive(driver.settings(), invocation, Sha256ProtocolDigests.INSTANCE)
                        .candidate()
                        .table()
                + "_";
    }
}
