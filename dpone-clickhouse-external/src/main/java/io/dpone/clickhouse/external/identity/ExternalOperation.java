package io.dpone.clickhouse.external.identity;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.UUID;

/**
 * The identities of one external operation: the target slot key, the plan digest, the
 * scheduler-stable operation id and the operation's own candidate. Every retry of one scheduler
 * invocation derives the same values, so it resumes the same operation.
 */
public record ExternalOperation(Digest targetKey, Digest planDigest, Digest operationId, TableRef candidate) {
    public ExternalOperation {
        requireNonNull(targetKey, "targetKey is null");
        requireNonNull(planDigest, "planDigest is null");
        requireNonNull(operationId, "operationId is null");
        requireNonNull(candidate, "candidate is null");
    }

    public static ExternalOperation derive(ExternalPlan plan, String schedulerInvocation) {
        Digest targetKey = ExternalIdentities.targetKey(
                plan.cluster(), plan.target().database(), plan.target().table());
        Digest planDigest = plan.digest();
        Digest operation = ExternalIdentities.operationId(schedulerInvocation, targetKey, planDigest);
        return new ExternalOperation(
                targetKey,
                planDigest,
                operation,
                new TableRef(
                        plan.target().database(),
                        ExternalIdentities.candidateName(plan.target().table(), operation)));
    }

    /** The table one staging attempt loads under ({@link ExternalIdentities#attemptName}). */
    public TableRef attempt(UUID candidateUuid) {
        return new TableRef(candidate.database(), ExternalIdentities.attemptName(candidate.table(), candidateUuid));
    }

    /** The operation id as an artifact-store holder name. */
    public String holder() {
        return "op-" + operationId.hex();
    }
}
