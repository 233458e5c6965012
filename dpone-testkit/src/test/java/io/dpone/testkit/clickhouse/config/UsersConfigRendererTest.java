package io.dpone.testkit.clickhouse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.PublisherGrants;
import io.dpone.testkit.cluster.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class UsersConfigRendererTest {

    private static final Credentials ADMIN = new Credentials("dpone_admin", "admin-secret-1");
    private static final Credentials PUBLISHER = new Credentials("dpone_publisher", "publisher-secret-2");

    private final UsersConfigRenderer renderer = new UsersConfigRenderer();

    @Test
    void writesOnlyPasswordDigests() throws Exception {
        String rendered = renderer.render(List.of("127.0.0.1"), ADMIN, PUBLISHER);
        assertFalse(rendered.contains(ADMIN.password()));
        assertFalse(rendered.contains(PUBLISHER.password()));
        Document xml = NodeConfigRendererTest.parse(rendered);
        assertEquals(
                UsersConfigRenderer.sha256(PUBLISHER.password()),
                NodeConfigRendererTest.text(xml, "/clickhouse/users/dpone_publisher/password_sha256_hex"));
        assertEquals(64, UsersConfigRenderer.sha256("x").length());
    }

    @Test
    void defaultStaysPasswordlessOnTheGivenNetworksOnly() throws Exception {
        Document xml = NodeConfigRendererTest.parse(renderer.render(List.of("127.0.0.1", "::1"), ADMIN, PUBLISHER));
        assertEquals("", NodeConfigRendererTest.text(xml, "/clickhouse/users/default/password"));
        assertEquals("2", NodeConfigRendererTest.text(xml, "count(/clickhouse/users/default/networks/ip)"));
        assertEquals("1", NodeConfigRendererTest.text(xml, "/clickhouse/users/dpone_admin/access_management"));
    }

    @Test
    void publisherHoldsExactlyTheDocumentedGrants() throws Exception {
        Document xml = NodeConfigRendererTest.parse(renderer.render(List.of("127.0.0.1"), ADMIN, PUBLISHER));
        String grants = NodeConfigRendererTest.text(xml, "/clickhouse/users/dpone_publisher/grants");
        assertTrue(grants.contains("GRANT SELECT ON system.*"));
        assertTrue(grants.contains(
                "GRANT SELECT, INSERT, ALTER UPDATE, CREATE TABLE ON " + TestDatabase.CONTROL_PREFIX + "*.*"));
        assertTrue(grants.contains(
                "GRANT SELECT, INSERT, CREATE TABLE, DROP TABLE ON " + TestDatabase.TARGET_PREFIX + "*.*"));
        assertTrue(grants.contains("GRANT CLUSTER ON *.*"));
        assertTrue(grants.contains("GRANT REMOTE ON *.*"), "clusterAllReplicas catalog reads");
        assertEquals("8", NodeConfigRendererTest.text(xml, "count(/clickhouse/users/dpone_publisher/grants/query)"));
        assertEquals(
                "0", NodeConfigRendererTest.text(xml, "count(/clickhouse/users/dpone_publisher/access_management)"));
    }

    @Test
    void theDockerFileDefinesNoPublisherButTheSameDefaultAndAdmin() throws Exception {
        String rendered = renderer.renderWithoutPublisher(List.of("127.0.0.1", "10.0.0.0/8"), ADMIN);
        Document xml = NodeConfigRendererTest.parse(rendered);
        assertEquals(
                "0",
                NodeConfigRendererTest.text(xml, "count(/clickhouse/users/dpone_publisher)"),
                "an SQL user of the same name would collide with a users.xml one");
        assertEquals("2", NodeConfigRendererTest.text(xml, "count(/clickhouse/users/*)"));
        assertEquals("1", NodeConfigRendererTest.text(xml, "/clickhouse/users/dpone_admin/access_management"));
        assertEquals("2", NodeConfigRendererTest.text(xml, "count(/clickhouse/users/default/networks/ip)"));
        assertFalse(rendered.contains(ADMIN.password()));
    }

    @Test
    void usersXmlGrantsAreThePublisherGrantsWithPrefixWildcards() throws Exception {
        Document xml = NodeConfigRendererTest.parse(renderer.render(List.of("127.0.0.1"), ADMIN, PUBLISHER));
        List<String> rendered = new ArrayList<>();
        int count = Integer.parseInt(
                NodeConfigRendererTest.text(xml, "count(/clickhouse/users/dpone_publisher/grants/query)"));
        for (int i = 1; i <= count; i++) {
            rendered.add(NodeConfigRendererTest.text(xml, "/clickhouse/users/dpone_publisher/grants/query[" + i + "]"));
        }
        assertEquals(
                PublisherGrants.withPrefixWildcards().stream()
                        .map(grant -> "GRANT " + grant)
                        .toList(),
                rendered);
    }

    @Test
    void rejectsUnsafeUserNames() {
        assertThrows(
                IllegalArgumentException.class,
                () -> renderer.render(List.of(), new Credentials("default", "x"), PUBLISHER));
        assertThrows(
                IllegalArgumentException.class, () -> renderer.render(List.of(), ADMIN, new Credentials("a><b", "x")));
    }

    @Test
    void credentialsNeverPrintTheirPassword() {
        assertFalse(PUBLISHER.toString().contains(PUBLISHER.password()));
    }
}
