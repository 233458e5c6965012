package io.dpone.spi.manifest;

/** {@code cluster.replication_mode}: selects the physical staging and generation protocol. */
public enum ReplicationMode implements WireName {
    /** Default when omitted: Replicated*MergeTree members, one staged load, ClickHouse replication. */
    INTERNAL("internal"),
    /** Explicit only: non-replicated members, each loaded directly from one sealed artifact. */
    EXTERNAL("external");

    private final String wireName;

    ReplicationMode(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** The decision document's {@code mode} value for cluster publication in this replication mode. */
    public String decisionMode() {
        return "cluster_" + wireName;
    }
}
