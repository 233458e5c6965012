package io.dpone.clickhouse.cluster.catalog;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.GenerationViolation;
import io.dpone.clickhouse.cluster.contract.inventory.AdmissionResult.RejectionReason;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.spi.error.DponeErrorCode;
import java.util.List;
import java.util.Optional;

/** The outcome of strict cluster admission over the catalog. Callers must switch over it. */
public sealed interface ClusterAdmission {
    /**
     * The inventory passed section 1, every member answered once with an Atomic database, and the
     * target passed the section 2 target rules ({@code GenerationRules.targetAtAdmission}).
     *
     * @param target the one target identity on every member; empty for an absent target
     */
    record Admitted(ClusterInventory inventory, List<MemberFacts> members, Optional<GenerationIdentity> target)
            implements ClusterAdmission {
        public Admitted {
            requireNonNull(inventory, "inventory is null");
            members = List.copyOf(requireNonNull(members, "members is null"));
            requireNonNull(target, "target is null");
        }
    }

    /**
     * Blocked before any mutation; {@code reason} is a stable name, {@code code} its error family
     * and {@code detail} the redacted read failure when a read failed (empty otherwise).
     */
    record Blocked(DponeErrorCode code, Reason reason, String detail) implements ClusterAdmission {
        public Blocked {
            requireNonNull(code, "code is null");
            requireNonNull(reason, "reason is null");
            requireNonNull(detail, "detail is null");
        }

        Blocked(Reason reason) {
            this(reason.code, reason, "");
        }

        Blocked(Reason reason, String detail) {
            this(reason.code, reason, detail);
        }

        /** The inventory read failed: a connection fault has its own code, any other failure is an incomplete inventory. */
        static Blocked inventoryUnreadable(CatalogRead.Unreadable<?> read) {
            return read.connectionFault()
                    .map(fault -> new Blocked(fault.code(), Reason.COORDINATOR_CONNECTION_FAILED, read.describe()))
                    .orElseGet(() -> new Blocked(Reason.INVENTORY_UNREADABLE, read.describe()));
        }
    }

    /**
     * Why admission blocked: the catalog's own reasons, then the inventory rules of
     * {@link RejectionReason} and the target-side generation rules of {@link GenerationViolation}
     * under the same names, whose codes they take from there.
     */
    enum Reason {
        /**
         * The coordinator could not be used at all (refused, unknown host, TLS, not ClickHouse,
         * authentication): nothing was read, so no member can be said to be missing. The
         * {@link Blocked#code()} is the fault's own connection code; this nominal one is never reported.
         */
        COORDINATOR_CONNECTION_FAILED(DponeErrorCode.CONNECTION_REFUSED),
        INVENTORY_UNREADABLE(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MEMBERS_UNREADABLE(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MEMBER_MISSING(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MEMBER_DUPLICATED(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        MEMBER_UNEXPECTED(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        DATABASE_NOT_ATOMIC(DponeErrorCode.CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED),
        NO_MEMBERS(RejectionReason.NO_MEMBERS),
        FOREIGN_CLUSTER_ROW(RejectionReason.FOREIGN_CLUSTER_ROW),
        DUPLICATE_ENDPOINT(RejectionReason.DUPLICATE_ENDPOINT),
        DUPLICATE_REPLICA_NUMBER(RejectionReason.DUPLICATE_REPLICA_NUMBER),
        MORE_THAN_ONE_SHARD(RejectionReason.MORE_THAN_ONE_SHARD),
        FEWER_THAN_TWO_REPLICAS(RejectionReason.FEWER_THAN_TWO_REPLICAS),
        INTERNAL_REPLICATION_DISABLED(RejectionReason.INTERNAL_REPLICATION_DISABLED),
        INTERNAL_REPLICATION_ENABLED(RejectionReason.INTERNAL_REPLICATION_ENABLED),
        REPLICA_SET_INEXACT(GenerationViolation.REPLICA_SET_INEXACT),
        TARGET_IDENTITY_UNKNOWN(GenerationViolation.TARGET_IDENTITY_UNKNOWN),
        TARGET_PRESENCE_MIXED(GenerationViolation.TARGET_PRESENCE_MIXED),
        TARGET_IDENTITY_DIVERGES(GenerationViolation.TARGET_IDENTITY_DIVERGES),
        TARGET_ENGINE_OUTSIDE_FAMILY(GenerationViolation.TARGET_ENGINE_OUTSIDE_FAMILY),
        TARGET_REPLICA_NAME_MISSING(GenerationViolation.TARGET_REPLICA_NAME_MISSING),
        TARGET_REPLICA_NAMES_DUPLICATED(GenerationViolation.TARGET_REPLICA_NAMES_DUPLICATED);

        private final DponeErrorCode code;

        Reason(DponeErrorCode code) {
            this.code = code;
        }

        Reason(RejectionReason inventoryRule) {
            this(inventoryRule.code());
        }

        Reason(GenerationViolation generationRule) {
            this(generationRule.code());
        }

        public DponeErrorCode code() {
            return code;
        }
    }
}
