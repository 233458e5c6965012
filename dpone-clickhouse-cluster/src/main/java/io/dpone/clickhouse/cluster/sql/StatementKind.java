package io.dpone.clickhouse.cluster.sql;

import io.dpone.clickhouse.cluster.contract.error.ExecutionScope;

/**
 * What a statement does; fault injection, error classification and evidence select by it. Never
 * parsed from SQL. The {@code DDL_*} kinds are {@code ON CLUSTER} statements: their server errors
 * prove nothing about the queue entry ({@link ExecutionScope#DISTRIBUTED_DDL}).
 */
public enum StatementKind {
    READ(false, ExecutionScope.SINGLE_HOST),
    KEEPER_MAP_INSERT(true, ExecutionScope.SINGLE_HOST),
    KEEPER_MAP_CAS(true, ExecutionScope.SINGLE_HOST),
    /** The streamed insert of source rows into an owned, unpublished candidate. */
    CANDIDATE_LOAD(true, ExecutionScope.SINGLE_HOST),
    /** Publication of an existing target (fenced by a dispatch permit). */
    DDL_EXCHANGE(true, ExecutionScope.DISTRIBUTED_DDL),
    /** Publication into an absent target (fenced by a dispatch permit). */
    DDL_RENAME(true, ExecutionScope.DISTRIBUTED_DDL),
    /** Exact predecessor cleanup (fenced by a dispatch permit). */
    DDL_DROP(true, ExecutionScope.DISTRIBUTED_DDL),
    /** Creation of the operation's own candidate before authority acquisition. */
    DDL_CREATE_CANDIDATE(true, ExecutionScope.DISTRIBUTED_DDL),
    /** Removal of the operation's own unpublished candidate before authority acquisition. */
    DDL_DISCARD_STAGING(true, ExecutionScope.DISTRIBUTED_DDL),
    /** The control-facade bootstrap. */
    DDL_CREATE_CONTROL(true, ExecutionScope.DISTRIBUTED_DDL),
    /** The harmless synthetic capability assertion (a DROP IF EXISTS of a name that never exists). */
    DDL_CAPABILITY_PROBE(true, ExecutionScope.DISTRIBUTED_DDL),
    /**
     * External mode: a statement on one member's own connection about the operation's own
     * candidate there (its local {@code CREATE TABLE} or {@code DROP TABLE}); never {@code ON CLUSTER}.
     */
    MEMBER_LOCAL_DDL(true, ExecutionScope.SINGLE_HOST),
    OTHER_MUTATION(true, ExecutionScope.SINGLE_HOST);

    private final boolean mutation;
    private final ExecutionScope scope;

    StatementKind(boolean mutation, ExecutionScope scope) {
        this.mutation = mutation;
        this.scope = scope;
    }

    public boolean isMutation() {
        return mutation;
    }

    public ExecutionScope executionScope() {
        return scope;
    }

    public boolean isDistributedDdl() {
        return scope == ExecutionScope.DISTRIBUTED_DDL;
    }
}
