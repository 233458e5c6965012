package io.dpone.testkit.conformance;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.conformance.MemberSessionBackend;
import io.dpone.clickhouse.external.conformance.MemberSessionConformance;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.MemberSession;
import io.dpone.clickhouse.external.simulated.ExternalWorkerPorts;
import io.dpone.testkit.simulator.ClusterSimulator;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.TableSpec;
import io.dpone.testkit.simulator.WorkerPorts;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;

/** The member-session properties on the simulator (simulator evidence): two members, internal_replication = false. */
class SimulatorMemberSessionConformanceTest extends MemberSessionConformance {
    private static final String DATABASE = "dpone_t_sessions";

    private Backend backend;

    @BeforeEach
    void freshSimulator() {
        backend = new Backend(ClusterSimulator.builder()
                .members(2)
                .internalReplication(false)
                .seed(7)
                .build());
    }

    @Override
    protected MemberSessionBackend backend() {
        return backend;
    }

    private static final class Backend implements MemberSessionBackend {
        private final ClusterSimulator simulator;
        private final WorkerPorts worker;
        private final List<ClusterMember> inventory;

        Backend(ClusterSimulator simulator) {
            this.simulator = simulator;
            simulator.admin().createDatabase(DATABASE);
            this.worker = simulator.worker("sessions");
            this.inventory = ((CatalogRead.Observed<ClusterInventory>)
                            worker.catalog().inventory(simulator.clusterName()))
                    .facts()
                    .members();
        }

        @Override
        public String clusterName() {
            return simulator.clusterName();
        }

        @Override
        public int members() {
            return inventory.size();
        }

        @Override
        public String database() {
            return DATABASE;
        }

        @Override
        public MemberSession session(int member, int batchRows) {
            return ExternalWorkerPorts.memberSessions(worker, batchRows)
                    .session(EndpointResolver.admitted().resolve(inventory.get(member)));
        }

        @Override
        public LocalResult createTable(int member, TableRef table, TableSpec spec, UUID uuid) {
            return simulator.admin().createTable(member, table, spec, uuid);
        }

        @Override
        public void changeRow(int member, TableRef table, String column, String value) {
            simulator.admin().changeRow(member, table, column, value);
        }

        @Override
        public void kill(int member) {
            simulator.admin().kill(member);
        }
    }
}
