package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.ReplicaCensus;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecCleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecPublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.SpecReplicaStateClassifier;
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;

/**
 * The shared section 5 and 6 classifiers, unchanged, over external facts: every member judged
 * against its own identities ({@link MemberShapes}), the external phase read as the classifiers'
 * phase ({@code ExternalPhase#classifierPhase}), members observed with direct identities. Records
 * each verdict in the run's evidence.
 */
final class Classifications {
    private final PublicationClassifier publication =
            new SpecPublicationClassifier(SpecReplicaStateClassifier.INSTANCE);
    private final CleanupClassifier cleanup = new SpecCleanupClassifier(SpecReplicaStateClassifier.INSTANCE);
    private final ReplicaReader observations;
    private final TableRef target;

    Classifications(ReplicaReader observations, TableRef target) {
        this.observations = observations;
        this.target = target;
    }

    PublicationVerdict publication(
            AdmittedMembers cluster,
            ExternalRecord record,
            TableRef candidate,
            QueueResult queue,
            ExternalEvidence evidence) {
        PublicationVerdict verdict = publication.classify(new PublicationFacts(
                MemberShapes.of(record, cluster),
                record.phase().classifierPhase().orElseThrow(),
                cluster.hosts(),
                observations.observe(cluster.hosts(), target, candidate),
                queue));
        evidence.classified(
                verdict.classification().name(),
                verdict.cause() == null ? null : verdict.cause().name(),
                verdict.perReplica());
        return verdict;
    }

    /** A COMPLETED operation's per-member states, for the receipt: what every member shows now. Reads only. */
    void completed(AdmittedMembers cluster, ExternalRecord record, TableRef candidate, ExternalEvidence evidence) {
        ReplicaCensus census = ReplicaCensus.take(
                MemberShapes.of(record, cluster),
                cluster.hosts(),
                observations.observe(cluster.hosts(), target, candidate),
                SpecReplicaStateClassifier.INSTANCE);
        evidence.classified("COMPLETED", null, census.states());
    }

    CleanupVerdict cleanup(
            AdmittedMembers cluster,
            ExternalRecord record,
            TableRef candidate,
            QueueResult cleanupQueue,
            ExternalEvidence evidence) {
        return cleanup(
                cluster, record, record.phase().classifierPhase().orElseThrow(), candidate, cleanupQueue, evidence);
    }

    /**
     * The cleanup verdict for an unbound CLEANUP_DISPATCHING drop judged lost: the record marks it
     * so ({@code LostDrop}), or status asks what a rerun that proves the loss would do. Judged as
     * the classifiers' recorded-lost drop (CLEANUP_PENDING, LOST), internal mode's mark: a
     * redispatch is permitted only while every member holds exactly its recorded predecessor under
     * the candidate name or nothing.
     */
    CleanupVerdict cleanupLost(
            AdmittedMembers cluster, ExternalRecord record, TableRef candidate, ExternalEvidence evidence) {
        if (record.phase() != ExternalPhase.CLEANUP_DISPATCHING
                || record.payload().cleanup() == null
                || record.payload().cleanup().entry() != null) {
            throw new IllegalArgumentException("only an unbound CLEANUP_DISPATCHING drop can be lost");
        }
        return cleanup(cluster, record, AuthorityPhase.CLEANUP_PENDING, candidate, QueueResult.LOST, evidence);
    }

    private CleanupVerdict cleanup(
            AdmittedMembers cluster,
            ExternalRecord record,
            AuthorityPhase phase,
            TableRef candidate,
            QueueResult cleanupQueue,
            ExternalEvidence evidence) {
        CleanupVerdict verdict = cleanup.classify(new CleanupFacts(
                MemberShapes.of(record, cluster),
                phase,
                cluster.hosts(),
                observations.observe(cluster.hosts(), target, candidate),
                QueueResult.of(record.payload().publication().receipt()),
                cleanupQueue,
                true));
        evidence.classified(
                "CLEANUP_" + verdict.decision().name(),
                verdict.cause() == null ? null : verdict.cause().name(),
                verdict.perReplica());
        return verdict;
    }
}
