package io.dpone.clickhouse.external.member;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.spi.publication.MemberEndpoints;
import io.dpone.spi.publication.MemberEndpoints.Endpoint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The host's member endpoint map as external mode resolves it: pure, no I/O. */
class MappedEndpointsTest {
    private static final ClusterMember ONE = new ClusterMember("c1", 1, 1, "ch-1.ch.svc", "10.9.0.1", 9000, false);
    private static final ClusterMember TWO = new ClusterMember("c1", 1, 2, "ch-2.ch.svc", "10.9.0.2", 9000, false);
    private static final List<ClusterMember> ADMITTED = List.of(ONE, TWO);
    private static final Map<ClusterMember, String> UTC = Map.of(ONE, "UTC", TWO, "UTC");
    private static final Endpoint KEY_ONE = new Endpoint("ch-1.ch.svc", 9000);
    private static final Endpoint KEY_TWO = new Endpoint("ch-2.ch.svc", 9000);
    private static final MemberEndpoints FULL = new MemberEndpoints(
            Map.of(KEY_ONE, new Endpoint("10.1.2.3", 19000), KEY_TWO, new Endpoint("10.1.2.4", 19001)));

    @Test
    void anEmptyMapIsTheAdmittedResolver() {
        EndpointResolver resolver = MappedEndpoints.of(MemberEndpoints.none());
        assertEquals(new ResolvedEndpoint("ch-1.ch.svc", 9000), resolver.resolve(ONE));
        assertTrue(resolver.coverage(ADMITTED).complete());
        assertEquals(
                ResolvedInventory.resolve(new ClusterInventory("c1", ADMITTED), EndpointResolver.admitted())
                        .digest(UTC),
                ResolvedInventory.resolve(new ClusterInventory("c1", ADMITTED), resolver)
                        .digest(UTC),
                "no map fences exactly as before");
    }

    @Test
    void aListedMemberIsReachedAtItsMappedEndpoint() {
        EndpointResolver resolver = MappedEndpoints.of(FULL);
        assertEquals(new ResolvedEndpoint("10.1.2.3", 19000), resolver.resolve(ONE));
        assertEquals(new ResolvedEndpoint("10.1.2.4", 19001), resolver.resolve(TWO));
        assertEquals(EndpointCoverage.COMPLETE, resolver.coverage(ADMITTED));
    }

    @Test
    void aPartialMapCountsTheUnlistedMembers() {
        EndpointResolver resolver =
                MappedEndpoints.of(new MemberEndpoints(Map.of(KEY_ONE, new Endpoint("10.1.2.3", 19000))));
        assertEquals(new EndpointCoverage(1, 0), resolver.coverage(ADMITTED));
        assertFalse(resolver.coverage(ADMITTED).complete());
        assertEquals(
                new ResolvedEndpoint("ch-2.ch.svc", 9000),
                resolver.resolve(TWO),
                "an unlisted member still resolves (a re-read after admission sees drift, not an exception)");
    }

    @Test
    void anEntryForNoAdmittedMemberIsStale() {
        EndpointResolver resolver = MappedEndpoints.of(FULL);
        assertEquals(new EndpointCoverage(0, 1), resolver.coverage(List.of(ONE)));
        ClusterMember otherPort = new ClusterMember("c1", 1, 2, "ch-2.ch.svc", "10.9.0.2", 9440, false);
        assertEquals(
                new EndpointCoverage(1, 1), resolver.coverage(List.of(ONE, otherPort)), "the port is part of the key");
    }

    @Test
    void theMapIsPartOfTheFencedInventoryDigest() {
        ClusterInventory inventory = new ClusterInventory("c1", ADMITTED);
        MemberEndpoints moved = new MemberEndpoints(
                Map.of(KEY_ONE, new Endpoint("10.1.2.3", 19000), KEY_TWO, new Endpoint("10.1.2.5", 19001)));
        assertNotEquals(
                ResolvedInventory.resolve(inventory, MappedEndpoints.of(FULL)).digest(UTC),
                ResolvedInventory.resolve(inventory, MappedEndpoints.of(moved)).digest(UTC));
        assertNotEquals(
                ResolvedInventory.resolve(inventory, EndpointResolver.admitted())
                        .digest(UTC),
                ResolvedInventory.resolve(inventory, MappedEndpoints.of(FULL)).digest(UTC));
        assertEquals(
                ResolvedInventory.resolve(inventory, MappedEndpoints.of(FULL)).digest(UTC),
                ResolvedInventory.resolve(
                                inventory, MappedEndpoints.of(new MemberEndpoints(Map.copyOf(FULL.translations()))))
                        .digest(UTC),
                "the same map fences the same snapshot");
    }

    @Test
    void printsNoHost() {
        assertFalse(MappedEndpoints.of(FULL).toString().contains("ch-1"));
        assertFalse(MappedEndpoints.of(FULL).toString().contains("10.1"));
    }
}
