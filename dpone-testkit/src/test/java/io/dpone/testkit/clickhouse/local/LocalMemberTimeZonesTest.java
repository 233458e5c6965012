package io.dpone.testkit.clickhouse.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.MemberClient;
import io.dpone.testkit.cluster.RunningCluster;
import org.junit.jupiter.api.Test;

/**
 * The harness gives each member the {@code <timezone>} the test names (local ClickHouse 26.7 via
 * libchdb: one server per process, so each member has its own): what a zoneless {@code DateTime}
 * means differs per member, the setting external mode must fence.
 */
@ClickHouseCluster(
        members = 2,
        internalReplication = false,
        timeZones = {"UTC", "Europe/Berlin"},
        backend = LocalProcessBackend.NAME)
class LocalMemberTimeZonesTest {
    @Test
    void eachMemberRunsInItsConfiguredZone(RunningCluster cluster) {
        MemberClient utc = cluster.member(0).client(cluster.admin());
        MemberClient berlin = cluster.member(1).client(cluster.admin());
        assertEquals("UTC", utc.query("SELECT timezone()"));
        assertEquals("Europe/Berlin", berlin.query("SELECT timezone()"));
        assertEquals("Europe/Berlin", berlin.query("SELECT serverTimezone()"));
        String instant = "SELECT toUnixTimestamp(toDateTime('2024-07-01 12:00:00'))";
        assertEquals(
                Long.parseLong(utc.query(instant)) - 7_200,
                Long.parseLong(berlin.query(instant)),
                "the same zoneless text is another instant on each member (CEST is UTC+2)");
    }
}
