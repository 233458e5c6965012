package io.dpone.testkit.cluster;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The publication principal as an SQL-defined user, for servers whose {@code users.xml} cannot
 * express its grants: ClickHouse 24.8 has no wildcard database grants (they arrived in 24.10), and
 * test databases have random names. The user lives in each member's {@code local_directory}
 * access storage; the admin creates it once per cluster with the {@link PublisherGrants#clusterWide()}
 * grants, and grants {@link PublisherGrants#forDatabase} on every test database it creates. Only
 * the password's SHA-256 is sent.
 */
public final class SqlPublisher {

    private SqlPublisher() {}

    /** Creates the user and its cluster-wide grants on every member (idempotent: a restarted member keeps it). */
    public static void create(List<? extends ClusterMember> members, Credentials admin, Credentials publisher) {
        requireNonNull(publisher, "publisher is null");
        for (ClusterMember member : requireNonNull(members, "members is null")) {
            MemberClient client = member.client(requireNonNull(admin, "admin is null"));
            client.execute("CREATE USER IF NOT EXISTS " + checkedUser(publisher) + " IDENTIFIED WITH sha256_hash BY '"
                    + publisher.passwordSha256Hex() + "'");
            grant(client, PublisherGrants.clusterWide(), publisher);
        }
    }

    /** Grants the database grants of {@code database} on every member. */
    public static void grant(
            List<? extends ClusterMember> members, Credentials admin, Credentials publisher, TestDatabase database) {
        for (ClusterMember member : requireNonNull(members, "members is null")) {
            grant(member.client(admin), PublisherGrants.forDatabase(database), publisher);
        }
    }

    /**
     * Revokes everything on the test's databases on every running member, best effort like
     * {@link TestDatabases#drop}: the next test uses fresh names either way.
     */
    public static void revoke(
            List<? extends ClusterMember> members, Credentials admin, Credentials publisher, TestDatabase database) {
        requireNonNull(database, "database is null");
        for (ClusterMember member : requireNonNull(members, "members is null")) {
            if (!member.isRunning()) {
                continue;
            }
            try {
                MemberClient client = member.client(admin);
                for (String name : List.of(database.control(), database.target())) {
                    client.execute("REVOKE ALL ON " + name + ".* FROM " + checkedUser(publisher));
                }
            } catch (MemberQueryException unreachable) {
                // best effort: grants on names no test reuses are harmless
            }
        }
    }

    private static void grant(MemberClient admin, List<String> grants, Credentials publisher) {
        for (String grant : grants) {
            admin.execute("GRANT " + grant + " TO " + checkedUser(publisher));
        }
    }

    private static String checkedUser(Credentials user) {
        if (!user.user().matches("[a-z][a-z0-9_]{0,31}")) {
            throw new IllegalArgumentException("user must be a plain lowercase identifier");
        }
        return user.user();
    }
}
