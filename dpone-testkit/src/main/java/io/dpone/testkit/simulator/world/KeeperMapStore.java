package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The Keeper data of one KeeperMap root, shared by every table of any member that names the root
 * ({@code StorageKeeperMap.cpp}, semantics note section 5): one node per key whose Keeper
 * {@code stat.version} is the {@code _version} column, 0 on create and +1 per set.
 */
public final class KeeperMapStore {
    private record Node(ControlRow row, long version) {
    }

    private final String path;
    private final Map<String, Node> nodes = new LinkedHashMap<>();

    KeeperMapStore(String path) {
        this.path = path;
    }

    /** Strict insert: every key becomes a create in one multi; an existing key fails it as a whole. */
    public boolean createStrict(ControlRow row) {
        if (nodes.containsKey(row.targetKey())) {
            return false;
        }
        nodes.put(row.targetKey(), new Node(row, 0));
        return true;
    }

    /**
     * The strict versioned {@code ALTER ... UPDATE}: rows matching the full predicate become sets in
     * one multi; a predicate matching nothing leaves an empty multi that succeeds (the stale no-op).
     *
     * @return true when the row was changed
     */
    public boolean compareAndSwap(CasExpectation expected, ControlRow next) {
        Node node = nodes.get(expected.targetKey());
        if (node == null || node.version != expected.keeperVersion()
                || !node.row.operationId().equals(expected.operationId())
                || !node.row.fenceToken().equals(expected.fenceToken())
                || !node.row.phase().equals(expected.phase())) {
            return false;
        }
        nodes.put(expected.targetKey(), new Node(next, node.version + 1));
        return true;
    }

    /** Writes a row as an outside writer would (non-strict insert or unversioned update). */
    public void put(ControlRow row) {
        Node node = nodes.get(row.targetKey());
        nodes.put(row.targetKey(), new Node(row, node == null ? 0 : node.version + 1));
    }

    public Optional<VersionedRow> read(String key) {
        Node node = nodes.get(key);
        if (node == null) {
            return Optional.empty();
        }
        ControlRow row = node.row;
        return Optional.of(new VersionedRow(new AuthorityRow(row.targetKey(), row.operationId(), row.fenceToken(), row.phase(),
                BigInteger.valueOf(row.dispatchEpoch()), row.payload(), row.payloadSha256()), node.version));
    }

    /** Every key with its row, in creation order. */
    public Map<String, VersionedRow> snapshot() {
        Map<String, VersionedRow> out = new LinkedHashMap<>();
        nodes.keySet().forEach(key -> out.put(key, read(key).orElseThrow()));
        return out;
    }

    public String nodePath(String key) {
        return path + "/data/" + key;
    }
}
