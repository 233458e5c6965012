package io.dpone.testkit.acceptance;

/** What a scenario changes behind the service's back on one member (spec: "Change UUID, engine, schema, Keeper path, or membership"). */
public enum Drift {
    UUID,
    ENGINE,
    SCHEMA,
    KEEPER_PATH,
    /** The member leaves the cluster configuration. */
    MEMBERSHIP
}
