package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * The publication principal's grants (docs/testkit/real-clickhouse.md, "Publication principal"),
 * written once for both backends. Each entry is the part of a {@code GRANT} between the keyword
 * and {@code TO}. Only the scope of the two database grants differs: the local backend (26.7)
 * grants the test-database prefixes in {@code users.xml}; the Docker backend (24.8, which has no
 * wildcard grants) grants the same privileges on each test database by name.
 */
public final class PublisherGrants {

    /** Read, strict create-if-absent, versioned CAS and bootstrap of the KeeperMap control table. */
    static final String CONTROL_PRIVILEGES = "SELECT, INSERT, ALTER UPDATE, CREATE TABLE";
    /** Stage the candidate, EXCHANGE or RENAME it into place, drop the exact predecessor. */
    static final String TARGET_PRIVILEGES = "SELECT, INSERT, CREATE TABLE, DROP TABLE";

    private PublisherGrants() {}

    /** Every grant, with the database grants on the {@link TestDatabase} name prefixes (wildcards). */
    public static List<String> withPrefixWildcards() {
        return all(TestDatabase.CONTROL_PREFIX + "*", TestDatabase.TARGET_PREFIX + "*");
    }

    /** The grants that name no test database; granted once per cluster. */
    public static List<String> clusterWide() {
        return List.of(
                "SELECT ON system.*",
                "TABLE ENGINE ON ReplicatedMergeTree",
                "TABLE ENGINE ON MergeTree",
                "TABLE ENGINE ON KeeperMap",
                "CLUSTER ON *.*",
                "REMOTE ON *.*");
    }

    /** The two database grants of one test database, by name. */
    public static List<String> forDatabase(TestDatabase database) {
        requireNonNull(database, "database is null");
        return databaseGrants(database.control(), database.target());
    }

    private static List<String> all(String control, String target) {
        List<String> grants = new ArrayList<>(clusterWide());
        // Documented order: catalog reads, control table, target database, engines, cluster, remote.
        grants.addAll(1, databaseGrants(control, target));
        return List.copyOf(grants);
    }

    private static List<String> databaseGrants(String control, String target) {
        return List.of(CONTROL_PRIVILEGES + " ON " + control + ".*", TARGET_PRIVILEGES + " ON " + target + ".*");
    }
}
