package io.dpone.clickhouse.cluster.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import org.junit.jupiter.api.Test;

class SqlRenderingTest {
    private static final TableRef TARGET = new TableRef("pub", "orders");
    private static final TableRef CANDIDATE = new TableRef("pub", "orders__cand");
    private static final TableRef CONTROL = new TableRef("dpone", "publication_authority");

    @Test
    void quotingEscapesLikeClickHouse() {
        assertEquals("`a\\`b`", SqlQuoting.identifier("a`b"));
        assertEquals("`a\\\\b`", SqlQuoting.identifier("a\\b"));
        assertEquals("'it\\'s\\n\\x01'", SqlQuoting.string("it's\n\u0001"));
    }

    @Test
    void invalidIdentifiersFailWithTheStableCode() {
        for (String bad : new String[] {"", "a\u0000b", "tab\tname", "x".repeat(256)}) {
            DponeException failure = assertThrows(DponeException.class, () -> SqlQuoting.identifier(bad));
            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_SQL_IDENTIFIER_INVALID, failure.code());
        }
        assertThrows(DponeException.class, () -> SqlQuoting.identifier(null));
    }

    @Test
    void rendersTheDistributedDdl() {
        assertEquals(
                "EXCHANGE TABLES `pub`.`orders` AND `pub`.`orders__cand` ON CLUSTER `c1`",
                DdlStatements.exchange("c1", TARGET, CANDIDATE).sql());
        assertEquals(
                "RENAME TABLE `pub`.`orders__cand` TO `pub`.`orders` ON CLUSTER `c1`",
                DdlStatements.rename("c1", CANDIDATE, TARGET).sql());
        assertEquals(
                "DROP TABLE IF EXISTS `pub`.`orders__cand` ON CLUSTER `c1`",
                DdlStatements.dropIfExists("c1", CANDIDATE).sql());
        assertEquals(
                StatementKind.DDL_EXCHANGE,
                DdlStatements.exchange("c1", TARGET, CANDIDATE).kind());
        assertThrows(
                IllegalArgumentException.class,
                () -> DdlStatements.exchange("c1", TARGET, new TableRef("other", "orders__cand")));
        assertThrows(IllegalArgumentException.class, () -> DdlStatements.exchange("c1", TARGET, TARGET));
    }

    @Test
    void rendersTheControlTable() {
        assertEquals(
                "CREATE TABLE `dpone`.`publication_authority` ON CLUSTER `c1` (`target_key` String, "
                        + "`operation_id` String, `fence_token` String, `phase` String, `dispatch_epoch` UInt64, "
                        + "`payload` String, `payload_sha256` FixedString(64)) ENGINE = KeeperMap('dpone/authority') "
                        + "PRIMARY KEY `target_key`",
                DdlStatements.createControlTable("c1", CONTROL, "dpone/authority")
                        .sql());
    }

    @Test
    void rendersTheAuthorityMutations() {
        String sha = "a".repeat(64);
        ControlRow row = new ControlRow("k1", "op1", "f1", "PREPARED", 0, "{}", sha);
        assertEquals(
                "INSERT INTO `dpone`.`publication_authority` (`target_key`, `operation_id`, `fence_token`, "
                        + "`phase`, `dispatch_epoch`, `payload`, `payload_sha256`) SELECT 'k1', 'op1', 'f1', 'PREPARED', toUInt64(0), "
                        + "'{}', '" + sha + "'",
                AuthorityStatements.insertStrict(CONTROL, row).sql());
        ControlRow next = new ControlRow("k1", "op1", "f1", "DISPATCHING", 1, "{\"a\":1}", sha);
        assertEquals(
                "ALTER TABLE `dpone`.`publication_authority` UPDATE `operation_id` = 'op1', `fence_token` = 'f1', "
                        + "`phase` = 'DISPATCHING', `dispatch_epoch` = 1, `payload` = '{\"a\":1}', `payload_sha256` = '"
                        + sha
                        + "' WHERE `target_key` = 'k1' AND `_version` = 7 AND `operation_id` = 'op1' AND `fence_token` = 'f1' "
                        + "AND `phase` = 'PREPARED'",
                AuthorityStatements.compareAndSwap(CONTROL, new CasExpectation("k1", 7, "op1", "f1", "PREPARED"), next)
                        .sql());
        assertThrows(
                IllegalArgumentException.class,
                () -> AuthorityStatements.compareAndSwap(
                        CONTROL, new CasExpectation("k2", 7, "op1", "f1", "PREPARED"), next));
        assertEquals(
                StatementKind.KEEPER_MAP_CAS,
                AuthorityStatements.compareAndSwap(CONTROL, new CasExpectation("k1", 7, "op1", "f1", "PREPARED"), next)
                        .kind());
    }

    @Test
    void rendersTheQueueLookupOfSection4() {
        assertEquals(
                "SELECT entry, groupUniqArray(query) AS queries, groupUniqArray(settings['log_comment']) AS log_comments"
                        + " FROM system.distributed_ddl_queue WHERE cluster = 'c1' AND mapContains(settings, 'log_comment')"
                        + " AND settings['log_comment'] = 'tok\\'1' GROUP BY entry ORDER BY entry",
                QueueStatements.lookupByToken("c1", "tok'1").sql());
        assertEquals(
                StatementKind.READ,
                QueueStatements.hostRows("c1", "query-0000000001").kind());
    }
}
