package io.dpone.spi.manifest;

/** {@code sink.strategy.mode}. Cluster publication exists only for bounded full refresh. */
public enum StrategyMode implements WireName {
    FULL_REFRESH("full_refresh");

    private final String wireName;

    StrategyMode(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
