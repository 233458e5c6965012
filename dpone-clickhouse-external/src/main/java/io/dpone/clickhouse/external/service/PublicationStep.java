package io.dpone.clickhouse.external.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.engine.Ending;
import io.dpone.clickhouse.cluster.engine.SlotWrites;
import io.dpone.clickhouse.cluster.engine.StepResult;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.clickhouse.external.authority.ExternalPhase;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.identity.ExternalOperation;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * Publication exactly as internal mode does it (seed 000 sections 3-5), with per-member
 * identities: from STAGED, revalidate (a fenced refusal goes to {@link FencedAbort}), CAS to PUBLICATION_DISPATCHING and send the one
 * {@code EXCHANGE}/{@code RENAME ... ON CLUSTER} under the permit that CAS returned; from
 * PUBLICATION_DISPATCHING, never send anything, only bind the exact entry by its token and
 * reconcile every member with it until every target exposes its desired member generation
 * (COMMITTED) or the bounded wait ends. Every other post-dispatch ending is
 * CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL and never authorizes cleanup.
 */
final class PublicationStep {
    private final ExternalPorts ports;
    private final ExternalSettings settings;
    private final RecordSteps steps;
    private final SlotWrites<ExternalSlot> writes;
    private final Classifications classifications;
    private final Revalidation revalidation;
    private final FencedAbort fenced;

    PublicationStep(
            ExternalPorts ports,
            ExternalSettings settings,
            RecordSteps steps,
            SlotWrites<ExternalSlot> writes,
            Classifications classifications,
            FencedAbort fenced) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.steps = requireNonNull(steps, "steps is null");
        this.writes = requireNonNull(writes, "writes is null");
        this.classifications = requireNonNull(classifications, "classifications is null");
        this.revalidation = new Revalidation(ports, classifications);
        this.fenced = requireNonNull(fenced, "fenced is null");
    }

    /** From STAGED: the only path that can send a publication statement, and only under a fresh permit. */
    StepResult<ExternalSlot> dispatch(
            AdmittedMembers cluster,
            ExternalOperation operation,
            SlotVersion<ExternalSlot> staged,
            Invocation<ExternalEvidence> run) {
        ExternalRecord record = (ExternalRecord) staged.record();
        Optional<Revalidation.Refusal> invalid =
                revalidation.beforeDispatch(cluster, staged, Statements.candidate(record, settings.target()), run);
        if (invalid.isPresent()) {
            Ending refused = invalid.get().ending();
            return invalid.get().fenced()
                    ? fenced.abort(cluster, operation, staged, refused.code().orElseThrow(), refused.message(), run)
                    : new StepResult.Concluded<>(refused);
        }
        run.waits().progress().step("dispatch");
        SlotWrites.Step<ExternalSlot> step =
                writes.write(staged, steps.dispatching(record, ports.clock().instant()), run.evidence());
        if (step instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped) {
            return new StepResult.Concluded<>(stopped.ending());
        }
        SlotWrites.Step.Advanced<ExternalSlot> advanced = (SlotWrites.Step.Advanced<ExternalSlot>) step;
        if (advanced.permit().isEmpty()) {
            // Another worker of this operation won the CAS: reconcile what it sent, never send.
            return reconcile(cluster, advanced.current(), run);
        }
        DispatchPermit permit = advanced.permit().get();
        run.evidence().step("publication dispatched");
        DdlDispatch dispatch = ports.ddl()
                .dispatch(
                        Statements.publication(
                                (ExternalRecord) advanced.current().record(), settings.cluster(), settings.target()),
                        permit);
        if (dispatch instanceof DdlDispatch.NotSent) {
            return partial(
                    PublicationOutcome.UNKNOWN,
                    "the publication statement provably did not reach the server, but"
                            + " the record is PUBLICATION_DISPATCHING and it is never redispatched; follow the runbook");
        }
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            if (refused.reason() != DdlDispatch.Refusal.EXPIRED) {
                throw new IllegalStateException("a fresh permit was refused: " + refused.reason());
            }
            return partial(
                    PublicationOutcome.UNKNOWN,
                    "the dispatch permit expired before the send (this worker stalled"
                            + " between the dispatch CAS and the send), so nothing was sent, but the record is"
                            + " PUBLICATION_DISPATCHING and it is never redispatched; follow the runbook");
        }
        return reconcile(cluster, advanced.current(), run);
    }

    /** From PUBLICATION_DISPATCHING: bind and reconcile; sends no DDL. */
    StepResult<ExternalSlot> reconcile(
            AdmittedMembers cluster, SlotVersion<ExternalSlot> dispatching, Invocation<ExternalEvidence> run) {
        SlotVersion<ExternalSlot> current = dispatching;
        for (int attempt = 1; ; attempt++) {
            ExternalRecord record = (ExternalRecord) current.record();
            if (record.phase() != ExternalPhase.PUBLICATION_DISPATCHING) {
                return new StepResult.Continue<>(current);
            }
            if (!record.payload().inventoryDigest().equals(cluster.inventoryDigest())) {
                return partial(
                        PublicationOutcome.UNKNOWN,
                        "the inventory changed after dispatch; nothing more was sent;" + " follow the runbook");
            }
            DdlBinding publication = record.payload().publication();
            if (publication.entry() == null) {
                StepResult<ExternalSlot> bound = bind(cluster, current, run);
                if (bound instanceof StepResult.Concluded<ExternalSlot>) {
                    return bound;
                }
                current = ((StepResult.Continue<ExternalSlot>) bound).current();
                continue;
            }
            EntryAggregation hosts = run.read(Statements.bound(publication, settings.cluster()), cluster.hosts());
            run.evidence().publicationHosts(hosts);
            PublicationVerdict verdict = classifications.publication(
                    cluster,
                    record,
                    Statements.candidate(record, settings.target()),
                    QueueResult.of(hosts.outcome()),
                    run.evidence());
            switch (verdict.classification()) {
                case COMMIT_PROVEN_PROCEED_TO_CLEANUP -> {
                    SlotWrites.Step<ExternalSlot> step = writes.write(
                            current,
                            steps.committed(
                                    record, hosts.outcome(), ports.clock().instant()),
                            run.evidence());
                    if (step instanceof SlotWrites.Step.Stopped<ExternalSlot> stopped) {
                        return new StepResult.Concluded<>(stopped.ending());
                    }
                    current = ((SlotWrites.Step.Advanced<ExternalSlot>) step).current();
                }
                case IN_PROGRESS, PARTIAL_IN_PROGRESS -> {
                    if (!run.waits().pause("publication entry", attempt, settings.entryProgress())) {
                        return partial(
                                PublicationOutcome.WAITING,
                                "the original publication entry is still running on some"
                                        + " members; run the same invocation again later to wait for it (it is never sent again)");
                    }
                }
                case PARTIAL_TERMINAL -> {
                    return partial(
                            PublicationOutcome.TERMINAL_PARTIAL,
                            "the publication entry finished on every member but"
                                    + " only some expose their desired generation; both generations are retained; follow the runbook,"
                                    + " never repeat the exchange");
                }
                case ALL_PENDING_TERMINAL_FAILURE -> {
                    return partial(
                            PublicationOutcome.FAILED,
                            "the publication entry failed on every member and no member"
                                    + " changed; both generations are retained for an operator");
                }
                default -> {
                    return partial(
                            PublicationOutcome.UNKNOWN,
                            "the evidence does not prove any state (" + verdict.cause()
                                    + "); no DDL and no cleanup on this evidence: restore what the cause names and run the same"
                                    + " invocation again, it reconciles read-only first (runbook: unknown)");
                }
            }
        }
    }

    /** Binds the one entry carrying the publication token and persists it. */
    private StepResult<ExternalSlot> bind(
            AdmittedMembers cluster, SlotVersion<ExternalSlot> current, Invocation<ExternalEvidence> run) {
        ExternalRecord record = (ExternalRecord) current.record();
        QueueBinding binding = run.queue()
                .bind(Statements.publication(record, settings.cluster(), settings.target())
                        .expected(record.payload().publication().token()));
        if (!(binding instanceof QueueBinding.Bound bound)) {
            run.evidence().step("publication entry unbound: " + ((QueueBinding.Unbound) binding).cause());
            classifications.publication(
                    cluster,
                    record,
                    Statements.candidate(record, settings.target()),
                    QueueResult.UNKNOWN,
                    run.evidence());
            return partial(
                    PublicationOutcome.UNKNOWN,
                    "no single queue entry carries the publication token, so the"
                            + " publication cannot be proven; nothing more was sent; follow the runbook");
        }
        return writes.write(
                        current,
                        steps.publicationBound(
                                record, bound.lookup().entry(), ports.clock().instant()),
                        run.evidence())
                .result();
    }

    private static StepResult<ExternalSlot> partial(PublicationOutcome outcome, String message) {
        return new StepResult.Concluded<>(
                Ending.of(outcome, DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL, message));
    }
}
