package io.dpone.clickhouse.cluster.service;

import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;

/** Records classifier verdicts in the run's evidence. */
final class ClassificationNames {
    private ClassificationNames() {
    }

    static void record(RunEvidence evidence, PublicationVerdict verdict) {
        evidence.classified(verdict.classification().name(), verdict.cause() == null ? null : verdict.cause().name(),
                verdict.perReplica());
    }

    static void record(RunEvidence evidence, CleanupVerdict verdict) {
        evidence.classified("CLEANUP_" + verdict.decision().name(), verdict.cause() == null ? null : verdict.cause().name(),
                verdict.perReplica());
    }
}
