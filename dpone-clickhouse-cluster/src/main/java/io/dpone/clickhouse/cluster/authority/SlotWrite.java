package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.CasResult.ConflictReason;
import io.dpone.clickhouse.cluster.authority.CasResult.UnknownReason;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import java.util.Optional;

/**
 * One create or CAS in one schema, with the meaning of {@link CasResult}: only {@link Verified}
 * proves the write, and only a verified write that opened a dispatch epoch carries a permit.
 */
public sealed interface SlotWrite<R extends SlotRecord> {
    record Verified<R extends SlotRecord>(DispatchPermit permit, SlotVersion<R> verified) implements SlotWrite<R> {
        public Verified {
            requireNonNull(verified, "verified is null");
        }

        public Optional<DispatchPermit> dispatchPermit() {
            return Optional.ofNullable(permit);
        }
    }

    record Conflict<R extends SlotRecord>(ConflictReason reason) implements SlotWrite<R> {
        public Conflict {
            requireNonNull(reason, "reason is null");
        }
    }

    record Unknown<R extends SlotRecord>(UnknownReason reason) implements SlotWrite<R> {
        public Unknown {
            requireNonNull(reason, "reason is null");
        }
    }
}
