package io.dpone.testkit.simulator.world;

/** What one host wrote to {@code finished/<host>}: {@code code\nmessage}, 0 and empty on success; {@code index}: its {@link KeeperLog} index. */
record HostResult(int code, String message, long finishedAt, long index) {}
