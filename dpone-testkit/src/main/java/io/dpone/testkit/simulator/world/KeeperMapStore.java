package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Keeper data of one KeeperMap root, shared by every table of any member that names the root
 * ({@code StorageKeeperMap.cpp}, semantics note section 5): one node per key whose Keeper
 * {@code stat.version} is the {@code _version} column, 0 on create and +1 per set. Every node keeps
 * its history by {@link KeeperLog} index, so a read can be served as a lagging follower would
 * serve it ({@link #readAt}).
 */
public final class KeeperMapStore {
    private record Node(ControlRow row, long version, long index) {}

    private final String path;
    private final KeeperLog log;
    private final Map<String, List<Node>> nodes = new LinkedHashMap<>();

    KeeperMapStore(String path, KeeperLog log) {
        this.path = path;
        this.log = log;
    }

    /** Strict insert: every key becomes a create in one multi; an existing key fails it as a whole. */
    public boolean createStrict(ControlRow row) {
        if (current(row.targetKey()) != null) {
            return false;
        }
        commit(row, 0);
        return true;
    }

    /**
     * Whether the strict versioned {@code ALTER ... UPDATE} matches the row as {@code view} shows it:
     * the rows its read finds become the sets of its multi; none leaves an empty multi that succeeds
     * (the stale no-op). Returns the matched {@code _version}, or -1.
     */
    public long matches(CasExpectation expected, long view) {
        Node node = at(expected.targetKey(), view);
        if (node == null
                || node.version != expected.keeperVersion()
                || !node.row.operationId().equals(expected.operationId())
                || !node.row.fenceToken().equals(expected.fenceToken())
                || !node.row.phase().equals(expected.phase())) {
            return -1;
        }
        return node.version;
    }

    /**
     * The versioned set of the strict update's multi, checked by the leader: it applies only while
     * the node is still at {@code version}, else the multi fails with "Bad version" and changes nothing.
     */
    public boolean setIfVersion(String key, long version, ControlRow next) {
        Node node = current(key);
        if (node == null || node.version != version) {
            return false;
        }
        commit(next, node.version + 1);
        return true;
    }

    /** The strict update read and applied at once, as the leader sees it (no window, no lag). */
    public boolean compareAndSwap(CasExpectation expected, ControlRow next) {
        long version = matches(expected, log.latest());
        return version >= 0 && setIfVersion(expected.targetKey(), version, next);
    }

    /** Writes a row as an outside writer would (non-strict insert or unversioned update). */
    public void put(ControlRow row) {
        Node node = current(row.targetKey());
        commit(row, node == null ? 0 : node.version + 1);
    }

    public Optional<VersionedRow> read(String key) {
        return readAt(key, log.latest());
    }

    /** The row as a follower that applied the log up to {@code index} serves it. */
    public Optional<VersionedRow> readAt(String key, long index) {
        Node node = at(key, index);
        if (node == null) {
            return Optional.empty();
        }
        ControlRow row = node.row;
        return Optional.of(new VersionedRow(
                new AuthorityRow(
                        row.targetKey(),
                        row.operationId(),
                        row.fenceToken(),
                        row.phase(),
                        BigInteger.valueOf(row.dispatchEpoch()),
                        row.payload(),
                        row.payloadSha256()),
                node.version));
    }

    /** Every key with its current row, in creation order. */
    public Map<String, VersionedRow> snapshot() {
        Map<String, VersionedRow> out = new LinkedHashMap<>();
        nodes.keySet().forEach(key -> out.put(key, read(key).orElseThrow()));
        return out;
    }

    public String nodePath(String key) {
        return path + "/data/" + key;
    }

    private void commit(ControlRow row, long version) {
        nodes.computeIfAbsent(row.targetKey(), k -> new ArrayList<>(4)).add(new Node(row, version, log.commit()));
    }

    private Node current(String key) {
        return at(key, log.latest());
    }

    private Node at(String key, long index) {
        List<Node> history = nodes.get(key);
        if (history == null) {
            return null;
        }
        for (int i = history.size() - 1; i >= 0; i--) {
            if (history.get(i).index <= index) {
                return history.get(i);
            }
        }
        return null;
    }
}
