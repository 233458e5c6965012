package io.dpone.testkit.clickhouse.config;

import static io.dpone.testkit.clickhouse.config.FixtureTemplate.xml;

import io.dpone.testkit.cluster.RemoteServersLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders {@code fixtures/clickhouse/node.xml} for one member, with the sections that depend on
 * {@link ServerKind}. Pure; thread-safe.
 */
public final class NodeConfigRenderer {

    private final FixtureTemplate template = FixtureTemplate.load("node.xml");

    public String render(NodeConfig config) {
        Map<String, String> values = new HashMap<>();
        values.put("log_dir", xml(config.logDir()));
        values.put("data_dir", xml(config.dataDir()));
        values.put("listen_host", xml(config.listenHost()));
        values.put("http_port", Integer.toString(config.httpPort()));
        values.put("tcp_port", Integer.toString(config.tcpPort()));
        values.put(
                "interserver",
                config.interserverPort().isPresent()
                        ? interserver(
                                config.interserverPort().getAsInt(),
                                config.replicas().get(config.selfIndex()).host())
                        : "");
        values.put("users_xml", xml(config.usersXml()));
        values.put("zookeeper_nodes", keeperNodes(config.keeper()));
        values.put(
                "zookeeper_session_timeout_ms", Integer.toString(config.keeper().sessionTimeoutMs()));
        values.put(
                "zookeeper_operation_timeout_ms",
                Integer.toString(config.keeper().operationTimeoutMs()));
        values.put("keeper_map_path_prefix", xml(config.keeperMapPathPrefix()));
        values.put("cluster", config.clusterName());
        values.put("shards", shards(config));
        values.put("replica", xml(config.replicaName()));
        values.put("log_console", config.serverKind() == ServerKind.SERVER ? "1" : "0");
        values.put("sql_access_storage", sqlAccessStorage(config));
        values.put("keeper_sessions_path", keeperSessionsPath(config));
        values.put("solo_clusters", soloClusters(config));
        values.put(
                "timezone",
                config.timeZone()
                        .map(zone -> "    <timezone>" + xml(zone) + "</timezone>\n")
                        .orElse(""));
        values.put("internal_dns_cache", internalDnsCache(config));
        return template.render(values);
    }

    /**
     * The name of the one-member cluster that lists only member {@code index} of {@code cluster}
     * (rendered for clickhouse-server only): an {@code ON CLUSTER} entry for it runs on that
     * member's DDL worker alone, which executes its queue one entry at a time, in order.
     */
    public static String soloCluster(String cluster, int index) {
        return cluster + "_solo_" + NodeConfig.replicaName(index);
    }

    private static String soloClusters(NodeConfig config) {
        if (config.serverKind() != ServerKind.SERVER) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < config.replicas().size(); i++) {
            ReplicaAddress replica = config.replicas().get(i);
            String name = soloCluster(config.clusterName(), i);
            out.append("        <")
                    .append(name)
                    .append(">\n            <shard>\n")
                    .append("                <internal_replication>true</internal_replication>\n")
                    .append("                <replica><host>")
                    .append(xml(replica.host()))
                    .append("</host><port>")
                    .append(replica.port())
                    .append("</port></replica>\n")
                    .append("            </shard>\n        </")
                    .append(name)
                    .append(">\n");
        }
        return out.toString();
    }

    /**
     * clickhouse-server only: a restarted container may come back on a new address on the Docker
     * network, which a peer's cached resolution of its alias would miss (clusterAllReplicas reads,
     * replication fetches, Keeper reconnects). Embedded nodes all listen on loopback.
     */
    private static String internalDnsCache(NodeConfig config) {
        return config.serverKind() == ServerKind.SERVER
                ? "    <disable_internal_dns_cache>1</disable_internal_dns_cache>\n"
                : "";
    }

    /** clickhouse-server only: clickhouse-local (libchdb) reads no access storage but users.xml. */
    private static String sqlAccessStorage(NodeConfig config) {
        return config.serverKind() == ServerKind.SERVER
                ? "        <local_directory><path>" + xml(config.dataDir()) + "/access/</path></local_directory>\n"
                : "";
    }

    /**
     * Embedded nodes only. Every libchdb node has the nil server UUID, so members sharing the
     * default {@code /clickhouse/sessions/zookeeper/<uuid>} node kill each other's Keeper sessions
     * (999 "Session was killed" on KeeperMap writes after the other member reconnected). A
     * clickhouse-server has its own UUID, and an unknown key in this section fails every Keeper
     * operation, so the key is never rendered for it.
     */
    private static String keeperSessionsPath(NodeConfig config) {
        return config.serverKind() == ServerKind.EMBEDDED
                ? "        <sessions_path>/clickhouse/sessions/" + xml(config.replicaName()) + "</sessions_path>\n"
                : "";
    }

    private static String keeperNodes(KeeperClientConfig keeper) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < keeper.nodes().size(); i++) {
            ReplicaAddress node = keeper.nodes().get(i);
            out.append("        <node index=\"")
                    .append(i + 1)
                    .append("\"><host>")
                    .append(xml(node.host()))
                    .append("</host><port>")
                    .append(node.port())
                    .append("</port></node>\n");
        }
        return out.toString();
    }

    private static String interserver(int port, String host) {
        return "    <interserver_http_port>" + port + "</interserver_http_port>\n" + "    <interserver_http_host>"
                + xml(host) + "</interserver_http_host>\n";
    }

    private static String shards(NodeConfig config) {
        StringBuilder out = new StringBuilder();
        for (List<ReplicaAddress> shard : layout(config.layout(), config.replicas())) {
            out.append("            <shard>\n                <internal_replication>")
                    .append(config.internalReplication())
                    .append("</internal_replication>\n");
            for (ReplicaAddress replica : shard) {
                out.append("                <replica><host>")
                        .append(xml(replica.host()))
                        .append("</host><port>")
                        .append(replica.port())
                        .append("</port></replica>\n");
            }
            out.append("            </shard>\n");
        }
        return out.toString();
    }

    /** The shards {@code layout} lists, each a list of replicas in order. */
    static List<List<ReplicaAddress>> layout(RemoteServersLayout layout, List<ReplicaAddress> replicas) {
        return switch (layout) {
            case ONE_SHARD -> List.of(replicas);
            case SHARD_PER_MEMBER -> replicas.stream().map(List::of).toList();
            case FIRST_MEMBER_ONLY -> List.of(List.of(replicas.get(0)));
            case FIRST_MEMBER_TWICE -> {
                List<ReplicaAddress> twice = new ArrayList<>(replicas);
                twice.add(replicas.get(0));
                yield List.of(twice);
            }
        };
    }
}
