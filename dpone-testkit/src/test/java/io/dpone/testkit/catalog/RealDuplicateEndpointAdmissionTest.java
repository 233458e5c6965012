package io.dpone.testkit.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.MemberCoverage;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.cluster.RemoteServersLayout;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import io.dpone.testkit.transport.Transports;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Real members whose remote_servers lists the first member twice: blocked with DUPLICATE_ENDPOINT.
 * Real servers number replicas by position, so this is the real form of a duplicate; duplicate
 * replica numbers themselves are proven only offline.
 */
@ClickHouseCluster(members = 2, layout = RemoteServersLayout.FIRST_MEMBER_TWICE)
class RealDuplicateEndpointAdmissionTest extends TopologyAdmissionScenario {
    RealDuplicateEndpointAdmissionTest() {
        super(ClusterAdmission.Reason.DUPLICATE_ENDPOINT, DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE);
    }

    @ParameterizedTest
    @EnumSource(Transports.class)
    void thePerMemberReadSeesTheDuplicatedMember(Transports protocol, RunningCluster cluster, TestDatabase db)
            throws Exception {
        var reads = CatalogFixtures.reads(protocol, cluster, cluster.publisher());
        try {
            var catalog = CatalogFixtures.adapter(reads);
            ClusterInventory inventory = RealCatalogAdmissionTest.observed(
                    catalog.inventory(cluster.spec().clusterName()));
            assertEquals(3, inventory.members().size(), "three listings of two members");
            List<MemberFacts> members = RealCatalogAdmissionTest.observed(catalog.members(
                    cluster.spec().clusterName(), CatalogFixtures.target(db), CatalogFixtures.candidate(db)));
            assertEquals(
                    Optional.of(MemberCoverage.Gap.DUPLICATED_MEMBER),
                    MemberCoverage.check(
                            inventory.endpoints(),
                            members.stream().map(MemberFacts::member).toList()));
        } finally {
            Transports.close(reads);
        }
    }
}
