package io.dpone.clickhouse.external.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.external.member.MemberPolicy;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.ClusterMember;
import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The restricted publication principal's privileges, proven with {@code CHECK GRANT} on a real
 * two-member cluster (local ClickHouse 26.7 via libchdb, {@code internal_replication = false}; the
 * principal is the harness's users.xml {@code publisher}, docs/testkit/real-clickhouse.md). The
 * harness defines no other restricted principal and clickhouse-local has no SQL access storage for
 * one, so the principal that lacks a privilege is that same publisher on the control database,
 * where it holds SELECT, INSERT, ALTER UPDATE and CREATE TABLE but not DROP TABLE: a target there
 * could be created, loaded and proven, and only the attempt's RENAME (and every later DROP) would
 * be refused.
 */
@ClickHouseCluster(members = 2, internalReplication = false)
class RealExternalPrivilegesTest {
    @TempDir
    Path directory;

    @Test
    void checkGrantAnswersPerPrivilegeForTheRestrictedPrincipal(RunningCluster cluster, TestDatabase db) {
        for (int i = 0; i < cluster.members().size(); i++) {
            assertEquals(
                    new MemberPolicy(List.of(), 0),
                    policy(cluster, cluster.publisher(), i, db.target()),
                    "every privilege on the target database, and the server's default window is 0");
            assertEquals(
                    List.of("DROP TABLE"),
                    policy(cluster, cluster.publisher(), i, db.control()).missingPrivileges());
            assertEquals(
                    List.of("INSERT", "CREATE TABLE", "DROP TABLE"),
                    policy(cluster, cluster.publisher(), i, "system").missingPrivileges(),
                    "SELECT ON system.* only");
            assertEquals(
                    List.of(), policy(cluster, cluster.admin(), i, db.control()).missingPrivileges());
        }
    }

    /**
     * Red on main c884450 (verified): admitted and locked, the run ending in a receipt instead of a
     * refusal, staging into a database where this principal can neither RENAME nor DROP.
     */
    @Test
    void aTargetWhereThePrincipalLacksDropTableIsRefusedBeforeAnything(RunningCluster cluster, TestDatabase db)
            throws Exception {
        try (ExternalRig rig =
                new ExternalRig(cluster, db, directory.resolve("store"), 1_000, "MergeTree", db.control())) {
            DponeException refused =
                    assertThrows(DponeException.class, () -> rig.publish("run-1", TrickyArtifact.source(directory)));

            assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING, refused.code(), refused.getMessage());
            assertTrue(refused.getMessage().contains("lacks DROP TABLE on the target database"), refused.getMessage());
            assertEquals(
                    0, rig.ddl.dispatched(), "refused before the probe and the facade bootstrap: nothing was sent");
            assertInstanceOf(SlotRead.Unavailable.class, rig.slot("run-1"), "not even the control table exists");
            ExternalAssertions.noMemberHas(rig, rig.operation("run-1").candidate());
            for (int i = 0; i < cluster.members().size(); i++) {
                assertEquals(
                        "0",
                        rig.admin(i)
                                .query("SELECT count() FROM system.tables WHERE database = '" + db.control()
                                        + "' AND name LIKE '" + ExternalRig.TARGET + "%'"),
                        "no target, candidate or attempt table on member " + i);
            }
        }
    }

    private static MemberPolicy policy(RunningCluster cluster, Credentials principal, int member, String database) {
        NativeMemberSessions sessions = new NativeMemberSessions(
                database,
                principal.user(),
                principal.password(),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                () -> "dpone-test-" + UUID.randomUUID(),
                5);
        ClusterMember target = cluster.member(member);
        MemberSession session = sessions.session(
                new ResolvedEndpoint(target.endpoint().host(), target.endpoint().nativePort()));
        CatalogRead<MemberPolicy> read = session.policy(database);
        return ((CatalogRead.Observed<MemberPolicy>)
                        assertInstanceOf(CatalogRead.Observed.class, read, read.toString()))
                .facts();
    }
}
