package io.dpone.testkit.clickhouse.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.MemberEndpoint;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.cluster.TestDatabases;
import org.junit.jupiter.api.Test;

class ValueObjectsTest {

    @Test
    void specValidatesNameAndSize() {
        assertThrows(IllegalArgumentException.class, () -> new ClusterSpec("bad name", 2, true));
        assertThrows(IllegalArgumentException.class, () -> new ClusterSpec("c1", 0, true));
        assertThrows(IllegalArgumentException.class, () -> new ClusterSpec("c1", 6, true));
        assertThrows(NullPointerException.class, () -> new ClusterSpec(null, 2, true));
        assertEquals(2, ClusterSpec.twoMembers().members());
    }

    @Test
    void testDatabaseNamesFollowTheGrantedPrefixes() {
        TestDatabase database = new TestDatabase("abc123");
        assertEquals("dpone_t_abc123", database.target());
        assertEquals("dpone_c_abc123", database.control());
        assertEquals("/abc123/control", database.keeperMapPath("control"));
        assertThrows(IllegalArgumentException.class, () -> database.keeperMapPath("../x"));
        assertThrows(IllegalArgumentException.class, () -> new TestDatabase("Bad-Id"));
        assertNotEquals(TestDatabases.randomToken(6), TestDatabases.randomToken(6));
    }

    @Test
    void endpointBuildsDriverUrls() {
        MemberEndpoint endpoint = new MemberEndpoint("127.0.0.1", 8123, 9000);
        assertEquals("http://127.0.0.1:8123", endpoint.httpUrl());
        assertEquals("jdbc:clickhouse:http://127.0.0.1:8123/db", endpoint.jdbcHttpUrl("db"));
        assertEquals("jdbc:clickhouse://127.0.0.1:9000/db", endpoint.jdbcNativeUrl("db"));
        assertThrows(IllegalArgumentException.class, () -> new MemberEndpoint("h", 0, 9000));
    }

    @Test
    void queryFailureMessageCarriesCodeButNotTheServerText() {
        QueryFailedException failure = new QueryFailedException(
                "member r1",
                497,
                "ACCESS_DENIED",
                "Code: 497. DB::Exception: dpone_publisher: Not enough privileges ... SELECT secret");
        assertEquals("ClickHouse error 497 (ACCESS_DENIED) on member r1", failure.getMessage());
        assertEquals(497, failure.serverCode());
    }
}
