package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.BoundEntry;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.engine.LostDrop;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;

/**
 * Predecessor cleanup under its own fence (seed 001, "Cleanup is independently fenced"): only
 * when every member shows its own exact predecessor UUID under the candidate name, one
 * {@code DROP TABLE IF EXISTS ... ON CLUSTER} under a fresh cleanup epoch and token, bound and
 * reconciled like the publication; a terminal drop that left exact predecessors is redispatched
 * under a new epoch once its receipt is persisted; COMPLETED only when every member's candidate
 * name is proven absent and its target desired. An absent target has nothing to clean. Anything
 * else is CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN and drops nothing.
 *
 * <p>A lost drop (provably not sent, or no entry carries its token after the visibility wait, the
 * permit's age and one more visibility wait) follows the one rule of both modes, {@link LostDrop}:
 * the record marks it lost first ({@code cleanup_lost}), and then this run or any later one
 * redispatches it under a fresh epoch, replacing the unbound binding, when the shared classifier
 * judges the recorded-lost drop and every member holds exactly its recorded predecessor or nothing.
 * Two entries with the token, an unreadable queue or a changed query stay unknown. At most
 * {@link #MAX_DROPS_PER_RUN} drops per invocation, as in internal mode.
 */
final class CleanupStep {
    /** Drops one invocation may send; more (each a fresh epoch) wait for the next invocation. */
    static final int MAX_DROPS_PER_RUN = 3;

    private final ExternalPorts ports;
    private final ExternalSettings settings;
    private final RecordSteps steps;
    private final SlotWrites writes;
    private final Classifications classifications;

    CleanupStep(
            ExternalPorts ports,
            ExternalSettings settings,
            RecordSteps steps,
            SlotWrites writes,
            Classifications classifications) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.steps = requireNonNull(steps, "steps is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.classifications = requireNonNull(classifications, "classifications is null");
    }

    StepResult<SlotVersion<ExternalSlot>, Ending> run(
            AdmittedMembers cluster, SlotVersion<ExternalSlot> committed, ExternalRun run) {
        run.pacing().progress().step("cleanup");
        SlotVersion<ExternalSlot> current = committed;
        int drops = 0;
        for (int attempt = 1; ; attempt++) {
            ExternalRecord record = (ExternalRecord) current.record();
            if (record.phase() == ExternalPhase.COMPLETED) {
                classifications.completed(
                        cluster, record, Statements.candidate(record, settings.target()), run.evidence());
                return new StepResult.Concluded<>(Ending.committed());
            }
            if (!record.payload().inventoryDigest().equals(cluster.inventoryDigest())) {
                return unknown(
                        PublicationOutcome.UNKNOWN,
                        "published, but the inventory changed since; cleanup is prohibited");
            }
            DdlBinding cleanup = record.payload().cleanup();
            boolean lost = record.payload().cleanupLost();
            if (LostDrop.inFlight(cleanup, lost)) {
                StepResult<SlotVersion<ExternalSlot>, Ending> bound = bind(current, run);
                if (bound instanceof StepResult.Concluded<?, ?>) {
                    return bound;
                }
                current = ((StepResult.Continue<SlotVersion<ExternalSlot>, Ending>) bound).current();
                continue;
            }
            EntryAggregation hosts = cleanup == null || lost || cleanup.receipt() != null
                    ? null
                    : run.read(Statements.bound(cleanup, settings.cluster()), cluster.hosts());
            run.evidence().cleanupHosts(hosts);
            QueueResult queue = LostDrop.queue(cleanup, lost, hosts);
            TableRef candidate = Statements.candidate(record, settings.target());
            CleanupVerdict verdict = lost
                    ? classifications.cleanupLost(cluster, record, candidate, run.evidence())
                    : classifications.cleanup(cluster, record, candidate, queue, run.evidence());
            ExternalRecord next;
            switch (verdict.decision()) {
                case NOTHING_TO_CLEAN ->
                    next = steps.completed(record, null, ports.clock().instant());
                case CLEANUP_VERIFIED ->
                    next = steps.completed(
                            record,
                            hosts == null ? null : hosts.outcome(),
                            ports.clock().instant());
                case DISPATCH_PERMITTED_AFTER_CAS, REDISPATCH_PERMITTED_AFTER_CAS -> {
                    if (drops == MAX_DROPS_PER_RUN) {
                        return unknown(
                                PublicationOutcome.WAITING,
                                "published on every member; cleanup is not finished"
                                        + " after " + drops
                                        + " drops in this invocation; run the same invocation again later to"
                                        + " finish cleanup");
                    }
                    drops++;
                    StepResult<SlotVersion<ExternalSlot>, Ending> dropped = drop(current, hosts, run);
                    if (dropped instanceof StepResult.Concluded<?, ?>) {
                        return dropped;
                    }
                    current = ((StepResult.Continue<SlotVersion<ExternalSlot>, Ending>) dropped).current();
                    continue;
                }
                case WAIT_FOR_CLEANUP_ENTRY -> {
                    if (!run.pacing().pause("cleanup entry", attempt, settings.entryProgress())) {
                        return unknown(
                                PublicationOutcome.WAITING,
                                "published on every member; the original cleanup entry"
                                        + " is still running; run the same invocation again later to finish cleanup");
                    }
                    continue;
                }
                default -> {
                    return unknown(
                            PublicationOutcome.UNKNOWN,
                            "published on every member, but cleanup is prohibited (" + verdict.cause()
                                    + "); every predecessor is retained; follow the runbook");
                }
            }
            SlotWrites.Step step = writes.write(current, next, run.evidence());
            if (step instanceof SlotWrites.Step.Stopped stopped) {
                return new StepResult.Concluded<>(stopped.ending());
            }
            current = ((SlotWrites.Step.Advanced) step).current();
        }
    }

    /**
     * One drop under a fresh cleanup epoch; a terminal earlier drop's receipt is persisted first. A
     * lost earlier drop (marked in the record) has no receipt: the new binding replaces it directly.
     */
    private StepResult<SlotVersion<ExternalSlot>, Ending> drop(
            SlotVersion<ExternalSlot> current, EntryAggregation previousDrop, ExternalRun run) {
        SlotVersion<ExternalSlot> from = current;
        ExternalRecord record = (ExternalRecord) from.record();
        DdlBinding previous = record.payload().cleanup();
        if (record.phase() == ExternalPhase.CLEANUP_DISPATCHING && previous.entry() != null && !previous.hasReceipt()) {
            QueueStatus receipt = previousDrop.outcome();
            SlotWrites.Step persisted = writes.write(
                    from, steps.cleanupReceipt(record, receipt, ports.clock().instant()), run.evidence());
            if (persisted instanceof SlotWrites.Step.Stopped stopped) {
                return new StepResult.Concluded<>(stopped.ending());
            }
            SlotWrites.Step.Advanced receipted = (SlotWrites.Step.Advanced) persisted;
            if (!receipted.written()) {
                // another worker advanced the record (it may have opened an epoch of its own and be
                // about to dispatch it): decide again on what it wrote, never open a second epoch over it
                return new StepResult.Continue<>(receipted.current());
            }
            from = receipted.current();
            record = (ExternalRecord) from.record();
        }
        SlotWrites.Step step = writes.write(
                from, steps.cleanupDispatching(record, ports.clock().instant()), run.evidence());
        if (step instanceof SlotWrites.Step.Stopped stopped) {
            return new StepResult.Concluded<>(stopped.ending());
        }
        SlotWrites.Step.Advanced advanced = (SlotWrites.Step.Advanced) step;
        if (advanced.permit().isEmpty()) {
            return new StepResult.Continue<>(advanced.current());
        }
        run.evidence().step("cleanup dispatched");
        DdlDispatch dispatch = ports.ddl()
                .dispatch(
                        Statements.cleanup(
                                (ExternalRecord) advanced.current().record(), settings.cluster(), settings.target()),
                        advanced.permit().get());
        if (LostDrop.notSent(dispatch)) {
            // Provably never sent: marked lost; the loop judges a redispatch from the census, with no lookup.
            run.evidence().step(LostDrop.notSentStep(dispatch));
            return lost(advanced.current(), run);
        }
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            throw new IllegalStateException("a fresh permit was refused: " + refused.reason());
        }
        return new StepResult.Continue<>(advanced.current());
    }

    private StepResult<SlotVersion<ExternalSlot>, Ending> bind(SlotVersion<ExternalSlot> current, ExternalRun run) {
        ExternalRecord record = (ExternalRecord) current.record();
        LostDrop.Look look = LostDrop.look(
                run.queue(),
                run.pacing(),
                Statements.cleanup(record, settings.cluster(), settings.target())
                        .expected(record.payload().cleanup().token()),
                ports.authority().permitMaxAge(),
                run.evidence()::step);
        if (look instanceof LostDrop.Look.Lost) {
            run.evidence().step("cleanup entry unbound: " + QueueResolution.Cause.NO_ENTRY);
            // Zero entries after the visibility wait, the permit's age and one more visibility wait: never sent,
            // or its entry is gone.
            return lost(current, run);
        }
        if (look instanceof LostDrop.Look.Unresolved unresolved) {
            run.evidence().step("cleanup entry unbound: " + unresolved.cause());
            return unknown(
                    PublicationOutcome.UNKNOWN,
                    "published on every member; no single queue entry carries the cleanup"
                            + " token (" + unresolved.cause()
                            + "), so cleanup cannot be proven and no drop is sent; predecessors may"
                            + " be partly dropped; follow the runbook (an external cleanup drop without a single queue entry)");
        }
        BoundEntry entry = ((LostDrop.Look.Bound) look).entry();
        return writes.write(
                        current, steps.cleanupBound(record, entry, ports.clock().instant()), run.evidence())
                .result();
    }

    /** Marks the unbound drop of {@code current} lost in the record, the word every later step acts on. */
    private StepResult<SlotVersion<ExternalSlot>, Ending> lost(SlotVersion<ExternalSlot> current, ExternalRun run) {
        return writes.write(
                        current,
                        steps.cleanupLost(
                                (ExternalRecord) current.record(), ports.clock().instant()),
                        run.evidence())
                .result();
    }

    private static StepResult<SlotVersion<ExternalSlot>, Ending> unknown(PublicationOutcome outcome, String message) {
        return new StepResult.Concluded<>(
                Ending.of(outcome, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN, message));
    }
}
