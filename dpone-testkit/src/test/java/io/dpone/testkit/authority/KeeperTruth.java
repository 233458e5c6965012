package io.dpone.testkit.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.testkit.clickhouse.local.LocalProcessCluster;
import io.dpone.testkit.clickhouse.local.ZooKeeperEnsemble;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * A control-table slot as the ensemble's leader committed it, read outside ClickHouse in a fresh
 * synced ZooKeeper session ({@link ZooKeeperEnsemble#syncedRead}): the version is the znode's,
 * which KeeperMap reports as {@code _version}. No member session, lagging follower or lost
 * answer can make this read stale.
 */
final class KeeperTruth {

    /** The slot's znode: its version, and its value with one char per byte for searching ASCII in it. */
    record Node(int version, String latin1Value) {
        boolean holds(String text) {
            return latin1Value.contains(text);
        }
    }

    private final ZooKeeperEnsemble ensemble;
    private final String dataPath;
    private final Map<String, String> nodeNames = new HashMap<>();

    KeeperTruth(ZooKeeperEnsemble ensemble, ControlTable table) {
        this.ensemble = requireNonNull(ensemble, "ensemble is null");
        this.dataPath =
                LocalProcessCluster.KEEPER_MAP_PATH_PREFIX + table.spec().keeperRoot() + "/data";
    }

    Optional<Node> read(Digest targetKey) {
        String key = targetKey.hex();
        Optional<Node> node = readNode(nodeNames.computeIfAbsent(key, KeeperTruth::encodedName));
        if (node.isPresent()) {
            return node;
        }
        Optional<String> listed = listedName(key);
        return listed.isPresent() ? readNode(listed.get()) : Optional.empty();
    }

    private Optional<Node> readNode(String name) {
        String path = dataPath + "/" + name;
        return ensemble.syncedRead(session -> {
            Stat stat = new Stat();
            try {
                byte[] value = session.getData(path, false, stat);
                return Optional.of(new Node(stat.getVersion(), new String(value, StandardCharsets.ISO_8859_1)));
            } catch (KeeperException.NoNodeException absent) {
                return Optional.<Node>empty();
            }
        });
    }

    /** KeeperMap names a key's znode by the base64url of the serialized key: a VarUInt length, then the bytes. */
    private static String encodedName(String key) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 127) {
            throw new IllegalArgumentException("keys here fit a one-byte length");
        }
        byte[] serialized = new byte[bytes.length + 1];
        serialized[0] = (byte) bytes.length;
        System.arraycopy(bytes, 0, serialized, 1, bytes.length);
        return Base64.getUrlEncoder().encodeToString(serialized);
    }

    /** The slot's znode found by decoding every child's name, should the encoding above ever differ. */
    private Optional<String> listedName(String key) {
        for (String child : ensemble.children(dataPath)) {
            byte[] serialized;
            try {
                serialized = Base64.getUrlDecoder().decode(child);
            } catch (IllegalArgumentException notBase64) {
                continue;
            }
            if (serialized.length > 1
                    && serialized[0] == serialized.length - 1
                    && key.equals(new String(serialized, 1, serialized.length - 1, StandardCharsets.UTF_8))) {
                nodeNames.put(key, child);
                return Optional.of(child);
            }
        }
        return Optional.empty();
    }
}
