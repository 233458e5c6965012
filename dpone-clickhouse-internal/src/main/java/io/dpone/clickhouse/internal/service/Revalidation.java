package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityPayload;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.generation.GenerationRules;
import io.dpone.clickhouse.cluster.contract.generation.GenerationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * "Immediately before dispatch, re-read catalogs and authority" (spec section 3, step 5): the
 * inventory digest is the bound one, the section 2 rules hold and name exactly the bound
 * predecessor and desired generations, every replica is pending, the candidate still passes the
 * readiness barrier with the staged row count, and the slot is exactly the record about to be
 * swapped. Any difference is drift: the operation stays PREPARED and nothing is rebuilt or sent.
 */
final class Revalidation {
    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final PublicationClassifier classifier;

    Revalidation(PublicationPorts ports, PublicationSettings settings, PublicationClassifier classifier) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.classifier = requireNonNull(classifier, "classifier is null");
    }

    /** Empty when the dispatch CAS may be attempted now. */
    Optional<Ending> beforeDispatch(
            AdmittedCluster cluster, SlotVersion<AuthorityRecord> prepared, Invocation<InternalEvidence> invocation) {
        AuthorityRecord record = prepared.record();
        AuthorityPayload payload = record.payload();
        TableRef candidate = RecordShapes.candidate(record, settings.target());
        Optional<Ending> drifted = InventoryFence.check(cluster, record, "dispatch");
        if (drifted.isPresent()) {
            return drifted;
        }
        CatalogRead<List<MemberFacts>> read = ports.catalog().members(settings.cluster(), settings.target(), candidate);
        if (!(read instanceof CatalogRead.Observed<List<MemberFacts>> members)) {
            return drift(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE, "the members could not be re-read");
        }
        GenerationVerdict rules = GenerationRules.afterStaging(
                cluster.hosts(),
                members.facts().stream().map(MemberFacts::tables).toList());
        if (!(rules instanceof GenerationVerdict.Valid valid)
                || !Objects.equals(valid.target().orElse(null), payload.predecessor())
                || !valid.candidate().orElseThrow().equals(payload.desired())) {
            return drift(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN,
                    "the target or candidate generation differs from the one bound in PREPARED");
        }
        PublicationVerdict verdict = classifier.classify(new PublicationFacts(
                RecordShapes.shape(record),
                record.phase(),
                cluster.hosts(),
                new ReplicaReader(ports.catalog(), settings.cluster())
                        .observe(cluster.hosts(), settings.target(), candidate),
                QueueResult.NO_ENTRY));
        ClassificationNames.record(invocation.evidence(), verdict);
        if (!verdict.classification().permitsDispatch()) {
            return Optional.of(InternalPublicationDriver.unknown(verdict));
        }
        if (!new ReadinessWait(ports.catalog(), settings.cluster(), settings.readiness())
                .await(cluster.hosts(), candidate, payload.stagedRowCount(), invocation.waits())) {
            if (invocation.waits().cancelled()) {
                return Optional.of(InternalPublicationDriver.cancelledBeforeDispatch());
            }
            return Optional.of(Ending.of(
                    PublicationOutcome.PREPARED,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_REPLICATION_NOT_READY,
                    "the candidate no longer passes the readiness barrier; nothing was sent; run again to resume"));
        }
        SlotRead<AuthorityRecord> slot = ports.authority().readVersioned(record.targetKey());
        boolean unchanged = slot instanceof SlotRead.Present<AuthorityRecord> present
                && present.valid().equals(Optional.of(prepared));
        if (!unchanged) {
            return Optional.of(Ending.of(
                    PublicationOutcome.UNKNOWN,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT,
                    "the authority record changed before dispatch; nothing was sent; run again to reconcile"));
        }
        return Optional.empty();
    }

    private static Optional<Ending> drift(DponeErrorCode code, String what) {
        return Optional.of(Ending.of(
                PublicationOutcome.UNKNOWN,
                code,
                what + "; drift is never rebuilt or overwritten automatically; nothing was sent"));
    }
}
