package io.dpone.clickhouse.cluster.contract.error;

/**
 * Where a statement executes, which decides what a server error code can prove. The same code
 * means different things in the two scopes: a single-host {@code RENAME} refused with 57 changed
 * nothing, but an {@code ON CLUSTER} statement with {@code distributed_ddl_output_mode = throw} is
 * enqueued first and the initiator then re-raises a failing host's own code while other hosts may
 * already have executed it.
 */
public enum ExecutionScope {
    /** Reads, KeeperMap mutations, loads: executed by the one server that answers. */
    SINGLE_HOST,
    /** {@code ... ON CLUSTER}: executed independently by every host from one queue entry. */
    DISTRIBUTED_DDL
}
