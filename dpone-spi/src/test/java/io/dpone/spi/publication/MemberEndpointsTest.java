package io.dpone.spi.publication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.publication.MemberEndpoints.Endpoint;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MemberEndpointsTest {
    private static final Endpoint ADMITTED_1 = new Endpoint("ch-1.ch.svc.cluster.local", 9000);
    private static final Endpoint ADMITTED_2 = new Endpoint("ch-2.ch.svc.cluster.local", 9000);
    private static final Endpoint RUNTIME_1 = new Endpoint("10.1.2.3", 19000);
    private static final Endpoint RUNTIME_2 = new Endpoint("10.1.2.4", 19000);

    @Test
    void translatesAListedMemberOnlyAtItsAdmittedPort() {
        MemberEndpoints map = new MemberEndpoints(Map.of(ADMITTED_1, RUNTIME_1, ADMITTED_2, RUNTIME_2));
        assertEquals(Optional.of(RUNTIME_1), map.translate("ch-1.ch.svc.cluster.local", 9000));
        assertEquals(Optional.of(RUNTIME_2), map.translate("ch-2.ch.svc.cluster.local", 9000));
        assertEquals(Optional.empty(), map.translate("ch-1.ch.svc.cluster.local", 9440), "the port is part of the key");
        assertEquals(
                Optional.empty(),
                map.translate("CH-1.ch.svc.cluster.local", 9000),
                "matched as system.clusters spells it");
        assertEquals(
                Optional.empty(),
                map.translate("ch-1.ch.svc.cluster.local", 0),
                "an invalid admitted port is simply unlisted");
        assertFalse(map.isEmpty());
        assertTrue(MemberEndpoints.none().isEmpty());
    }

    @Test
    void isAnImmutableCopy() {
        Map<Endpoint, Endpoint> source = new HashMap<>(Map.of(ADMITTED_1, RUNTIME_1));
        MemberEndpoints map = new MemberEndpoints(source);
        source.put(ADMITTED_2, RUNTIME_2);
        assertEquals(1, map.translations().size());
        assertThrows(
                UnsupportedOperationException.class, () -> map.translations().put(ADMITTED_2, RUNTIME_2));
    }

    @Test
    void refusesTwoMembersAtOneRuntimeEndpoint() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new MemberEndpoints(Map.of(ADMITTED_1, RUNTIME_1, ADMITTED_2, RUNTIME_1)));
    }

    @Test
    void anIdentityEntryIsAllowed() {
        assertEquals(
                Optional.of(ADMITTED_1),
                new MemberEndpoints(Map.of(ADMITTED_1, ADMITTED_1)).translate(ADMITTED_1.host(), 9000));
    }

    @Test
    void endpointsNeedAHostAndAPortInRange() {
        assertThrows(IllegalArgumentException.class, () -> new Endpoint(" ", 9000));
        assertThrows(IllegalArgumentException.class, () -> new Endpoint("a b", 9000));
        assertThrows(IllegalArgumentException.class, () -> new Endpoint("h\u0000", 9000));
        assertThrows(IllegalArgumentException.class, () -> new Endpoint("h".repeat(256), 9000));
        assertThrows(IllegalArgumentException.class, () -> new Endpoint("h", 0));
        assertThrows(IllegalArgumentException.class, () -> new Endpoint("h", 65_536));
        assertThrows(NullPointerException.class, () -> new Endpoint(null, 9000));
        Map<Endpoint, Endpoint> withNull = new HashMap<>();
        withNull.put(ADMITTED_1, null);
        assertThrows(NullPointerException.class, () -> new MemberEndpoints(withNull));
    }

    @Test
    void printsNoHostOrPort() {
        MemberEndpoints map = new MemberEndpoints(Map.of(ADMITTED_1, RUNTIME_1));
        ClusterConnection connection =
                new ClusterConnection("coordinator.example", 8123, 9000, false, "u", Secret.of("pw"), map);
        for (String text : new String[] {
            map.toString(),
            connection.toString(),
            ADMITTED_1.toString(),
            map.translations().toString()
        }) {
            for (String secret : new String[] {"ch-1", "10.1.2.3", "19000", "9000", "coordinator", "pw"}) {
                assertFalse(text.contains(secret), text);
            }
        }
    }

    @Test
    void theSixArgumentConnectionHasNoTranslation() {
        ClusterConnection plain = new ClusterConnection("h", 8123, 9000, false, "u", Secret.empty());
        assertEquals(MemberEndpoints.none(), plain.memberEndpoints());
        assertThrows(
                NullPointerException.class,
                () -> new ClusterConnection("h", 8123, 9000, false, "u", Secret.empty(), null));
    }
}
