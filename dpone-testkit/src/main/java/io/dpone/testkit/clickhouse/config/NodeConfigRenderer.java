package io.dpone.testkit.clickhouse.config;

import static io.dpone.testkit.clickhouse.config.FixtureTemplate.xml;

import java.util.HashMap;
import java.util.Map;

/** Renders {@code fixtures/clickhouse/node.xml} for one member. Pure; thread-safe. */
public final class NodeConfigRenderer {

    private final FixtureTemplate template = FixtureTemplate.load("node.xml");

    public String render(NodeConfig config) {
        Map<String, String> values = new HashMap<>();
        values.put("log_dir", xml(config.logDir()));
        values.put("data_dir", xml(config.dataDir()));
        values.put("listen_host", xml(config.listenHost()));
        values.put("http_port", Integer.toString(config.httpPort()));
        values.put("tcp_port", Integer.toString(config.tcpPort()));
        values.put("interserver", config.interserverPort().isPresent()
                ? interserver(config.interserverPort().getAsInt(), config.replicas().get(config.selfIndex()).host())
                : "");
        values.put("users_xml", xml(config.usersXml()));
        values.put("zookeeper_host", xml(config.zooKeeper().host()));
        values.put("zookeeper_port", Integer.toString(config.zooKeeper().port()));
        values.put("keeper_map_path_prefix", xml(config.keeperMapPathPrefix()));
        values.put("cluster", config.clusterName());
        values.put("internal_replication", Boolean.toString(config.internalReplication()));
        values.put("replicas", replicas(config));
        values.put("replica", xml(config.replicaName()));
        return template.render(values);
    }

    private static String interserver(int port, String host) {
        return "    <interserver_http_port>" + port + "</interserver_http_port>\n"
                + "    <interserver_http_host>" + xml(host) + "</interserver_http_host>\n";
    }

    private static String replicas(NodeConfig config) {
        StringBuilder out = new StringBuilder();
        for (ReplicaAddress replica : config.replicas()) {
            out.append("                <replica><host>").append(xml(replica.host()))
                    .append("</host><port>").append(replica.port()).append("</port></replica>\n");
        }
        return out.toString();
    }
}
