package io.dpone.clickhouse.cluster.authority;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeVerdict.FacadeProblem;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.ddl.FacadeReconciler;
import io.dpone.spi.error.DponeErrorCode;
import java.util.Optional;

/** The result of {@link FacadeReconciler#reconcile}. Callers must switch over both variants. */
public sealed interface FacadeReconciliation {
    /**
     * The facade is complete on every admitted member and every member reads the same slot at the
     * same version; publication may proceed. {@code bootstrap} is the entry this invocation sent
     * and proved terminal, when it had to bootstrap or fill.
     */
    record Ready(FacadeVerdict.Ready verdict, Optional<BoundEntry> bootstrap) implements FacadeReconciliation {
        public Ready {
            requireNonNull(verdict, "verdict is null");
            requireNonNull(bootstrap, "bootstrap is null");
        }
    }

    /**
     * Fail closed: nothing may be published. {@code detail} names protocol facts only (a verdict,
     * a queue cause, a status, a count), never hosts, paths or SQL.
     */
    record FailedClosed(FacadeProblem problem, String detail) implements FacadeReconciliation {
        public FailedClosed {
            requireNonNull(problem, "problem is null");
            requireNonNull(detail, "detail is null");
        }

        public DponeErrorCode code() {
            return problem.code();
        }
    }
}
