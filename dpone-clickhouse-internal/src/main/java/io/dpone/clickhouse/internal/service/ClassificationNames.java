package io.dpone.clickhouse.internal.service;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaCensus;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecReplicaStateClassifier;
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.sql.TableRef;

/** Records classifier verdicts in the run's evidence. */
final class ClassificationNames {
    private ClassificationNames() {}

    static void record(InternalEvidence evidence, PublicationVerdict verdict) {
        evidence.classified(
                verdict.classification().name(),
                verdict.cause() == null ? null : verdict.cause().name(),
                verdict.perReplica());
    }

    /** A COMPLETED operation's per-replica states, for the receipt: what every member shows now. Reads only. */
    static void completed(
            InternalEvidence evidence,
            AdmittedCluster cluster,
            AuthorityRecord record,
            ReplicaReader replicas,
            TableRef target) {
        ReplicaCensus census = ReplicaCensus.take(
                RecordShapes.shape(record),
                cluster.hosts(),
                replicas.observe(cluster.hosts(), target, RecordShapes.candidate(record, target)),
                SpecReplicaStateClassifier.INSTANCE);
        evidence.classified("COMPLETED", null, census.states());
    }

    static void record(InternalEvidence evidence, CleanupVerdict verdict) {
        evidence.classified(
                "CLEANUP_" + verdict.decision().name(),
                verdict.cause() == null ? null : verdict.cause().name(),
                verdict.perReplica());
    }
}
