package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.PermitLifetime;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * Seed sections 3 (steps 5-9), 4 and 5 for one operation that holds the slot: from PREPARED,
 * revalidate, CAS to DISPATCHING and send the one publication statement under the permit that CAS
 * returned; from DISPATCHING, never send anything, only bind the exact entry and reconcile every
 * replica with it until the outcome is proven or the bounded wait ends.
 */
final class PublicationFlow {
    /** The title of the runbook section (docs/runbook/operator-recovery.md) for an unbound DISPATCHING record. */
    static final String RUNBOOK_NO_ENTRY = "A DISPATCHING record without a queue entry";

    static final String RUNBOOK_TWO_ENTRIES = "Inspecting the bound queue entry";

    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final SlotWrites<AuthorityRecord> writes;
    private final RecordTransitions transitions;
    private final PublicationClassifier classifier;
    private final Revalidation revalidation;
    private final ReplicaReader replicas;

    PublicationFlow(
            PublicationPorts ports,
            PublicationSettings settings,
            SlotWrites<AuthorityRecord> writes,
            RecordTransitions transitions,
            PublicationClassifier classifier,
            Revalidation revalidation) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.transitions = requireNonNull(transitions, "transitions is null");
        this.classifier = requireNonNull(classifier, "classifier is null");
        this.revalidation = requireNonNull(revalidation, "revalidation is null");
        this.replicas = new ReplicaReader(ports.catalog(), settings.cluster());
    }

    /** From PREPARED: the only path that can send a publication statement, and only under a fresh permit. */
    StepResult<AuthorityRecord> dispatch(
            AdmittedCluster cluster, SlotVersion<AuthorityRecord> prepared, Invocation<InternalEvidence> run) {
        Optional<Ending> invalid = revalidation.beforeDispatch(cluster, prepared, run);
        if (invalid.isPresent()) {
            return new StepResult.Concluded<>(invalid.get());
        }
        if (run.waits().cancelled()) {
            return new StepResult.Concluded<>(cancelledBeforeDispatch());
        }
        run.waits().progress().step("dispatch");
        AuthorityRecord next =
                transitions.dispatching(prepared.record(), ports.clock().instant());
        SlotWrites.Step<AuthorityRecord> step = writes.write(prepared, next, run.evidence());
        if (step instanceof SlotWrites.Step.Stopped<AuthorityRecord> stopped) {
            return new StepResult.Concluded<>(stopped.ending());
        }
        SlotWrites.Step.Advanced<AuthorityRecord> advanced = (SlotWrites.Step.Advanced<AuthorityRecord>) step;
        if (advanced.permit().isEmpty()) {
            // Another worker of this operation won the CAS: reconcile what it sent, never send.
            return reconcile(cluster, advanced.current(), run);
        }
        DispatchPermit permit = advanced.permit().get();
        run.evidence().step("publication dispatched");
        DdlDispatch dispatch = ports.ddl()
                .dispatch(
                        RecordShapes.publication(advanced.current().record(), settings.cluster(), settings.target()),
                        permit);
        if (dispatch instanceof DdlDispatch.NotSent) {
            return new StepResult.Concluded<>(Ending.of(
                    PublicationOutcome.UNKNOWN,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                    "the publication statement provably did not reach the server, but the record is DISPATCHING and V1"
                            + " never redispatches; follow the runbook section \"" + RUNBOOK_NO_ENTRY + "\""));
        }
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            if (refused.reason() != DdlDispatch.Refusal.EXPIRED) {
                throw new IllegalStateException("a fresh permit was refused: " + refused.reason());
            }
            run.evidence().step("publication not sent: the dispatch permit expired");
            return new StepResult.Concluded<>(Ending.of(
                    PublicationOutcome.UNKNOWN,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                    "the dispatch permit expired before the send: this worker stalled longer than the permit's bound ("
                            + PermitLifetime.maxAge(settings.ddlTaskTimeoutSeconds())
                                    .toSeconds() + " s) between the"
                            + " dispatch CAS and the send, so it sent nothing; the record is DISPATCHING and V1 never"
                            + " redispatches; follow the runbook section \"" + RUNBOOK_NO_ENTRY + "\""));
        }
        return reconcile(cluster, advanced.current(), run);
    }

    /** From DISPATCHING: bind and reconcile; sends no DDL. */
    StepResult<AuthorityRecord> reconcile(
            AdmittedCluster cluster, SlotVersion<AuthorityRecord> dispatching, Invocation<InternalEvidence> run) {
        SlotVersion<AuthorityRecord> current = dispatching;
        for (int attempt = 1; ; attempt++) {
            AuthorityRecord record = current.record();
            if (record.phase() == AuthorityPhase.PREPARED) {
                // The dispatch CAS did not apply (refused, not sent, or another writer's no-op): nothing was sent.
                return new StepResult.Concluded<>(Ending.of(
                        PublicationOutcome.PREPARED,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT,
                        "the dispatch CAS did not apply; no publication statement was sent; run again to continue"));
            }
            if (record.phase() != AuthorityPhase.DISPATCHING) {
                return new StepResult.Continue<>(current);
            }
            Optional<Ending> drifted = InventoryFence.check(cluster, record, "reconciliation");
            if (drifted.isPresent()) {
                return new StepResult.Concluded<>(drifted.get());
            }
            DdlBinding publication = record.payload().publication();
            if (publication.entry() == null) {
                StepResult<AuthorityRecord> bound = bindEntry(cluster, current, run);
                if (bound instanceof StepResult.Concluded<AuthorityRecord> concluded) {
                    return concluded;
                }
                current = ((StepResult.Continue<AuthorityRecord>) bound).current();
                continue;
            }
            BoundEntry entry = RecordShapes.bound(publication, settings.cluster());
            EntryAggregation hosts = run.read(entry, cluster.hosts());
            run.evidence().publicationHosts(hosts);
            PublicationVerdict verdict = classify(cluster, record, QueueResult.of(hosts.outcome()));
            ClassificationNames.record(run.evidence(), verdict);
            switch (verdict.classification()) {
                case COMMIT_PROVEN_PROCEED_TO_CLEANUP -> {
                    return writes.write(
                                    current,
                                    transitions.committed(
                                            record,
                                            hosts.outcome(),
                                            ports.clock().instant()),
                                    run.evidence())
                            .result();
                }
                case IN_PROGRESS, PARTIAL_IN_PROGRESS -> {
                    if (!run.waits().pause("publication entry", attempt, settings.entryProgress())) {
                        return new StepResult.Concluded<>(Ending.of(
                                PublicationOutcome.WAITING,
                                DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                                "the original publication entry is still running on some members; run the same"
                                        + " invocation again later to wait for it (it is never sent again)"));
                    }
                }
                case PARTIAL_TERMINAL -> {
                    return new StepResult.Concluded<>(Ending.of(
                            PublicationOutcome.TERMINAL_PARTIAL,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED,
                            "the publication entry finished on every member but only some committed; both generations"
                                    + " are retained; follow the runbook, never repeat the exchange"));
                }
                case ALL_PENDING_TERMINAL_FAILURE -> {
                    return new StepResult.Concluded<>(Ending.of(
                            PublicationOutcome.FAILED,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                            "the publication entry failed on every member and no member changed; both generations"
                                    + " are retained for an operator"));
                }
                default -> {
                    return new StepResult.Concluded<>(unknown(verdict));
                }
            }
        }
    }

    /** Binds the one entry carrying the publication token and persists it; seed section 4. */
    private StepResult<AuthorityRecord> bindEntry(
            AdmittedCluster cluster, SlotVersion<AuthorityRecord> current, Invocation<InternalEvidence> run) {
        AuthorityRecord record = current.record();
        DdlBinding publication = record.payload().publication();
        QueueBinding binding = run.queue()
                .bind(RecordShapes.publication(record, settings.cluster(), settings.target())
                        .expected(publication.token()));
        if (!(binding instanceof QueueBinding.Bound bound)) {
            QueueResolution.Cause cause = ((QueueBinding.Unbound) binding).cause();
            run.evidence().step("publication entry unbound: " + cause);
            if (cause == QueueResolution.Cause.CANCELLED) {
                return new StepResult.Concluded<>(Ending.of(
                        PublicationOutcome.WAITING,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                        "cancelled while waiting for the publication entry to become visible; nothing more was sent;"
                                + " run the same invocation again to reconcile it (it is never sent again)"));
            }
            return new StepResult.Concluded<>(unbound(cluster, record, cause, run.evidence()));
        }
        return writes.write(
                        current,
                        transitions.publicationBound(
                                record, bound.lookup().entry(), ports.clock().instant()),
                        run.evidence())
                .result();
    }

    private Ending unbound(
            AdmittedCluster cluster, AuthorityRecord record, QueueResolution.Cause cause, InternalEvidence evidence) {
        ClassificationNames.record(evidence, classify(cluster, record, QueueResult.UNKNOWN));
        if (cause == QueueResolution.Cause.MULTIPLE_ENTRIES) {
            // two entries are a duplicate dispatch or a collision, not a missing one: the runbook says stop and
            // escalate
            return Ending.of(
                    PublicationOutcome.UNKNOWN,
                    DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                    "two or more queue entries carry the publication token (a duplicate dispatch or a collision), so the"
                            + " publication cannot be proven and the newest is never chosen; nothing more was sent; follow"
                            + " the runbook section \"" + RUNBOOK_TWO_ENTRIES + "\"");
        }
        return Ending.of(
                PublicationOutcome.UNKNOWN,
                DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                "no single queue entry carries the publication token, so the publication cannot be proven;"
                        + " nothing more was sent; follow the runbook section \"" + RUNBOOK_NO_ENTRY + "\"");
    }

    private PublicationVerdict classify(AdmittedCluster cluster, AuthorityRecord record, QueueResult queueResult) {
        TableRef candidate = RecordShapes.candidate(record, settings.target());
        return classifier.classify(new PublicationFacts(
                RecordShapes.shape(record),
                record.phase(),
                cluster.hosts(),
                replicas.observe(cluster.hosts(), settings.target(), candidate),
                queueResult));
    }

    /** Cancelled after PREPARED and before the dispatch CAS: nothing was or will be sent by this invocation. */
    static Ending cancelledBeforeDispatch() {
        return Ending.of(
                PublicationOutcome.PREPARED,
                DponeErrorCode.PUBLICATION_CANCELLED,
                "cancelled before dispatch; no publication statement was sent; run the same invocation again to"
                        + " revalidate and continue");
    }

    static Ending unknown(PublicationVerdict verdict) {
        DponeErrorCode code = verdict.cause() == null
                ? DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED
                : verdict.cause().code();
        return Ending.of(
                PublicationOutcome.UNKNOWN,
                code,
                "the evidence does not prove any state ("
                        + (verdict.cause() == null ? verdict.classification() : verdict.cause())
                        + "); no DDL and no cleanup on this evidence: restore what the cause names and run the same invocation"
                        + " again, it reconciles read-only first (runbook: unknown)");
    }
}
