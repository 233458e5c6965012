package io.dpone.testkit.cluster;

/**
 * How {@code <remote_servers>} lists the running members, independently of how many members run.
 * Every layout but {@link #ONE_SHARD} is a deliberately unsupported topology for admission tests;
 * every member still runs with its own {@code {replica}} macro.
 *
 * <p>A real server numbers {@code system.clusters.replica_num} by position inside a shard, so no
 * configuration can produce two rows with the same (shard, replica) numbers; the nearest real
 * fault is {@link #FIRST_MEMBER_TWICE} (one endpoint listed twice).
 */
public enum RemoteServersLayout {
    /** One shard listing every member once: the supported internal-mode topology. */
    ONE_SHARD,
    /** Every member in its own shard: a multi-shard cluster. */
    SHARD_PER_MEMBER,
    /** One shard listing only the first member: a one-replica cluster (the others run unlisted). */
    FIRST_MEMBER_ONLY,
    /** One shard listing every member, then the first member again: a duplicate endpoint. */
    FIRST_MEMBER_TWICE
}
