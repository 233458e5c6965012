package io.dpone.testkit.clickhouse.scenarios;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The KeeperMap facts the publication authority relies on (spec 000, "KeeperMap compare-and-swap"),
 * reproduced on the real server: strict create conflicts, versioned CAS raises {@code _version} by
 * exactly one, a stale CAS is a successful no-op, and every member sees one shared store.
 */
public abstract class KeeperMapScenarios {

    private static final Map<String, String> STRICT = Map.of("keeper_map_strict_mode", "1");
    private static final int KEEPER_EXCEPTION = 999;

    private MemberClient first;
    private MemberClient second;
    private String control;

    @BeforeEach
    void createControlTableOnEveryMember(RunningCluster cluster, TestDatabase database) {
        first = cluster.member(0).client(cluster.admin());
        second = cluster.member(1).client(cluster.admin());
        control = database.control() + ".control";
        String ddl = "CREATE TABLE " + control + " (target_key String, phase String, dispatch_epoch UInt64)"
                + " ENGINE = KeeperMap('" + database.keeperMapPath("control") + "') PRIMARY KEY target_key";
        first.execute(ddl);
        second.execute(ddl);
        first.execute("INSERT INTO " + control + " VALUES ('k1', 'PREPARED', 0)", STRICT);
    }

    @Test
    void strictInsertOfAnExistingKeyConflicts() {
        QueryFailedException conflict = assertThrows(
                QueryFailedException.class,
                () -> second.execute("INSERT INTO " + control + " VALUES ('k1', 'PREPARED', 7)", STRICT));
        assertEquals(KEEPER_EXCEPTION, conflict.serverCode());
        assertTrue(conflict.serverMessage().contains("Node exists"), "Keeper reports the existing node");
        assertEquals("k1\tPREPARED\t0\t0", row(first, "k1"), "the losing insert changed nothing");
    }

    @Test
    void versionedUpdateRaisesVersionByExactlyOne() {
        second.execute(cas(0), STRICT);
        assertEquals("k1\tDISPATCHING\t1\t1", row(first, "k1"));
        assertEquals("k1\tDISPATCHING\t1\t1", row(second, "k1"));
    }

    @Test
    void staleVersionedUpdateIsASuccessfulNoOp() {
        first.execute(cas(0), STRICT);
        second.execute(cas(0), STRICT);
        assertEquals("k1\tDISPATCHING\t1\t1", row(first, "k1"), "the stale CAS neither failed nor changed the row");
    }

    @Test
    void membersShareOneStore() {
        second.execute("INSERT INTO " + control + " VALUES ('k2', 'COMPLETED', 3)", STRICT);
        assertEquals("k2\tCOMPLETED\t3\t0", row(first, "k2"));
        assertEquals(
                first.query("SELECT target_key, _version FROM " + control + " ORDER BY target_key"),
                second.query("SELECT target_key, _version FROM " + control + " ORDER BY target_key"));
    }

    private String cas(int expectedVersion) {
        return "ALTER TABLE " + control + " UPDATE phase = 'DISPATCHING', dispatch_epoch = 1"
                + " WHERE target_key = 'k1' AND _version = " + expectedVersion + " AND phase = 'PREPARED'";
    }

    private String row(MemberClient client, String key) {
        return client.query("SELECT target_key, phase, dispatch_epoch, _version FROM " + control
                + " WHERE target_key = '" + key + "'");
    }
}
