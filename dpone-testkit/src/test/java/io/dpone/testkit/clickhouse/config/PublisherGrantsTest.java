package io.dpone.testkit.clickhouse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.cluster.PublisherGrants;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both backends grant the publication principal the same privileges; only the database scope differs. */
class PublisherGrantsTest {

    @Test
    void perDatabaseGrantsAreTheWildcardGrantsNarrowedToOneTestDatabase() {
        TestDatabase database = new TestDatabase("abcd1234");
        List<String> perDatabase = new ArrayList<>(PublisherGrants.clusterWide());
        perDatabase.addAll(1, PublisherGrants.forDatabase(database));
        List<String> narrowed = PublisherGrants.withPrefixWildcards().stream()
                .map(grant -> grant.replace(TestDatabase.CONTROL_PREFIX + "*", database.control())
                        .replace(TestDatabase.TARGET_PREFIX + "*", database.target()))
                .toList();
        assertEquals(narrowed, perDatabase);
    }

    @Test
    void theDocumentedGrantSet() {
        assertEquals(
                List.of(
                        "SELECT ON system.*",
                        "SELECT, INSERT, ALTER UPDATE, CREATE TABLE ON dpone_c_*.*",
                        "SELECT, INSERT, CREATE TABLE, DROP TABLE ON dpone_t_*.*",
                        "TABLE ENGINE ON ReplicatedMergeTree",
                        "TABLE ENGINE ON MergeTree",
                        "TABLE ENGINE ON KeeperMap",
                        "CLUSTER ON *.*",
                        "REMOTE ON *.*"),
                PublisherGrants.withPrefixWildcards());
        assertEquals(
                List.of(
                        "SELECT, INSERT, ALTER UPDATE, CREATE TABLE ON dpone_c_abcd1234.*",
                        "SELECT, INSERT, CREATE TABLE, DROP TABLE ON dpone_t_abcd1234.*"),
                PublisherGrants.forDatabase(new TestDatabase("abcd1234")));
        assertTrue(
                PublisherGrants.clusterWide().stream().noneMatch(grant -> grant.contains("dpone_")),
                "cluster-wide grants name no test database");
    }
}
