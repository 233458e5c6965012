package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupDecision;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.LostDrop;
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * {@code dpone status}: the target's record and what every member and the queue show for it, read
 * only. Unlike publication, it still answers while a member is unreachable, so an operator sees the
 * record, its phase and the queue evidence during an outage; but the member read is one fan-out that
 * fails as a whole ({@link ReplicaReader}), so then <em>every</em> member shows UNKNOWN and the
 * outcome is {@code unknown} ({@code MEMBER_UNAVAILABLE}), never a state of the members that did
 * answer. It sends no mutation, no probe and no bootstrap, and it never waits. A record that is not
 * COMPLETED is first held to the {@link InventoryFence} publication applies, so on drift status says
 * {@code unknown} ({@code INVENTORY_INCOMPLETE}) exactly as the rerun would.
 */
final class StatusReader {
    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final ProtocolDigests digests;
    private final PublicationClassifier publication;
    private final CleanupClassifier cleanup;
    private final QueueEntryResolver queue;
    private final ReplicaReader replicas;
    private final LeftoverAttemptStaging leftovers;
    private final ReadinessWait targetHealth;

    StatusReader(
            PublicationPorts ports,
            PublicationSettings settings,
            ProtocolDigests digests,
            PublicationClassifier publication,
            CleanupClassifier cleanup,
            LeftoverAttemptStaging leftovers) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.digests = requireNonNull(digests, "digests is null");
        this.publication = requireNonNull(publication, "publication is null");
        this.cleanup = requireNonNull(cleanup, "cleanup is null");
        this.queue = new QueueEntryResolver(
                ports.ddl(), digests, BoundedWait.once(), BoundedWait.once(), ports.sleeper(), Cancellation.NEVER);
        this.replicas = new ReplicaReader(ports.catalog(), settings.cluster());
        this.leftovers = requireNonNull(leftovers, "leftovers is null");
        this.targetHealth = new ReadinessWait(ports.catalog(), settings.cluster(), BoundedWait.once());
    }

    /**
     * The record's conclusion as of now, or empty when the target has no record. With {@code mine}
     * (the operation id of the invocation asked about) the evidence says whether the record is that
     * invocation's; without it, that step is left out.
     */
    Optional<Ending> read(Optional<Digest> mine, InternalEvidence evidence) {
        CatalogRead<ClusterInventory> inventory = ports.catalog().inventory(settings.cluster());
        if (!(inventory instanceof CatalogRead.Observed<ClusterInventory> observed)) {
            throw ((CatalogRead.Unreadable<ClusterInventory>) inventory)
                    .refusal(DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE, "the inventory could not be read");
        }
        AdmittedCluster cluster =
                new AdmittedCluster(observed.facts(), digests.inventory(observed.facts()), Optional.empty());
        evidence.inventory(observed.facts(), cluster.inventoryDigest().hex());
        SlotRead<AuthorityRecord> slot =
                ports.authority().readVersioned(OperationIdentity.targetKey(settings, digests));
        if (slot instanceof SlotRead.Unavailable<AuthorityRecord> unavailable) {
            throw new DponeException(unavailable.code(), "the authority slot could not be read");
        }
        if (slot instanceof SlotRead.Absent<AuthorityRecord>) {
            return Optional.empty();
        }
        SlotVersion<AuthorityRecord> current = ((SlotRead.Present<AuthorityRecord>) slot)
                .valid()
                .orElseThrow(() -> new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID,
                        "the authority record is not a valid V1 record"));
        evidence.record(current);
        evidence.readAt(ports.clock().instant());
        mine.ifPresent(operation -> evidence.step(
                current.record().operationId().equals(operation)
                        ? "record belongs to this invocation"
                        : "record belongs to another invocation"));
        return Optional.of(conclude(cluster, current.record(), evidence));
    }

    private Ending conclude(AdmittedCluster cluster, AuthorityRecord record, InternalEvidence evidence) {
        TableRef candidate = RecordShapes.candidate(record, settings.target());
        if (record.phase() == AuthorityPhase.COMPLETED) {
            ClassificationNames.completed(evidence, cluster, record, replicas, settings.target());
            leftovers.report(record, evidence);
            return Ending.committed();
        }
        // the fence dispatch, reconciliation and cleanup apply first, so status never promises a rerun that is fenced
        Optional<Ending> drifted = InventoryFence.check(cluster, record, fencedStep(record.phase()));
        if (drifted.isPresent()) {
            return drifted.get();
        }
        if (record.phase() == AuthorityPhase.PREPARED || record.phase() == AuthorityPhase.DISPATCHING) {
            QueueResult queueResult = record.phase() == AuthorityPhase.PREPARED
                    ? QueueResult.NO_ENTRY
                    : publicationQueue(cluster, record, evidence);
            PublicationVerdict verdict = publication.classify(new PublicationFacts(
                    RecordShapes.shape(record),
                    record.phase(),
                    cluster.hosts(),
                    replicas.observe(cluster.hosts(), settings.target(), candidate),
                    queueResult));
            ClassificationNames.record(evidence, verdict);
            return switch (verdict.classification()) {
                case DISPATCH_PERMITTED_AFTER_CAS ->
                    Ending.of(
                            PublicationOutcome.PREPARED,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                            "prepared; no publication statement was sent yet");
                case IN_PROGRESS, PARTIAL_IN_PROGRESS, COMMIT_PROVEN_PROCEED_TO_CLEANUP ->
                    Ending.of(
                            PublicationOutcome.WAITING,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                            "the original entry is running or proven; run publish with the same invocation id to continue");
                case PARTIAL_TERMINAL ->
                    Ending.of(
                            PublicationOutcome.TERMINAL_PARTIAL,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED,
                            "terminal mixed; follow the runbook");
                case ALL_PENDING_TERMINAL_FAILURE ->
                    Ending.of(
                            PublicationOutcome.FAILED,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                            "the entry failed on every member; nothing changed");
                default -> InternalPublicationDriver.unknown(verdict);
            };
        }
        QueueResult cleanupQueue = cleanupQueue(cluster, record, evidence);
        if (cleanupQueue == QueueResult.NO_ENTRY && record.phase() == AuthorityPhase.CLEANUP_DISPATCHING) {
            // what the next run does with it (wait, then record the drop lost) needs the visibility wait status never
            // makes
            return Ending.of(
                    PublicationOutcome.WAITING,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                    "published; no queue entry carries the cleanup drop's token yet; run publish with the same invocation id:"
                            + " it waits for the entry and, if none appears, redispatches the drop only while every member"
                            + " holds exactly the predecessor or nothing");
        }
        // the health rule cleanup applies, read once instead of waited for
        boolean healthy = RecordShapes.shape(record) instanceof PublicationShape.AbsentTarget
                || targetHealth.healthyNow(cluster.hosts(), settings.target());
        CleanupVerdict verdict = cleanup.classify(new CleanupFacts(
                RecordShapes.shape(record),
                record.phase(),
                cluster.hosts(),
                replicas.observe(cluster.hosts(), settings.target(), candidate),
                QueueResult.of(record.payload().publication().receipt()),
                cleanupQueue,
                healthy));
        ClassificationNames.record(evidence, verdict);
        return verdict.decision() == CleanupDecision.PROHIBITED
                ? Ending.of(
                        PublicationOutcome.UNKNOWN,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_CLEANUP_UNSAFE,
                        "published; cleanup is prohibited (" + verdict.cause() + "); follow the runbook")
                : Ending.of(
                        PublicationOutcome.WAITING,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                        "published; cleanup is pending; run publish with the same invocation id to finish it");
    }

    private static String fencedStep(AuthorityPhase phase) {
        return switch (phase) {
            case PREPARED -> "dispatch";
            case DISPATCHING -> "reconciliation";
            default -> "cleanup";
        };
    }

    private QueueResult publicationQueue(AdmittedCluster cluster, AuthorityRecord record, InternalEvidence evidence) {
        DdlBinding binding = record.payload().publication();
        FencedDdl statement = RecordShapes.publication(record, settings.cluster(), settings.target());
        return entryResult(cluster, binding, statement, evidence, true);
    }

    private QueueResult cleanupQueue(AdmittedCluster cluster, AuthorityRecord record, InternalEvidence evidence) {
        DdlBinding binding = record.payload().cleanup();
        if (binding == null) {
            return QueueResult.NO_ENTRY;
        }
        if (binding.receipt() != null || InternalRecordBuilder.dropLost(record)) {
            // the same reading InternalCleanupDriver makes, so status and a rerun agree on what comes next
            return LostDrop.queue(binding, InternalRecordBuilder.dropLost(record), null);
        }
        return entryResult(
                cluster, binding, RecordShapes.cleanup(record, settings.cluster(), settings.target()), evidence, false);
    }

    private QueueResult entryResult(
            AdmittedCluster cluster,
            DdlBinding binding,
            FencedDdl statement,
            InternalEvidence evidence,
            boolean isPublication) {
        BoundEntry entry;
        if (binding.entry() != null) {
            entry = RecordShapes.bound(binding, settings.cluster());
        } else {
            QueueLookup lookup = ports.ddl().lookup(statement.expected(binding.token()));
            if (!isPublication
                    && lookup instanceof QueueLookup.Unknown unknown
                    && unknown.reason() == QueueLookup.Reason.NO_ENTRY) {
                return QueueResult.NO_ENTRY;
            }
            if (!(lookup instanceof QueueLookup.Bound bound)) {
                return QueueResult.UNKNOWN;
            }
            entry = bound.entry();
        }
        EntryAggregation hosts = queue.readOnce(entry, cluster.hosts());
        if (isPublication) {
            evidence.publicationHosts(hosts);
        } else {
            evidence.cleanupHosts(hosts);
        }
        return QueueResult.of(hosts.outcome());
    }
}
