package io.dpone.clickhouse.cluster.ddl;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.port.ExpectedDdl;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.CapabilityPreflight;
import io.dpone.clickhouse.cluster.sql.QueueLookupRow;
import java.util.List;

/**
 * Distributed DDL (spec section 4): capability preflight, one-shot dispatch and queue reads. It
 * has no retrying method: every dispatch is at most one transport invocation with
 * {@code skip_unavailable_shards = 0}, {@code distributed_ddl_output_mode = throw}, a bounded
 * {@code distributed_ddl_task_timeout} and the token as {@code log_comment}; a leading SQL
 * comment is never a correlation channel.
 *
 * <p>Outcomes: whatever the initiator answers to a sent statement ({@link DdlDispatch.Sent}),
 * including a server error such as 57, 60 or 497 and including success, the entry may exist and
 * hosts may have executed it, so the outcome is resolved only through {@link #lookup} of the token
 * and {@link #hostRows} of the bound entry; {@link io.dpone.clickhouse.cluster.ddl.QueueEntryResolver}
 * does both, with the bounded visibility wait, for every statement the protocol sends. Only
 * {@link DdlDispatch.NotSent} and {@link DdlDispatch.PermitRefused} say that nothing was enqueued.
 * Thread-safe if the underlying transports are.
 */
public interface DdlPort {
    /** {@code distributed_ddl_entry_format_version} and the queue's settings column type. */
    CatalogRead<CapabilityPreflight.Facts> preflight();

    /**
     * Sends {@code ddl} at most once, under {@code permit}: the permit must authorize the
     * statement's action, be unspent and not {@linkplain DispatchPermit#expired() expired} (checked
     * immediately before the send); it is spent before sending, and the {@code log_comment} is
     * {@link DispatchPermit#token()}, the token of the fenced authority record. A refused permit
     * sends nothing.
     */
    DdlDispatch dispatch(FencedDdl ddl, DispatchPermit permit);

    /**
     * Sends one setup statement (facade bootstrap, capability probe, the operation's own candidate
     * creation or discard) at most once with {@code token} as {@code log_comment}; the token's
     * action must be the statement's. No permit exists for these: none can touch a published
     * generation.
     */
    DdlDispatch dispatchSetup(SetupDdl ddl, DdlCorrelationToken token);

    /** The single entry of the expected cluster and exact token, parsed back and checked. */
    QueueLookup lookup(ExpectedDdl expected);

    /**
     * Every entry of {@code cluster} whose token starts with {@code tokenPrefix}, grouped by entry
     * (for the facade bootstrap, whose tokens share a prefix derived from the facade).
     */
    CatalogRead<List<QueueLookupRow>> entriesWithTokenPrefix(String cluster, String tokenPrefix);

    /** Every per-host row of a bound entry, raw, for the normalizer and aggregator. */
    CatalogRead<List<QueueRow>> hostRows(BoundEntry entry);
}
