package io.dpone.clickhouse.external.conformance;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import io.dpone.clickhouse.external.nativeproto.NativeMemberSessions;
import io.dpone.testkit.clickhouse.docker.TestcontainersBackend;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.QueryFailedException;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.TableSpec;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;

/**
 * The member-session properties on pinned ClickHouse 24.8 containers (two members,
 * internal_replication = false) through the production {@code NativeMemberSession}; needs Docker
 * ({@code mvn -Pdocker verify}). Written, never run (no Docker engine on these machines).
 */
@Tag("docker")
@ClickHouseCluster(members = 2, internalReplication = false, backend = TestcontainersBackend.NAME)
class DockerMemberSessionConformanceTest extends MemberSessionConformance {
    private MemberSessionBackend backend;

    @BeforeEach
    void realBackend(RunningCluster cluster, TestDatabase db) {
        backend = new MemberSessionBackend() {
            @Override
            public String clusterName() {
                return cluster.spec().clusterName();
            }

            @Override
            public int members() {
                return cluster.members().size();
            }

            @Override
            public String database() {
                return db.target();
            }

            @Override
            public MemberSession session(int member, int batchRows) {
                NativeMemberSessions sessions = new NativeMemberSessions(
                        db.target(),
                        cluster.publisher().user(),
                        cluster.publisher().password(),
                        Duration.ofSeconds(5),
                        Duration.ofSeconds(30),
                        () -> "dpone-conformance-" + UUID.randomUUID(),
                        batchRows);
                return sessions.session(new ResolvedEndpoint(
                        cluster.member(member).endpoint().host(),
                        cluster.member(member).endpoint().nativePort()));
            }

            @Override
            public LocalResult createTable(int member, TableRef table, TableSpec spec, UUID uuid) {
                try {
                    cluster.member(member).client(cluster.admin()).execute(spec.createStatement(table, uuid));
                    return new LocalResult.Ok();
                } catch (QueryFailedException failed) {
                    return new LocalResult.Failed(failed.serverCode(), failed.serverMessage());
                }
            }

            @Override
            public void changeRow(int member, TableRef table, String column, String value) {
                cluster.member(member)
                        .client(cluster.admin())
                        .execute("ALTER TABLE " + table.render() + " UPDATE " + column + " = '" + value
                                + "' WHERE id = 1 SETTINGS mutations_sync = 2");
            }

            @Override
            public void kill(int member) {
                cluster.member(member).kill();
            }
        };
    }

    @Override
    protected MemberSessionBackend backend() {
        return backend;
    }
}
