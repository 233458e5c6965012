package io.dpone.testkit.clickhouse.config;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The {@code zoo.cfg} of one peer of a local Apache ZooKeeper 3.9 ensemble, all peers on one
 * loopback host. Timeouts are counted in ticks of {@code tickMs}: a follower must sync with a new
 * leader within {@value #INIT_LIMIT_TICKS} ticks and answer it within {@value #SYNC_LIMIT_TICKS};
 * sessions may last 2 to 20 ticks. Short ticks make an election after a killed leader take about
 * a second. The limits only bound waits, so they are generous: with 20 ticks a starved follower
 * (measured at load 25 on two cores) gave up connecting to a new leader that was still setting up,
 * and the election ran again. Pure; thread-safe.
 *
 * @param myId this peer's {@code myid}, 1-based position in {@code peers}
 * @param dataDir snapshot and transaction log directory (host path)
 * @param host the loopback address every peer listens on
 * @param peers every peer's ports, in id order
 * @param tickMs ZooKeeper's {@code tickTime}
 */
public record ZooKeeperPeerConfig(int myId, String dataDir, String host, List<Ports> peers, int tickMs) {

    static final int INIT_LIMIT_TICKS = 50;
    static final int SYNC_LIMIT_TICKS = 20;

    /** One peer's listeners: clients, followers to the leader, and leader election. */
    public record Ports(int client, int quorum, int election) {
        public Ports {
            for (int port : new int[] {client, quorum, election}) {
                if (port < 1 || port > 65535) {
                    throw new IllegalArgumentException("port out of range");
                }
            }
        }
    }

    public ZooKeeperPeerConfig {
        requireNonNull(dataDir, "dataDir is null");
        requireNonNull(host, "host is null");
        peers = List.copyOf(requireNonNull(peers, "peers is null"));
        if (myId < 1 || myId > peers.size()) {
            throw new IllegalArgumentException("myId outside peers");
        }
        if (tickMs < 10) {
            throw new IllegalArgumentException("tickMs below 10 ms");
        }
    }

    public int clientPort() {
        return peers.get(myId - 1).client();
    }

    /**
     * The file's text. Only {@code srvr} is allowed as a four-letter word (the harness asks each
     * peer whether it leads); the admin server is off, so no further port opens. Keys ZooKeeper
     * does not know become {@code zookeeper.*} system properties: {@code forceSync=no} skips
     * fsync, which only protects against a machine crash, never against a killed process, and
     * {@code snapshot.trust.empty=true} lets a peer killed before its first snapshot restart from
     * its transaction log alone (the leader then syncs it).
     */
    public String render() {
        StringBuilder out = new StringBuilder()
                .append("tickTime=")
                .append(tickMs)
                .append('\n')
                .append("initLimit=")
                .append(INIT_LIMIT_TICKS)
                .append('\n')
                .append("syncLimit=")
                .append(SYNC_LIMIT_TICKS)
                .append('\n')
                .append("dataDir=")
                .append(dataDir)
                .append('\n')
                .append("clientPort=")
                .append(clientPort())
                .append('\n')
                .append("clientPortAddress=")
                .append(host)
                .append('\n')
                .append("maxClientCnxns=200\n")
                .append("admin.enableServer=false\n")
                .append("4lw.commands.whitelist=srvr\n")
                .append("forceSync=no\n")
                .append("snapshot.trust.empty=true\n");
        for (int id = 1; id <= peers.size(); id++) {
            Ports ports = peers.get(id - 1);
            out.append("server.")
                    .append(id)
                    .append('=')
                    .append(host)
                    .append(':')
                    .append(ports.quorum())
                    .append(':')
                    .append(ports.election())
                    .append('\n');
        }
        return out.toString();
    }
}
