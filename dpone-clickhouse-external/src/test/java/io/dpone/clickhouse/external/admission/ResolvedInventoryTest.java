package io.dpone.clickhouse.external.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.external.member.EndpointResolver;
import io.dpone.clickhouse.external.member.ResolvedEndpoint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fenced snapshot's digest covers the members, their resolution and their time zones, whatever the row order. */
class ResolvedInventoryTest {
    private static final ClusterMember ONE = new ClusterMember("c1", 1, 1, "ch-1", "10.0.0.1", 9000, false);
    private static final ClusterMember TWO = new ClusterMember("c1", 1, 2, "ch-2", "10.0.0.2", 9000, false);
    private static final Map<ClusterMember, String> UTC = Map.of(ONE, "UTC", TWO, "UTC");

    @Test
    void theDigestIgnoresRowOrderButNotTheResolution() {
        ResolvedInventory forward =
                ResolvedInventory.resolve(new ClusterInventory("c1", List.of(ONE, TWO)), EndpointResolver.admitted());
        ResolvedInventory backward =
                ResolvedInventory.resolve(new ClusterInventory("c1", List.of(TWO, ONE)), EndpointResolver.admitted());
        assertEquals(forward.digest(UTC), backward.digest(UTC));
        assertEquals(
                List.of(1L, 2L),
                backward.members().stream().map(m -> m.row().replicaNumber()).toList());
        ResolvedInventory translated = ResolvedInventory.resolve(
                new ClusterInventory("c1", List.of(ONE, TWO)),
                member -> new ResolvedEndpoint("proxy", 19000 + (int) member.replicaNumber()));
        assertNotEquals(
                forward.digest(UTC), translated.digest(UTC), "the resolver output is part of the fenced snapshot");
        assertEquals(
                new ResolvedEndpoint("ch-1", 9000), forward.members().get(0).endpoint());
    }

    /**
     * Red on main 32d8930 (there was no zone in the digest): a member restarted in another zone
     * left the digest as it was, so an operation bound in one zone went on in another.
     */
    @Test
    void aMemberInAnotherTimeZoneIsAnotherSnapshot() {
        ResolvedInventory inventory =
                ResolvedInventory.resolve(new ClusterInventory("c1", List.of(ONE, TWO)), EndpointResolver.admitted());
        assertNotEquals(inventory.digest(UTC), inventory.digest(Map.of(ONE, "UTC", TWO, "Europe/Berlin")));
        assertNotEquals(
                inventory.digest(Map.of(ONE, "Europe/Berlin", TWO, "UTC")),
                inventory.digest(Map.of(ONE, "UTC", TWO, "Europe/Berlin")),
                "which member runs where counts");
        assertThrows(IllegalArgumentException.class, () -> inventory.digest(Map.of(ONE, "UTC")), "every member's zone");
    }
}
