package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.FacadeReconciler;
import io.dpone.spi.error.DponeErrorCode;
import java.util.List;

/** The decision about the control facade (spec section 1). Callers must switch over it. */
public sealed interface FacadeVerdict {
    /**
     * Every member has the expected facade and reads the same target record at the same version.
     * {@code casPrevalidation} is {@link MutationPrevalidation#SKIPPED} only when every member
     * knows the setting.
     */
    record Ready(MutationPrevalidation casPrevalidation) implements FacadeVerdict {
        public Ready {
            requireNonNull(casPrevalidation, "casPrevalidation is null");
        }
    }

    /**
     * No member has the facade: one non-retried {@code CREATE TABLE ... ON CLUSTER} may create it,
     * once every earlier bootstrap entry of the facade is terminal ({@link FacadeReconciler}).
     */
    record BootstrapAll() implements FacadeVerdict {}

    /**
     * Some members lack the facade and every existing one matches exactly: a bootstrap may fill
     * only the absent ones ({@code CREATE TABLE IF NOT EXISTS ... ON CLUSTER}), once every earlier
     * bootstrap entry of the facade is terminal ({@link FacadeReconciler}).
     */
    record FillAbsent(List<HostEndpoint> absentMembers) implements FacadeVerdict {
        public FillAbsent {
            absentMembers = List.copyOf(requireNonNull(absentMembers, "absentMembers is null"));
            if (absentMembers.isEmpty()) {
                throw new IllegalArgumentException("absentMembers is empty");
            }
        }
    }

    /** Fail closed: nothing may be created or published. */
    record Blocked(FacadeProblem problem) implements FacadeVerdict {
        public Blocked {
            requireNonNull(problem, "problem is null");
        }

        public DponeErrorCode code() {
            return problem.code();
        }
    }

    /** Why the facade blocks; stable names for evidence. */
    enum FacadeProblem {
        /** An expected member did not answer, or an unexpected one did. */
        MEMBER_UNREADABLE(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE),
        /** A member does not support {@code keeper_map_strict_mode}. */
        STRICT_MODE_UNSUPPORTED(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING),
        /** An existing facade has another engine or Keeper root. */
        ENGINE_MISMATCH(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING),
        /** An existing facade has other columns. */
        SCHEMA_MISMATCH(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING),
        /** Members read different target records or versions through their facades. */
        RECORD_DIVERGES(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT),
        /**
         * A bootstrap entry of this facade (an earlier one, or the one just sent) could not be
         * proven terminal over the exact host set: the queue was unreadable, the token bound no
         * single entry, or a host row was missing, extra or unknown. Its hosts may have executed
         * it; it is never sent again in the same invocation.
         */
        BOOTSTRAP_UNRESOLVED(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
        /** A bootstrap entry of this facade was still running on some host when the wait ended. */
        BOOTSTRAP_IN_PROGRESS(DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED),
        /** The one bootstrap statement provably never reached the server; nothing was enqueued. */
        BOOTSTRAP_NOT_SENT(DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED),
        /** The bootstrap entry finished on every host, yet the facade is still absent on some member. */
        BOOTSTRAP_INCOMPLETE(DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING);

        private final DponeErrorCode code;

        FacadeProblem(DponeErrorCode code) {
            this.code = code;
        }

        public DponeErrorCode code() {
            return code;
        }
    }
}
