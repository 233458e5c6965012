package io.dpone.clickhouse.cluster.contract.generation;

/**
 * Which identity a member's table is read with: the replication mode decides it, never the table.
 */
public enum TableIdentityKind {
    /**
     * Internal mode (spec 000 section 2): UUID, normalized engine_full, schema digest, Keeper name
     * and replication path. A table without exactly one {@code system.replicas} row is
     * indeterminate.
     */
    REPLICATED,
    /**
     * External mode (spec 001: "distinct member UUIDs bound into one logical generation"): UUID,
     * normalized engine_full and schema digest of a non-replicated table, with empty Keeper fields
     * ({@link GenerationIdentity#direct}). A table with one {@code system.replicas} row still reads
     * with its Keeper fields, so a replicated table is named by its engine and refused by the
     * engine rule rather than mistaken for a direct one; more than one row is indeterminate.
     */
    DIRECT
}
