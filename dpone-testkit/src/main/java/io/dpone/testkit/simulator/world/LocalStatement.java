package io.dpone.testkit.simulator.world;

import io.dpone.testkit.simulator.TableSpec;

/**
 * The statements the protocol sends, as one member executes them (no SQL is parsed): the local
 * effect of each {@code ON CLUSTER} statement on a host, and the admin API's local statements.
 */
public sealed interface LocalStatement {
    String database();

    record Exchange(String database, String first, String second) implements LocalStatement {}

    record Rename(String database, String from, String to) implements LocalStatement {}

    record DropIfExists(String database, String table) implements LocalStatement {}

    /** {@code CREATE TABLE t AS like}: columns and engine definition of the host's own {@code like}. */
    record CreateLike(String database, String table, String like) implements LocalStatement {}

    /** {@code CREATE TABLE [IF NOT EXISTS] t (...) ENGINE = ...} from a spec. */
    record Create(String database, String table, TableSpec spec, boolean ifNotExists) implements LocalStatement {}
}
