package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.CasExpectation;
import io.dpone.clickhouse.cluster.sql.ControlRow;

/**
 * The KeeperMap control table as three typed operations, below the authority's judgement: the
 * {@link KeeperMapAuthority} decides transitions, post-read verification and permits; a store only
 * executes. Each mutation is exactly one transport invocation with {@code keeper_map_strict_mode =
 * 1} and {@code insert_keeper_max_retries = 0}, never retried; a store reports what happened as a
 * {@link MutationOutcome} and never throws for server or network failures. The SQL store is
 * {@code authority.adapter.SqlControlStore}; the testkit's simulator implements the same semantics in memory
 * (strict insert of an existing key conflicts, a versioned update raises {@code _version} by one,
 * a stale one is an acknowledged no-op). Implementations are thread-safe.
 */
public interface ControlStore {
    /** {@code INSERT} of the complete row; an existing key is a server conflict (999 node exists). */
    MutationOutcome insertStrict(ControlRow row, String queryId);

    /**
     * The spec's versioned {@code ALTER TABLE ... UPDATE} with the full predicate of
     * {@code expected}; a predicate that matches nothing is an acknowledged no-op.
     */
    MutationOutcome compareAndSwap(CasExpectation expected, ControlRow next, String queryId);

    /** The row of {@code targetKeyHex} with its {@code _version}, or why it could not be read. */
    ControlRead read(String targetKeyHex, String queryId);
}
