package io.dpone.clickhouse.cluster.port;

/** What a statement does; fault injection and evidence select by it. Never parsed from SQL. */
public enum StatementKind {
    READ(false),
    KEEPER_MAP_INSERT(true),
    KEEPER_MAP_CAS(true),
    DDL_EXCHANGE(true),
    DDL_RENAME(true),
    DDL_DROP(true),
    DDL_CREATE_CONTROL(true),
    OTHER_MUTATION(true);

    private final boolean mutation;

    StatementKind(boolean mutation) {
        this.mutation = mutation;
    }

    public boolean isMutation() {
        return mutation;
    }
}
