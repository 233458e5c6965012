package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.SlotRead;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.digest.Sha256ProtocolDigests;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterInventory;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupDecision;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.ddl.QueueEntryResolver;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.LostDrop;
import io.dpone.clickhouse.cluster.flow.ReceiptTimes;
import io.dpone.clickhouse.cluster.port.BoundedWait;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.QueueLookup;
import io.dpone.clickhouse.external.admission.ResolvedInventory;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code dpone status} for external mode: the target's record and what every member and the bound
 * queue entries show for it, read through the catalog and queue and, for the members' time zones
 * (part of the inventory digest), one identifying read over each member's direct connection (no
 * probe, no bootstrap, no wait, no write). Unlike publication, it tolerates an unreachable member (reported
 * UNKNOWN) so an operator can see the per-member state during an outage. Each phase says what
 * happened and what the next run of the invocation will do, in the words of the publish run and
 * of the internal status; a pre-publication record whose bound inventory is not the cluster's now
 * is reported fenced (the next run of its invocation aborts it safely, it never continues).
 */
final class StatusView {
    private final ExternalPorts ports;
    private final ExternalSettings settings;
    private final Classifications classifications;
    private final QueueEntryResolver queue;

    StatusView(ExternalPorts ports, ExternalSettings settings, Classifications classifications) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.classifications = requireNonNull(classifications, "classifications is null");
        this.queue = new QueueEntryResolver(
                ports.ddl(),
                Sha256ProtocolDigests.INSTANCE,
                BoundedWait.once(),
                BoundedWait.once(),
                ports.sleeper(),
                Cancellation.NEVER);
    }

    PublicationReceipt read(ExternalOperation operation, boolean invocationGiven) {
        ExternalEvidence evidence = new ExternalEvidence(ReceiptTimes.ofRead());
        CatalogRead<ClusterInventory> read = ports.catalog().inventory(settings.cluster());
        if (!(read instanceof CatalogRead.Observed<ClusterInventory> observed)) {
            throw ((CatalogRead.Unreadable<ClusterInventory>) read)
                    .refusal(
                            DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                            "the inventory could not be read");
        }
        ResolvedInventory inventory = ResolvedInventory.resolve(observed.facts(), ports.endpoints());
        // the digest covers each member's time zone, which only the member itself can say (one read each)
        Optional<Digest> now = MemberIdentities.identify(inventory, ports.members(), settings.cluster())
                .digest();
        evidence.inventory(inventory, now);
        if (facadeAbsentEverywhere(operation)) {
            return evidence.noRecordReceipt("no member has the control facade yet, so the target has no record");
        }
        SlotRead<ExternalSlot> slot = ports.authority().readVersioned(operation.targetKey());
        if (slot instanceof SlotRead.Unavailable<ExternalSlot>) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_TRANSPORT_FAILED, "the authority slot could not be read");
        }
        if (slot instanceof SlotRead.Absent<ExternalSlot>) {
            return evidence.noRecordReceipt("the target has no authority record");
        }
        SlotVersion<ExternalSlot> current = ((SlotRead.Present<ExternalSlot>) slot)
                .valid()
                .orElseThrow(() -> new DponeException(
                        DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID,
                        "the authority record is not a valid record"));
        evidence.record(current);
        evidence.readAt(ports.clock().instant());
        if (current.record() instanceof InternalBaseline baseline) {
            if (baseline.completed()) {
                return evidence.noRecordReceipt("the slot holds a completed internal-mode record; a new external"
                        + " operation takes it over by a version-checked migration");
            }
            return Ending.of(
                            PublicationOutcome.UNKNOWN,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH,
                            "an unresolved internal-mode record holds the"
                                    + " target; external mode is blocked until it completes")
                    .receipt(baseline.operationId().hex(), evidence);
        }
        ExternalRecord record = (ExternalRecord) current.record();
        if (invocationGiven) {
            evidence.step(
                    record.operationId().equals(operation.operationId())
                            ? "record belongs to this invocation"
                            : "record belongs to another invocation");
        }
        if (now.isEmpty()) {
            evidence.step(
                    "a member's direct connection did not answer as that member: its time zone, part of the inventory"
                            + " digest, was not read, so the inventory is not compared");
        }
        // an unread digest is no drift verdict: status reports what it can see, a publish run refuses at admission
        AdmittedMembers cluster = new AdmittedMembers(
                inventory,
                now.orElse(record.payload().inventoryDigest()),
                inventory.members().stream()
                        .map(member -> new AdmittedMembers.Member(
                                member.row(), ports.members().session(member.endpoint())))
                        .toList(),
                Map.of(),
                Optional.empty(),
                Map.of(),
                List.of());
        return conclude(cluster, record, evidence).receipt(record.operationId().hex(), evidence);
    }

    /** True only when the facade read answers and shows no control table on any member. */
    private boolean facadeAbsentEverywhere(ExternalOperation operation) {
        CatalogRead<List<FacadeObservation>> facades =
                ports.facades().observe(settings.cluster(), settings.facade(), operation.targetKey());
        return facades instanceof CatalogRead.Observed<List<FacadeObservation>> observed
                && !observed.facts().isEmpty()
                && observed.facts().stream().allMatch(FacadeObservation.Absent.class::isInstance);
    }

    private Ending conclude(AdmittedMembers cluster, ExternalRecord record, ExternalEvidence evidence) {
        var candidate = Statements.candidate(record, settings.target());
        boolean drifted = !record.payload().inventoryDigest().equals(cluster.inventoryDigest());
        return switch (record.phase()) {
            case COMPLETED -> {
                classifications.completed(cluster, record, candidate, evidence);
                yield Ending.committed();
            }
            case ABORTED ->
                Ending.of(
                        PublicationOutcome.ABORTED,
                        record.payload().abortCode(),
                        "the operation ended before publication after exact owned cleanup (not success); nothing was published;"
                                + " a new invocation id publishes the target");
            case LOCKED, STAGING ->
                drifted
                        ? fenced(record)
                        : Ending.of(
                                PublicationOutcome.PREPARED,
                                DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                                "nothing was published; staging is not finished ("
                                        + record.phase()
                                        + (record.phase() == ExternalPhase.LOCKED
                                                ? ": the target is locked, no candidate" + " exists yet"
                                                : ": the artifact is bound, members are being staged")
                                        + "); unless a run of"
                                        + " this invocation is active, run publish with the same invocation id to continue");
            case STAGED -> drifted ? fenced(record) : publication(cluster, record, candidate, evidence);
            case PUBLICATION_DISPATCHING -> publication(cluster, record, candidate, evidence);
            case COMMITTED, CLEANUP_DISPATCHING -> cleanup(cluster, record, candidate, evidence);
        };
    }

    /** A pre-publication operation whose bound inventory is not the cluster's any more: it never continues. */
    private static Ending fenced(ExternalRecord record) {
        return Ending.of(
                PublicationOutcome.PREPARED,
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                "nothing was published; the inventory changed since the operation bound it in " + record.phase()
                        + ", so it is fenced and never continues; run publish with the same invocation id to abort it safely"
                        + (record.phase() == ExternalPhase.LOCKED
                                ? " (no candidate exists)"
                                : " (its owned candidates are"
                                        + " dropped when every member can be proven, otherwise the run says which member cannot)")
                        + ", then a new invocation id publishes; see the runbook");
    }

    private Ending publication(
            AdmittedMembers cluster,
            ExternalRecord record,
            io.dpone.clickhouse.cluster.sql.TableRef candidate,
            ExternalEvidence evidence) {
        boolean staged = record.phase() == ExternalPhase.STAGED;
        QueueResult queueResult = staged
                ? QueueResult.NO_ENTRY
                : entry(
                        cluster,
                        record.payload().publication(),
                        Statements.publication(record, settings.cluster(), settings.target()),
                        evidence,
                        true);
        PublicationVerdict verdict = classifications.publication(cluster, record, candidate, queueResult, evidence);
        DponeErrorCode partial = DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL;
        if (staged && !verdict.classification().permitsDispatch()) {
            return stagedRefused(verdict);
        }
        return switch (verdict.classification()) {
            // the internal PREPARED status, word for word: staged is the external PREPARED
            case DISPATCH_PERMITTED_AFTER_CAS ->
                Ending.of(
                        PublicationOutcome.PREPARED,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                        "staged on every member; no publication statement was sent yet; run publish with the same invocation id"
                                + " to publish");
            case IN_PROGRESS, PARTIAL_IN_PROGRESS ->
                Ending.of(
                        PublicationOutcome.WAITING,
                        partial,
                        "the original publication entry is still running on some members; run publish with the same invocation id"
                                + " later to wait for it (it is never sent again)");
            case COMMIT_PROVEN_PROCEED_TO_CLEANUP ->
                Ending.of(
                        PublicationOutcome.WAITING,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                        "every member exposes its desired generation (commit"
                                + " proven) but the record is not COMMITTED yet; run publish with the same invocation id to record"
                                + " it and clean up");
            case PARTIAL_TERMINAL ->
                Ending.of(PublicationOutcome.TERMINAL_PARTIAL, partial, "terminal mixed; follow the runbook");
            case ALL_PENDING_TERMINAL_FAILURE ->
                Ending.of(PublicationOutcome.FAILED, partial, "the entry failed on every member; nothing changed");
            default ->
                Ending.of(
                        PublicationOutcome.UNKNOWN,
                        partial,
                        "the evidence does not prove any state (" + verdict.cause() + "); follow the runbook");
        };
    }

    /**
     * STAGED, but the members do not show exactly the bound targets and candidates: nothing was sent.
     * An unreachable member is waited for; anything else is what the publish run's revalidation fences.
     */
    private static Ending stagedRefused(PublicationVerdict verdict) {
        if (verdict.cause() == UnknownCause.MEMBER_UNAVAILABLE) {
            return Ending.of(
                    PublicationOutcome.PREPARED,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                    "staged, nothing was sent; a member cannot be read now; run publish with the same invocation id once it"
                            + " is back");
        }
        DponeErrorCode code = verdict.cause() == UnknownCause.MEMBERSHIP_MISMATCH
                ? DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE
                : DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED;
        return Ending.of(
                PublicationOutcome.PREPARED,
                code,
                "staged, nothing was sent; a member no longer shows exactly its"
                        + " bound target and staged candidate (" + verdict.cause()
                        + "), so the operation is fenced and never"
                        + " publishes; run publish with the same invocation id to abort it safely, then a new invocation id"
                        + " publishes; see the runbook");
    }

    private Ending cleanup(
            AdmittedMembers cluster,
            ExternalRecord record,
            io.dpone.clickhouse.cluster.sql.TableRef candidate,
            ExternalEvidence evidence) {
        DdlBinding binding = record.payload().cleanup();
        boolean lost = record.payload().cleanupLost();
        if (LostDrop.inFlight(binding, lost)) {
            QueueLookup lookup = ports.ddl()
                    .lookup(Statements.cleanup(record, settings.cluster(), settings.target())
                            .expected(binding.token()));
            if (lookup instanceof QueueLookup.Unknown unknown && unknown.reason() == QueueLookup.Reason.NO_ENTRY) {
                return unboundDrop(classifications.cleanupLost(cluster, record, candidate, evidence));
            }
        }
        // the same reading ExternalCleanupDriver makes, so status and a rerun agree on what comes next
        QueueResult cleanupQueue = binding == null || lost || binding.receipt() != null
                ? LostDrop.queue(binding, lost, null)
                : entry(
                        cluster,
                        binding,
                        Statements.cleanup(record, settings.cluster(), settings.target()),
                        evidence,
                        false);
        CleanupVerdict verdict = lost
                ? classifications.cleanupLost(cluster, record, candidate, evidence)
                : classifications.cleanup(cluster, record, candidate, cleanupQueue, evidence);
        return verdict.decision() == CleanupDecision.PROHIBITED
                ? Ending.of(
                        PublicationOutcome.UNKNOWN,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN,
                        "published; cleanup is prohibited (" + verdict.cause() + "); follow the runbook")
                : Ending.of(
                        PublicationOutcome.WAITING,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN,
                        "published; cleanup is pending; run publish with the same invocation id to finish it");
    }

    /**
     * No queue entry carries the unbound drop's token (one lookup, no visibility wait): the publish
     * rerun waits for it and, if none appears, redispatches only what the lost-drop verdict permits.
     */
    private static Ending unboundDrop(CleanupVerdict verdict) {
        return verdict.decision() == CleanupDecision.PROHIBITED
                ? Ending.of(
                        PublicationOutcome.UNKNOWN,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN,
                        "published; no queue entry carries the cleanup drop's token, and cleanup is prohibited ("
                                + verdict.cause() + "); follow the runbook")
                : Ending.of(
                        PublicationOutcome.WAITING,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN,
                        "published; no queue entry carries the cleanup drop's token yet; run publish with the same"
                                + " invocation id: if none appears it redispatches the drop, since every member holds"
                                + " its recorded predecessor or nothing");
    }

    private QueueResult entry(
            AdmittedMembers cluster,
            DdlBinding binding,
            FencedDdl statement,
            ExternalEvidence evidence,
            boolean publication) {
        BoundEntry entry;
        if (binding.entry() != null) {
            entry = Statements.bound(binding, settings.cluster());
        } else {
            QueueLookup lookup = ports.ddl().lookup(statement.expected(binding.token()));
            if (!(lookup instanceof QueueLookup.Bound bound)) {
                return QueueResult.UNKNOWN;
            }
            entry = bound.entry();
        }
        EntryAggregation hosts = queue.readOnce(entry, cluster.hosts());
        if (publication) {
            evidence.publicationHosts(hosts);
        } else {
            evidence.cleanupHosts(hosts);
        }
        return QueueResult.of(hosts.outcome());
    }
}
