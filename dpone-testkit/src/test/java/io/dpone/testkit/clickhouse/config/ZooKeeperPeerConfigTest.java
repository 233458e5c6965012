package io.dpone.testkit.clickhouse.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ZooKeeperPeerConfigTest {

    private static final List<ZooKeeperPeerConfig.Ports> PEERS = List.of(
            new ZooKeeperPeerConfig.Ports(2181, 2888, 3888),
            new ZooKeeperPeerConfig.Ports(2182, 2889, 3889),
            new ZooKeeperPeerConfig.Ports(2183, 2890, 3890));

    @Test
    void rendersOnePeerOfALoopbackEnsembleWithOnlySrvrAllowed() throws IOException {
        Properties cfg = load(new ZooKeeperPeerConfig(2, "/tmp/zk-2/data", "127.0.0.1", PEERS, 200).render());

        assertEquals("2182", cfg.getProperty("clientPort"), "peer 2 serves clients on its own port");
        assertEquals("127.0.0.1", cfg.getProperty("clientPortAddress"));
        assertEquals("/tmp/zk-2/data", cfg.getProperty("dataDir"));
        assertEquals("200", cfg.getProperty("tickTime"));
        assertEquals("50", cfg.getProperty("initLimit"));
        assertEquals("20", cfg.getProperty("syncLimit"));
        assertEquals("127.0.0.1:2888:3888", cfg.getProperty("server.1"));
        assertEquals("127.0.0.1:2889:3889", cfg.getProperty("server.2"));
        assertEquals("127.0.0.1:2890:3890", cfg.getProperty("server.3"));
        assertEquals("srvr", cfg.getProperty("4lw.commands.whitelist"));
        assertEquals("false", cfg.getProperty("admin.enableServer"), "no admin port beyond the allocated ones");
        assertEquals("no", cfg.getProperty("forceSync"));
    }

    @Test
    void rejectsAPeerOutsideTheEnsembleAndAnAbsurdTick() {
        assertThrows(IllegalArgumentException.class, () -> new ZooKeeperPeerConfig(4, "/d", "127.0.0.1", PEERS, 200));
        assertThrows(IllegalArgumentException.class, () -> new ZooKeeperPeerConfig(0, "/d", "127.0.0.1", PEERS, 200));
        assertThrows(IllegalArgumentException.class, () -> new ZooKeeperPeerConfig(1, "/d", "127.0.0.1", PEERS, 5));
        assertThrows(IllegalArgumentException.class, () -> new ZooKeeperPeerConfig.Ports(0, 1, 2));
    }

    private static Properties load(String text) throws IOException {
        Properties properties = new Properties();
        properties.load(new StringReader(text));
        return properties;
    }
}
