package io.dpone.spi.manifest;

/** {@code sink.options.staging}: where the candidate table is built. Cluster publication requires target-local staging. */
public enum StagingLocation implements WireName {
    /** Default: the candidate lives in the target's database, next to the target. */
    TARGET_LOCAL("target_local"),
    /** The candidate lives in a separate staging database; not admitted for cluster publication. */
    STAGING_DATABASE("staging_database");

    private final String wireName;

    StagingLocation(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
