package io.dpone.spi.manifest;

/** {@code cluster.ddl_scope}: where dpone runs DDL. Cluster publication requires {@link #CLUSTER}. */
public enum DdlScope implements WireName {
    /** The existing configuration default: DDL on the admitted connection only. */
    LOCAL("local"),
    /** DDL runs {@code ON CLUSTER}. */
    CLUSTER("cluster");

    private final String wireName;

    DdlScope(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
