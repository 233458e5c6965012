package io.dpone.clickhouse.cluster.contract.authority;

import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import java.util.Optional;

/**
 * One authority record schema in the shared KeeperMap control table: how its records encode to and
 * decode from control rows, which transitions it allows, and which of its phases open a dispatch
 * epoch (and so let a verified write carry a permit). The authority mechanics
 * ({@code io.dpone.clickhouse.cluster.authority.KeeperMapAuthority}) are the same for every schema: a
 * schema decides what may be written, never whether a write was verified. Pure and thread-safe.
 */
public interface SlotSchema<R extends SlotRecord> {
    /** The canonical row; throws IllegalArgumentException only for a record too large to store. */
    AuthorityRow encode(R record);

    /** Never throws; a row of another schema, version or shape is {@link DecodeResult.Blocked}. */
    DecodeResult<R> decode(AuthorityRow row);

    /** The refusal for creating {@code created} in an absent slot, or empty when allowed. */
    Optional<TransitionRefusal> checkCreate(R created);

    /** The refusal for replacing {@code current} by {@code next}, or empty when allowed. */
    Optional<TransitionRefusal> check(R current, R next);

    /** True when a verified write of {@code written} over {@code prior} (null for a create) opens a new dispatch epoch. */
    boolean opensDispatch(R prior, R written);

    /** The token of the DDL that {@code record}'s phase opened, when its phase is a dispatching one. */
    Optional<DdlCorrelationToken> dispatchToken(R record);
}
