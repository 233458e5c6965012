package io.dpone.testkit.clickhouse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.cluster.RemoteServersLayout;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalInt;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;

class NodeConfigRendererTest {

    private static final List<ReplicaAddress> REPLICAS =
            List.of(new ReplicaAddress("127.0.0.1", 9101), new ReplicaAddress("127.0.0.1", 9102));

    private final NodeConfigRenderer renderer = new NodeConfigRenderer();

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void rendersOneShardWithTheChosenReplicationModeAndPerMemberMacros(boolean internal) throws Exception {
        Document xml = parse(renderer.render(config(1, internal, OptionalInt.empty(), "/tmp/a&b")));

        assertEquals(Boolean.toString(internal), text(xml, "/clickhouse/remote_servers/c1/shard/internal_replication"));
        assertEquals("1", text(xml, "count(/clickhouse/remote_servers/c1/shard)"));
        assertEquals(
                "9101,9102",
                text(
                        xml,
                        "concat(/clickhouse/remote_servers/c1/shard/replica[1]/port, ',',"
                                + " /clickhouse/remote_servers/c1/shard/replica[2]/port)"));
        assertEquals("r2", text(xml, "/clickhouse/macros/replica"));
        assertEquals("01", text(xml, "/clickhouse/macros/shard"));
        assertEquals("9102", text(xml, "/clickhouse/tcp_port"));
        assertEquals("8102", text(xml, "/clickhouse/http_port"));
        assertEquals("127.0.0.1", text(xml, "/clickhouse/listen_host"));
        assertEquals("/dpone_keeper_map", text(xml, "/clickhouse/keeper_map_path_prefix"));
        assertEquals("2181", text(xml, "/clickhouse/zookeeper/node/port"));
        assertEquals("/tmp/a&b/", text(xml, "/clickhouse/path"), "values are XML-escaped, not injected");
        assertEquals("", text(xml, "/clickhouse/interserver_http_port"));
    }

    @Test
    void rendersTheServerTimeZoneOnlyWhenOneIsNamed() throws Exception {
        NodeConfig config = config(0, false, OptionalInt.empty(), "/d");
        assertEquals("", text(parse(renderer.render(config)), "/clickhouse/timezone"));
        assertEquals(
                "Europe/Berlin",
                text(
                        parse(renderer.render(config.withTimeZone(java.util.Optional.of("Europe/Berlin")))),
                        "/clickhouse/timezone"));
    }

    @Test
    void interserverListenerOnlyWhereReplicationCanRun() throws Exception {
        Document xml = parse(renderer.render(config(0, true, OptionalInt.of(9009), "/var/lib/clickhouse")));
        assertEquals("9009", text(xml, "/clickhouse/interserver_http_port"));
        assertEquals("127.0.0.1", text(xml, "/clickhouse/interserver_http_host"));
    }

    @ParameterizedTest
    @CsvSource({
        "ONE_SHARD, 1, '9101,9102', false",
        "SHARD_PER_MEMBER, 2, '9101,9102', false",
        "FIRST_MEMBER_ONLY, 1, '9101', false",
        "FIRST_MEMBER_TWICE, 1, '9101,9102,9101', false",
        "ONE_SHARD, 1, '9101,9102', true"
    })
    void rendersEveryRemoteServersLayout(RemoteServersLayout layout, int shards, String ports, boolean internal)
            throws Exception {
        NodeConfig config = new NodeConfig(
                "c1",
                internal,
                0,
                REPLICAS,
                "127.0.0.1",
                8101,
                9101,
                "/d",
                "/l",
                "/u",
                new ReplicaAddress("127.0.0.1", 2181),
                "/p",
                OptionalInt.empty(),
                layout);
        Document xml = parse(renderer.render(config));
        assertEquals(Integer.toString(shards), text(xml, "count(/clickhouse/remote_servers/c1/shard)"));
        assertEquals(
                Integer.toString(shards), text(xml, "count(/clickhouse/remote_servers/c1/shard/internal_replication)"));
        assertEquals(
                Boolean.toString(internal),
                text(xml, "/clickhouse/remote_servers/c1/shard[last()]/internal_replication"));
        StringBuilder listed = new StringBuilder();
        for (String port : List.of("1", "2", "3")) {
            String value = text(xml, "(/clickhouse/remote_servers/c1/shard/replica/port)[" + port + "]");
            if (!value.isEmpty()) {
                listed.append(listed.length() == 0 ? "" : ",").append(value);
            }
        }
        assertEquals(ports, listed.toString());
    }

    @Test
    void embeddedNodesGetTheirOwnKeeperSessionsPathAndNoSqlAccessStorage() throws Exception {
        Document xml = parse(renderer.render(config(1, true, OptionalInt.empty(), "/d")));
        assertEquals("/clickhouse/sessions/r2", text(xml, "/clickhouse/zookeeper/sessions_path"));
        assertEquals("0", text(xml, "count(/clickhouse/user_directories/local_directory)"));
        assertEquals("0", text(xml, "/clickhouse/logger/console"));
        assertEquals("/users.xml", text(xml, "/clickhouse/user_directories/users_xml/path"));
    }

    @Test
    void serversGetConsoleLogsAnSqlAccessStorageAndNoUnknownKeeperKey() throws Exception {
        NodeConfig server = new NodeConfig(
                "c1",
                true,
                0,
                REPLICAS,
                "0.0.0.0",
                8123,
                9101,
                "/var/lib/clickhouse",
                "/var/log/clickhouse-server",
                "/etc/clickhouse-server/users.xml",
                new ReplicaAddress("keeper", 9181),
                "/dpone_keeper_map",
                OptionalInt.of(9009),
                RemoteServersLayout.ONE_SHARD,
                ServerKind.SERVER);
        Document xml = parse(renderer.render(server));
        assertEquals("0", text(xml, "count(/clickhouse/zookeeper/sessions_path)"), "24.8 is not known to accept it");
        assertEquals(
                "node,session_timeout_ms,operation_timeout_ms",
                text(
                        xml,
                        "concat(name(/clickhouse/zookeeper/*[1]),"
                                + " ',', name(/clickhouse/zookeeper/*[2]), ',', name(/clickhouse/zookeeper/*[3]))"));
        assertEquals("3", text(xml, "count(/clickhouse/zookeeper/*)"));
        assertEquals("/var/lib/clickhouse/access/", text(xml, "/clickhouse/user_directories/local_directory/path"));
        assertEquals("1", text(xml, "/clickhouse/logger/console"), "a container that fails to start explains itself");
        assertEquals("/clickhouse/task_queue/ddl", text(xml, "/clickhouse/distributed_ddl/path"));
        assertEquals("9009", text(xml, "/clickhouse/interserver_http_port"));
        assertEquals(
                "1",
                text(xml, "/clickhouse/disable_internal_dns_cache"),
                "a restarted container may come back on a new address that a cached resolution misses");
    }

    @Test
    void embeddedNodesKeepTheInternalDnsCache() throws Exception {
        Document xml = parse(renderer.render(config(0, true, OptionalInt.empty(), "/d")));
        assertEquals("0", text(xml, "count(/clickhouse/disable_internal_dns_cache)"), "loopback listeners never move");
    }

    @Test
    void serversListEveryMemberAloneInItsOwnClusterAndEmbeddedNodesDoNot() throws Exception {
        NodeConfig server = new NodeConfig(
                "c1",
                true,
                1,
                REPLICAS,
                "0.0.0.0",
                8123,
                9102,
                "/var/lib/clickhouse",
                "/var/log/clickhouse-server",
                "/etc/clickhouse-server/users.xml",
                new ReplicaAddress("keeper", 9181),
                "/dpone_keeper_map",
                OptionalInt.of(9009),
                RemoteServersLayout.ONE_SHARD,
                ServerKind.SERVER);
        Document xml = parse(renderer.render(server));
        assertEquals("c1_solo_r2", NodeConfigRenderer.soloCluster("c1", 1));
        assertEquals(
                "3", text(xml, "count(/clickhouse/remote_servers/*)"), "the cluster and one solo cluster per member");
        assertEquals("1", text(xml, "count(/clickhouse/remote_servers/c1_solo_r2/shard/replica)"));
        assertEquals("9102", text(xml, "/clickhouse/remote_servers/c1_solo_r2/shard/replica/port"));
        assertEquals("9101", text(xml, "/clickhouse/remote_servers/c1_solo_r1/shard/replica/port"));
        assertEquals(
                "2",
                text(xml, "count(/clickhouse/remote_servers/c1/shard/replica)"),
                "the cluster itself is unchanged");
        Document embedded = parse(renderer.render(config(0, true, OptionalInt.empty(), "/d")));
        assertEquals("1", text(embedded, "count(/clickhouse/remote_servers/*)"));
    }

    @ParameterizedTest
    @EnumSource(ServerKind.class)
    void everyKindRequiresTableEngineGrants(ServerKind kind) throws Exception {
        NodeConfig config = new NodeConfig(
                "c1",
                true,
                0,
                REPLICAS,
                "127.0.0.1",
                8101,
                9101,
                "/d",
                "/l",
                "/u",
                new ReplicaAddress("127.0.0.1", 2181),
                "/p",
                OptionalInt.empty(),
                RemoteServersLayout.ONE_SHARD,
                kind);
        Document xml = parse(renderer.render(config));
        assertEquals(
                "true",
                text(xml, "/clickhouse/access_control_improvements/table_engines_require_grant"),
                "24.8 defaults to false: every engine would be allowed without a grant");
        assertFalse(renderer.render(config).contains("{{"));
    }

    @Test
    void listsEveryEnsemblePeerInOrderWithTheGivenClientTimeouts() throws Exception {
        KeeperClientConfig ensemble = new KeeperClientConfig(
                List.of(
                        new ReplicaAddress("127.0.0.1", 2181),
                        new ReplicaAddress("127.0.0.1", 2182),
                        new ReplicaAddress("127.0.0.1", 2183)),
                4000,
                2400);
        NodeConfig config = new NodeConfig(
                "c1",
                true,
                0,
                REPLICAS,
                "127.0.0.1",
                8101,
                9101,
                "/d",
                "/l",
                "/u",
                ensemble,
                "/p",
                OptionalInt.empty(),
                RemoteServersLayout.ONE_SHARD);
        Document xml = parse(renderer.render(config));
        assertEquals("3", text(xml, "count(/clickhouse/zookeeper/node)"));
        assertEquals(
                "2181,2182,2183",
                text(
                        xml,
                        "concat(/clickhouse/zookeeper/node[@index='1']/port, ',',"
                                + " /clickhouse/zookeeper/node[@index='2']/port, ',', /clickhouse/zookeeper/node[@index='3']/port)"));
        assertEquals("4000", text(xml, "/clickhouse/zookeeper/session_timeout_ms"));
        assertEquals("2400", text(xml, "/clickhouse/zookeeper/operation_timeout_ms"));
        assertEquals("/clickhouse/sessions/r1", text(xml, "/clickhouse/zookeeper/sessions_path"));
    }

    @Test
    void oneServerKeepsTheSingleServerTimeouts() throws Exception {
        Document xml = parse(renderer.render(config(0, true, OptionalInt.empty(), "/d")));
        assertEquals("1", text(xml, "count(/clickhouse/zookeeper/node)"));
        assertEquals("10000", text(xml, "/clickhouse/zookeeper/session_timeout_ms"));
        assertEquals("5000", text(xml, "/clickhouse/zookeeper/operation_timeout_ms"));
        assertThrows(IllegalArgumentException.class, () -> new KeeperClientConfig(List.of(), 1, 1));
    }

    @Test
    void rejectsInconsistentMembers() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new NodeConfig(
                        "c1",
                        true,
                        2,
                        REPLICAS,
                        "127.0.0.1",
                        8101,
                        9101,
                        "/d",
                        "/l",
                        "/u",
                        new ReplicaAddress("127.0.0.1", 2181),
                        "/p",
                        OptionalInt.empty()));
        assertThrows(
                IllegalArgumentException.class,
                () -> new NodeConfig(
                        "c1",
                        true,
                        0,
                        REPLICAS,
                        "127.0.0.1",
                        8101,
                        9999,
                        "/d",
                        "/l",
                        "/u",
                        new ReplicaAddress("127.0.0.1", 2181),
                        "/p",
                        OptionalInt.empty()));
    }

    @Test
    void renderedConfigHasNoPlaceholderLeft() {
        String rendered = renderer.render(config(0, false, OptionalInt.empty(), "/d"));
        assertFalse(rendered.contains("{{"));
        assertTrue(rendered.contains("<c1>"));
    }

    private static NodeConfig config(int self, boolean internal, OptionalInt interserver, String dataDir) {
        return new NodeConfig(
                "c1",
                internal,
                self,
                REPLICAS,
                "127.0.0.1",
                8101 + self,
                REPLICAS.get(self).port(),
                dataDir,
                "/logs",
                "/users.xml",
                new ReplicaAddress("127.0.0.1", 2181),
                "/dpone_keeper_map",
                interserver);
    }

    static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    static String text(Document xml, String path) throws Exception {
        return XPathFactory.newInstance().newXPath().evaluate(path, xml);
    }
}
