package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/**
 * Backend-independent per-test namespace handling and secret generation, shared by every
 * {@link RunningCluster} implementation. Databases are created member by member because
 * {@code ON CLUSTER} is not available on every backend.
 */
public final class TestDatabases {

    private static final SecureRandom RANDOM = new SecureRandom();

    private TestDatabases() {}

    /** Creates the target and control databases (Atomic) on every member as {@code admin}. */
    public static TestDatabase create(List<? extends ClusterMember> members, Credentials admin) {
        requireNonNull(members, "members is null");
        requireNonNull(admin, "admin is null");
        TestDatabase database = new TestDatabase(randomToken(6));
        for (ClusterMember member : members) {
            MemberClient client = member.client(admin);
            client.execute("CREATE DATABASE " + database.target() + " ENGINE = Atomic");
            client.execute("CREATE DATABASE " + database.control() + " ENGINE = Atomic");
        }
        return database;
    }

    /**
     * Drops the test's databases on every member that is running; a member that cannot be reached
     * keeps them (its data directory is discarded with the cluster anyway).
     */
    public static void drop(List<? extends ClusterMember> members, Credentials admin, TestDatabase database) {
        requireNonNull(database, "database is null");
        for (ClusterMember member : members) {
            if (!member.isRunning()) {
                continue;
            }
            MemberClient client = member.client(admin);
            try {
                client.execute("DROP DATABASE IF EXISTS " + database.control() + " SYNC");
                client.execute("DROP DATABASE IF EXISTS " + database.target() + " SYNC");
            } catch (MemberQueryException unreachable) {
                // best effort: the next test uses a fresh unique namespace either way
            }
        }
    }

    /** Lowercase hex token of {@code bytes} random bytes, for names and test-only passwords. */
    public static String randomToken(int bytes) {
        byte[] buffer = new byte[bytes];
        RANDOM.nextBytes(buffer);
        return HexFormat.of().formatHex(buffer);
    }

    /** Fresh admin and publisher credentials for one cluster. */
    public static Credentials newAdmin() {
        return new Credentials("dpone_admin", randomToken(16));
    }

    public static Credentials newPublisher() {
        return new Credentials("dpone_publisher", randomToken(16));
    }
}
