package io.dpone.testkit.catalog;

import static io.dpone.testkit.catalog.CatalogFixtures.adapter;
import static io.dpone.testkit.catalog.CatalogFixtures.candidate;
import static io.dpone.testkit.catalog.CatalogFixtures.reads;
import static io.dpone.testkit.catalog.CatalogFixtures.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.catalog.StrictClusterAdmission;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.transport.Transports;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One unsupported {@code <remote_servers>} layout on real members: admission, read as the
 * publication principal over both transports, blocks with the expected reason and code. Each
 * subclass declares its layout with {@code @ClickHouseCluster}.
 */
abstract class TopologyAdmissionScenario {
    private final ClusterAdmission.Reason reason;
    private final DponeErrorCode code;

    TopologyAdmissionScenario(ClusterAdmission.Reason reason, DponeErrorCode code) {
        this.reason = reason;
        this.code = code;
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void admissionBlocksWithTheRightCode(Transports protocol, RunningCluster cluster, TestDatabase db)
            throws Exception {
        ReadTransport reads = reads(protocol, cluster, cluster.publisher());
        try {
            var blocked = assertInstanceOf(
                    ClusterAdmission.Blocked.class,
                    new StrictClusterAdmission(adapter(reads))
                            .admit(cluster.spec().clusterName(), target(db), candidate(db)));
            assertEquals(reason, blocked.reason());
            assertEquals(code, blocked.code());
        } finally {
            Transports.close(reads);
        }
    }
}
