package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.VersionedRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupClassifier;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupDecision;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupFacts;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationShape;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.contract.reconcile.UnknownCause;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.engine.LostDrop;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.flow.ReplicaReader;
import io.dpone.clickhouse.cluster.flow.Waits;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * Seed section 6 for a committed operation: only the exact predecessor is ever dropped, with one
 * {@code DROP TABLE IF EXISTS ... ON CLUSTER} under its own fenced epoch and token; the drop entry
 * is bound and reconciled like the publication's; a terminal drop that left exact predecessor
 * copies is redispatched under a new epoch, and so is a lost drop (provably not sent, or no entry
 * carries its token after the visibility wait) once the record marks it lost; completion needs the
 * candidate absent, the target desired on every member and a terminal drop receipt. Inventory
 * drift since PREPARED fences cleanup; cancellation never lets a drop be sent. An absent target has nothing to clean. Prohibited evidence stops here.
 * Once completed, the staging other attempts of the same operation left is listed, never dropped.
 */
final class CleanupFlow {
    /** Drops one invocation may send; more (each a fresh epoch) wait for the next invocation. */
    static final int MAX_DROPS_PER_RUN = 3;

    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final AuthorityWrites writes;
    private final RecordTransitions transitions;
    private final CleanupClassifier classifier;
    private final ReplicaReader replicas;
    private final ReadinessWait targetHealth;
    private final LeftoverAttemptStaging leftovers;

    CleanupFlow(
            PublicationPorts ports,
            PublicationSettings settings,
            AuthorityWrites writes,
            RecordTransitions transitions,
            CleanupClassifier classifier,
            LeftoverAttemptStaging leftovers) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.transitions = requireNonNull(transitions, "transitions is null");
        this.classifier = requireNonNull(classifier, "classifier is null");
        this.replicas = new ReplicaReader(ports.catalog(), settings.cluster());
        this.targetHealth = new ReadinessWait(ports.catalog(), settings.cluster(), settings.readiness());
        this.leftovers = requireNonNull(leftovers, "leftovers is null");
    }

    /** What one invocation's cleanup carries from step to step: the drops it sent and its wait attempts. */
    static final class Pass {
        private int drops;
        private int attempt;
        private boolean started;

        /** Reports the cleanup progress step once per invocation, then counts one more step. */
        private void next(Run run) {
            if (!started) {
                run.waits().progress().step("cleanup");
                started = true;
            }
            attempt++;
        }
    }

    /** COMPLETED: reads what every member shows for the receipt and lists other attempts' staging. */
    Conclusion completed(AdmittedCluster cluster, VersionedRecord completed, Run run, Pass pass) {
        pass.next(run);
        AuthorityRecord record = completed.record();
        ClassificationNames.completed(run.evidence(), cluster, record, replicas, settings.target());
        leftovers.report(record, run.evidence());
        return Conclusion.committed();
    }

    /** COMMITTED, CLEANUP_DISPATCHING or CLEANUP_PENDING: at most one drop, one bind or one record write. */
    StepResult<VersionedRecord, Conclusion> step(AdmittedCluster cluster, VersionedRecord current, Run run, Pass pass) {
        pass.next(run);
        AuthorityRecord record = current.record();
        Optional<Conclusion> drifted = InventoryFence.check(cluster, record, "cleanup");
        if (drifted.isPresent()) {
            return new StepResult.Concluded<>(drifted.get());
        }
        DdlBinding cleanup = record.payload().cleanup();
        if (LostDrop.inFlight(cleanup, RecordTransitions.dropLost(record))) {
            return bindEntry(current, run);
        }
        EntryAggregation hosts = cleanup == null || cleanup.receipt() != null || cleanup.entry() == null
                ? null
                : run.read(RecordShapes.bound(cleanup, settings.cluster()), cluster.hosts());
        run.evidence().cleanupHosts(hosts);
        CleanupVerdict verdict = classify(cluster, record, cleanupQueue(record, hosts), run.waits());
        ClassificationNames.record(run.evidence(), verdict);
        if (run.waits().cancelled() && stoppedByCancellation(verdict)) {
            return new StepResult.Concluded<>(cancelled());
        }
        return act(current, verdict, hosts, run, pass);
    }

    private StepResult<VersionedRecord, Conclusion> act(
            VersionedRecord current, CleanupVerdict verdict, EntryAggregation hosts, Run run, Pass pass) {
        AuthorityRecord record = current.record();
        AuthorityRecord next;
        switch (verdict.decision()) {
            case NOTHING_TO_CLEAN ->
                next = transitions.completed(record, null, ports.clock().instant());
            case CLEANUP_VERIFIED ->
                next = transitions.completed(
                        record,
                        hosts == null ? null : hosts.outcome(),
                        ports.clock().instant());
            case DISPATCH_PERMITTED_AFTER_CAS, REDISPATCH_PERMITTED_AFTER_CAS -> {
                if (pass.drops == MAX_DROPS_PER_RUN) {
                    return new StepResult.Concluded<>(Conclusion.of(
                            PublicationOutcome.WAITING,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                            "published on every member; cleanup is not finished after " + pass.drops + " drops in"
                                    + " this invocation; run the same invocation again later to finish cleanup"));
                }
                pass.drops++;
                return drop(current, hosts, run.evidence());
            }
            case WAIT_FOR_CLEANUP_ENTRY -> {
                if (!run.waits().pause("cleanup entry", pass.attempt, settings.entryProgress())) {
                    return new StepResult.Concluded<>(Conclusion.of(
                            PublicationOutcome.WAITING,
                            DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                            "published on every member; the original cleanup entry is still running; run the same"
                                    + " invocation again later to finish cleanup"));
                }
                return new StepResult.Continue<>(current);
            }
            default -> {
                return new StepResult.Concluded<>(Conclusion.of(
                        PublicationOutcome.UNKNOWN,
                        DponeErrorCode.CLICKHOUSE_CLUSTER_CLEANUP_UNSAFE,
                        "published on every member, but cleanup is prohibited (" + verdict.cause()
                                + "); the predecessor is retained; follow the runbook"));
            }
        }
        return writes.write(current, next, run.evidence()).result();
    }

    /**
     * Cancellation never lets a drop be sent, and a readiness wait it cut short is not a finding:
     * both end the invocation as waiting. A completion (no DDL) and a real prohibition still stand.
     */
    private static boolean stoppedByCancellation(CleanupVerdict verdict) {
        return verdict.decision().permitsDrop()
                || verdict.decision() == CleanupDecision.WAIT_FOR_CLEANUP_ENTRY
                || verdict.cause() == UnknownCause.REPLICATION_NOT_READY;
    }

    private static Conclusion cancelled() {
        return Conclusion.of(
                PublicationOutcome.WAITING,
                DponeErrorCode.CLICKHOUSE_CLUSTER_DDL_UNRESOLVED,
                "published on every member; cancelled before cleanup finished, and no cleanup statement was sent after"
                        + " the cancellation; run the same invocation again to finish cleanup");
    }

    private static QueueResult cleanupQueue(AuthorityRecord record, EntryAggregation hosts) {
        return LostDrop.queue(record.payload().cleanup(), RecordTransitions.dropLost(record), hosts);
    }

    private CleanupVerdict classify(
            AdmittedCluster cluster, AuthorityRecord record, QueueResult cleanupQueue, Waits waits) {
        PublicationShape shape = RecordShapes.shape(record);
        TableRef candidate = RecordShapes.candidate(record, settings.target());
        // complete replication health of the published target, not the staged count: the target is the platform's now
        boolean healthy = shape instanceof PublicationShape.AbsentTarget
                || targetHealth.awaitHealthy(cluster.hosts(), settings.target(), waits);
        return classifier.classify(new CleanupFacts(
                shape,
                record.phase(),
                cluster.hosts(),
                replicas.observe(cluster.hosts(), settings.target(), candidate),
                QueueResult.of(record.payload().publication().receipt()),
                cleanupQueue,
                healthy));
    }

    /** One drop under a fresh cleanup epoch. */
    private StepResult<VersionedRecord, Conclusion> drop(
            VersionedRecord current, EntryAggregation previousDrop, RunEvidence evidence) {
        VersionedRecord from = current;
        if (from.record().phase() == AuthorityPhase.CLEANUP_DISPATCHING) {
            // A terminal drop left exact predecessor copies: persist its receipt before a new epoch.
            AuthorityWrites.Step pending = writes.write(
                    from,
                    transitions.cleanupPending(
                            from.record(), previousDrop.outcome(), ports.clock().instant()),
                    evidence);
            if (!(pending instanceof AuthorityWrites.Step.Advanced receipted)) {
                return pending.result();
            }
            from = receipted.current();
            if (from.record().phase() != AuthorityPhase.CLEANUP_PENDING) {
                return pending.result();
            }
        }
        AuthorityWrites.Step step = writes.write(
                from,
                transitions.cleanupDispatching(from.record(), ports.clock().instant()),
                evidence);
        if (!(step instanceof AuthorityWrites.Step.Advanced advanced)
                || advanced.permit().isEmpty()) {
            return step.result();
        }
        evidence.step("cleanup dispatched");
        DdlDispatch dispatch = ports.ddl()
                .dispatch(
                        RecordShapes.cleanup(advanced.current().record(), settings.cluster(), settings.target()),
                        advanced.permit().get());
        if (LostDrop.notSent(dispatch)) {
            // Provably never sent: record the drop as lost; the classifier decides on a redispatch.
            evidence.step(LostDrop.notSentStep(dispatch));
            return lost(advanced.current(), evidence);
        }
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            throw new IllegalStateException("a fresh permit was refused: " + refused.reason());
        }
        return step.result();
    }

    private StepResult<VersionedRecord, Conclusion> bindEntry(VersionedRecord current, Run run) {
        AuthorityRecord record = current.record();
        DdlBinding cleanup = record.payload().cleanup();
        LostDrop.Look look = LostDrop.look(
                run.queue(),
                run.waits(),
                RecordShapes.cleanup(record, settings.cluster(), settings.target())
                        .expected(cleanup.token()),
                ports.authority().permitMaxAge(),
                run.evidence()::step);
        if (look instanceof LostDrop.Look.Lost) {
            run.evidence().step("cleanup entry unbound: " + QueueResolution.Cause.NO_ENTRY);
            // Zero entries after the whole takeover wait: never sent, or its entry is gone.
            return lost(current, run.evidence());
        }
        if (look instanceof LostDrop.Look.Unresolved unresolved) {
            run.evidence().step("cleanup entry unbound: " + unresolved.cause());
            return new StepResult.Concluded<>(
                    unresolved.cause() == QueueResolution.Cause.CANCELLED
                            ? cancelled()
                            : Conclusion.of(
                                    PublicationOutcome.UNKNOWN,
                                    DponeErrorCode.CLICKHOUSE_CLUSTER_CLEANUP_UNSAFE,
                                    "published on every member; no single queue entry carries the cleanup token, so cleanup cannot"
                                            + " be proven; the predecessor may be partly dropped; follow the runbook"));
        }
        LostDrop.Look.Bound bound = (LostDrop.Look.Bound) look;
        return writes.write(
                        current,
                        transitions.cleanupBound(
                                record, bound.entry(), ports.clock().instant()),
                        run.evidence())
                .result();
    }

    /** CLEANUP_DISPATCHING -> CLEANUP_PENDING marking the drop lost. */
    private StepResult<VersionedRecord, Conclusion> lost(VersionedRecord current, RunEvidence evidence) {
        return writes.write(
                        current,
                        transitions.cleanupLost(current.record(), ports.clock().instant()),
                        evidence)
                .result();
    }
}
