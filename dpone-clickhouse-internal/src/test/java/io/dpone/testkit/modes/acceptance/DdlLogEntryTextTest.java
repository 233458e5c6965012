package io.dpone.testkit.modes.acceptance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The queue entry text the local harness reads from its embedded ZooKeeper ({@code DDLLogEntry::toString}, format 5). */
class DdlLogEntryTextTest {
    @Test
    void readsTheStoredQueryAndTheLogCommentSetting() {
        DdlLogEntryText entry = DdlLogEntryText.parse("version: 5\n"
                + "query: DROP TABLE IF EXISTS dpone_t_ab.__dpone_probe_1 ON CLUSTER dpone_cluster\n"
                + "hosts: ['r1:9000','r2:9000']\n"
                + "initiator: host:9000\n"
                + "settings: skip_unavailable_shards = 0, log_comment = 'dpone:v1:it\\'s', distributed_ddl_task_timeout = 30\n"
                + "tracing: 00000000-0000-0000-0000-000000000000\n");
        assertEquals("DROP TABLE IF EXISTS dpone_t_ab.__dpone_probe_1 ON CLUSTER dpone_cluster", entry.query());
        assertEquals(Optional.of("dpone:v1:it\\'s"), entry.logComment());
    }

    @Test
    void anEntryWithoutSettingsHasNoToken() {
        DdlLogEntryText entry = DdlLogEntryText.parse("version: 1\nquery: CREATE TABLE x ON CLUSTER c\nhosts: []\n");
        assertEquals(Optional.empty(), entry.logComment());
        assertEquals("CREATE TABLE x ON CLUSTER c", entry.query());
    }
}
