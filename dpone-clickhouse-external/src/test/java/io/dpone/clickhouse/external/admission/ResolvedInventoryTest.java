package io.dpone.clickhouse.external.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fenced snapshot's digest covers the members and their resolution, whatever the row order. */
class ResolvedInventoryTest {
    private static final ClusterMember ONE = new ClusterMember("c1", 1, 1, "ch-1", "10.0.0.1", 9000, false);
    private static final ClusterMember TWO = new ClusterMember("c1", 1, 2, "ch-2", "10.0.0.2", 9000, false);

    @Test
    void theDigestIgnoresRowOrderButNotTheResolution() {
        ResolvedInventory forward = ResolvedInventory.resolve(new ClusterInventory("c1", List.of(ONE, TWO)),
                EndpointResolver.admitted());
        ResolvedInventory backward = ResolvedInventory.resolve(new ClusterInventory("c1", List.of(TWO, ONE)),
                EndpointResolver.admitted());
        assertEquals(forward.digest(), backward.digest());
        assertEquals(List.of(1L, 2L), backward.members().stream().map(m -> m.row().replicaNumber()).toList());
        ResolvedInventory translated = ResolvedInventory.resolve(new ClusterInventory("c1", List.of(ONE, TWO)),
                member -> new ResolvedEndpoint("proxy", 19000 + (int) member.replicaNumber()));
        assertNotEquals(forward.digest(), translated.digest(), "the resolver output is part of the fenced snapshot");
        assertEquals(new ResolvedEndpoint("ch-1", 9000), forward.members().get(0).endpoint());
    }
}
