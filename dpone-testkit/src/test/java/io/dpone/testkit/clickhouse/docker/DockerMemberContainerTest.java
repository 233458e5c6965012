package io.dpone.testkit.clickhouse.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.cluster.Credentials;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * What a member container is given, read from the container definition without starting it (pure;
 * no Docker engine): the 24.8.13+ entrypoint is told to leave users alone, so the rendered
 * {@code users.xml}, which lets {@code default} in from the container network, alone decides.
 */
class DockerMemberContainerTest {

    @Test
    void theEntrypointLeavesUsersAloneAndDefaultComesInFromTheContainerNetwork() throws Exception {
        try (Network network = Network.newNetwork()) {
            GenericContainer<?> member =
                    DockerCluster.memberContainer(network, "ch1", "<clickhouse/>", "<clickhouse/>");
            assertEquals(
                    "1",
                    member.getEnvMap().get("CLICKHOUSE_SKIP_USER_SETUP"),
                    "without it the entrypoint writes users.d/default-user.xml limiting default to ::1 and 127.0.0.1");
            assertTrue(member.getNetworkAliases().contains("ch1"), "peers and remote_servers name it ch1");
        }
        Document users = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(DockerCluster.usersXml(new Credentials("dpone_admin", "test-only"))
                        .getBytes(StandardCharsets.UTF_8)));
        NodeList ips = (NodeList) XPathFactory.newInstance()
                .newXPath()
                .evaluate("/clickhouse/users/default/networks/ip", users, XPathConstants.NODESET);
        List<String> networks = new ArrayList<>();
        for (int i = 0; i < ips.getLength(); i++) {
            networks.add(ips.item(i).getTextContent());
        }
        assertEquals(List.of("127.0.0.1", "::1", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"), networks);
        assertTrue(XPathFactory.newInstance()
                .newXPath()
                .evaluate("/clickhouse/users/default/password", users)
                .isEmpty());
    }
}
