package io.dpone.testkit.simulator.world;

/**
 * The order in which the Keeper leader committed KeeperMap writes (a zxid, simplified): every
 * committed create or set takes the next index. A member's Keeper session remembers the highest
 * index it has seen ({@link SimMember#keeperSeen}); a follower that lags may serve that session
 * nothing newer, never anything older (ZooKeeper's per-session order).
 */
public final class KeeperLog {
    private long latest;

    /** The index of the next committed write. */
    long commit() {
        return ++latest;
    }

    /** The last committed index: what the leader (or a synchronised follower) serves. */
    public long latest() {
        return latest;
    }
}
