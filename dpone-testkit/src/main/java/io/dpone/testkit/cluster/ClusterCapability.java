package io.dpone.testkit.cluster;

/**
 * What a {@link ClusterBackend} can really do. A fault scenario declares the capabilities it needs
 * and runs on every backend that offers them; the others report it as not applicable instead of
 * silently passing.
 */
public enum ClusterCapability {
    /** KeeperMap tables on a shared coordination service (strict mode, {@code _version}). */
    KEEPER_MAP,
    /** Kill (SIGKILL), pause/resume (SIGSTOP/SIGCONT) and restart of one member on its data. */
    PROCESS_FAULTS,
    /** Stop and start the coordination service (ZooKeeper or ClickHouse Keeper). */
    COORDINATION_FAULTS,
    /** {@code ... ON CLUSTER} statements and {@code system.distributed_ddl_queue}. */
    DISTRIBUTED_DDL,
    /** Data replication between {@code Replicated*MergeTree} replicas. */
    REPLICATION
}
