package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.spi.error.DponeErrorCode;
import java.util.Optional;

/**
 * The outcome of one create_if_absent or compare_and_swap of a slot in one schema. Callers must
 * switch over it; only {@link Verified} carries a {@link DispatchPermit}, and only the authority
 * adapter can construct one. A lost or ambiguous response is {@link Unknown} even if a later read
 * shows the requested value: the read cannot prove this caller holds the sole right to dispatch.
 */
public sealed interface SlotWrite<R extends SlotRecord> {
    /**
     * The write was acknowledged and the exact post-read proved it: {@code verified} is the
     * written record at the version the post-read observed, so it can be the expected side of the
     * next compare_and_swap without another read (the post-read is that read).
     * {@code permit} is present exactly when the write opened a dispatch epoch (internal
     * DISPATCHING or CLEANUP_DISPATCHING, the external schema's dispatching phases); other verified
     * writes authorize no DDL and carry null.
     */
    record Verified<R extends SlotRecord>(DispatchPermit permit, SlotVersion<R> verified) implements SlotWrite<R> {
        public Verified {
            requireNonNull(verified, "verified is null");
        }

        public Optional<DispatchPermit> dispatchPermit() {
            return Optional.ofNullable(permit);
        }

        /** The KeeperMap {@code _version} the post-read proved. */
        public long newKeeperVersion() {
            return verified.keeperVersion();
        }
    }

    /**
     * The authority refused or ignored the write, or the post-read shows the slot moved past it. For
     * a reason that {@link ConflictReason#decidedByPostRead() the post-read decided}, the write may
     * still have applied and been followed by other writes ({@code UNEXPECTED_VERSION_JUMP}); every
     * other reason proves nothing of this caller's was applied.
     */
    record Conflict<R extends SlotRecord>(ConflictReason reason) implements SlotWrite<R> {
        public Conflict {
            requireNonNull(reason, "reason is null");
        }

        /** {@code AUTHORITY_CONFLICT}, except {@link ConflictReason#NOT_SENT} (a transport failure). */
        public DponeErrorCode code() {
            return reason.code();
        }
    }

    /** The write may or may not have applied; the operation stays fenced for explicit reconciliation. */
    record Unknown<R extends SlotRecord>(UnknownReason reason) implements SlotWrite<R> {
        public Unknown {
            requireNonNull(reason, "reason is null");
        }

        public DponeErrorCode code() {
            return DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN;
        }
    }

    /** Acknowledged refusals (spec section 3, step 7). */
    enum ConflictReason {
        /** create_if_absent found the key already present under strict mode. */
        KEY_EXISTS,
        /** Keeper rejected the expected version. */
        VERSION_CONFLICT,
        /** The UPDATE was acknowledged but the post-read shows the predicate matched nothing. */
        ZERO_ROW_NO_OP,
        /** The post-read shows another operation or fence. */
        FOREIGN_RECORD,
        /** The post-read shows a version other than expected + 1. */
        UNEXPECTED_VERSION_JUMP,
        /**
         * The proposed value is not an allowed V1 transition (or cannot be encoded); refused
         * before anything was sent.
         */
        WRITE_NOT_ALLOWED,
        /** The server definitively refused the statement for another reason (grant, schema, load). */
        REFUSED,
        /** The transport proved that nothing reached the server. */
        NOT_SENT;

        /**
         * True for the reasons judged from the post-read of an acknowledged write: the write reached
         * the authority, and the read that judged it can only tell what the slot held then. False
         * for refusals before anything could apply, which prove the write never took effect.
         */
        public boolean decidedByPostRead() {
            return this == ZERO_ROW_NO_OP || this == FOREIGN_RECORD || this == UNEXPECTED_VERSION_JUMP;
        }

        /** {@code AUTHORITY_CONFLICT}, except {@link #NOT_SENT} (a transport failure). */
        public DponeErrorCode code() {
            return this == NOT_SENT
                    ? DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED
                    : DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT;
        }
    }

    /** Ambiguous outcomes (spec section 3, steps 7-8). */
    enum UnknownReason {
        RESPONSE_LOST,
        TIMEOUT,
        CONNECTION_LOST,
        CANCELLED_AFTER_SEND,
        /** The server answered with an error that may follow execution (e.g. a lost Keeper session). */
        AMBIGUOUS_SERVER_ERROR,
        /** Any other failure after the request was sent. */
        UNCLASSIFIED,
        /** The key could not be read back after an acknowledged write. */
        POST_READ_FAILED,
        /** Same operation and fence at the expected version, but not the written content. */
        POST_READ_MISMATCH
    }
}
