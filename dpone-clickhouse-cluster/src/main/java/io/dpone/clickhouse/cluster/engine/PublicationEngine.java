package io.dpone.clickhouse.cluster.engine;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.DispatchPermit;
import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.reconcile.PublicationVerdict;
import io.dpone.clickhouse.cluster.contract.reconcile.QueueResult;
import io.dpone.clickhouse.cluster.ddl.QueueBinding;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.invocation.InvocationEvidence;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import java.util.Optional;

/**
 * Publication for one operation that holds the slot, written once for both modes (spec 000
 * sections 3 steps 5-9, 4 and 5; spec 001 follows them with per-member identities): from the
 * pre-dispatch phase, revalidate, CAS to the dispatching phase and send the one publication
 * statement under the permit that CAS returned; from the dispatching phase, never send anything,
 * only bind the exact entry by its token and reconcile every member with it until the commit is
 * proven or the bounded wait ends. The mode's {@link PublicationDriver} supplies everything that
 * differs between the modes, down to the record each write proposes; the engine makes the writes
 * themselves ({@link SlotWrites}: written, lost answer, re-read, decide), so both modes decide a
 * write's outcome in one place. The invocation's progress, evidence and waits are the engine's.
 * One instance per invocation, used by one thread.
 *
 * @param <R> the mode's record schema
 */
public final class PublicationEngine<R extends SlotRecord> {
    private final PublicationDriver<R> driver;
    private final Invocation<? extends InvocationEvidence<R>> invocation;
    private final SlotWrites<R> writes;

    /** The engine for one invocation, writing the slot through {@code writes} (the same writes its cleanup uses). */
    public PublicationEngine(
            PublicationDriver<R> driver, Invocation<? extends InvocationEvidence<R>> invocation, SlotWrites<R> writes) {
        this.driver = requireNonNull(driver, "driver is null");
        this.invocation = requireNonNull(invocation, "invocation is null");
        this.writes = requireNonNull(writes, "writes is null");
    }

    /** From the pre-dispatch phase: the only path that can send a publication statement, and only under a fresh permit. */
    public StepResult<R> dispatch(SlotVersion<R> prepared) {
        Optional<StepResult<R>> refused = driver.revalidate(prepared);
        if (refused.isPresent()) {
            return refused.get();
        }
        invocation.waits().progress().step("dispatch");
        SlotWrites.Step<R> cas = write(prepared, driver.dispatching(prepared));
        if (cas instanceof SlotWrites.Step.Stopped<R> stopped) {
            return new StepResult.Concluded<>(stopped.ending());
        }
        if (cas instanceof SlotWrites.Step.Advanced<R> advanced) {
            // Without a permit another worker of this operation won the CAS: reconcile what it sent, never send.
            return advanced.permit()
                    .map(permit -> send(advanced.current(), permit))
                    .orElseGet(() -> reconcile(advanced.current()));
        }
        throw new IllegalStateException("unknown dispatch CAS result " + cas);
    }

    private StepResult<R> send(SlotVersion<R> dispatching, DispatchPermit permit) {
        invocation.evidence().step("publication dispatched");
        DdlDispatch dispatch = driver.send(dispatching, permit);
        if (dispatch instanceof DdlDispatch.NotSent) {
            return new StepResult.Concluded<>(driver.notSent());
        }
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            if (refused.reason() != DdlDispatch.Refusal.EXPIRED) {
                throw new IllegalStateException("a fresh permit was refused: " + refused.reason());
            }
            return new StepResult.Concluded<>(driver.permitExpired());
        }
        return reconcile(dispatching);
    }

    /** From the dispatching phase: bind and reconcile; sends no DDL. */
    public StepResult<R> reconcile(SlotVersion<R> dispatching) {
        SlotVersion<R> current = dispatching;
        for (int attempt = 1; ; attempt++) {
            Optional<StepResult<R>> outside = driver.outsideDispatching(current);
            if (outside.isPresent()) {
                return outside.get();
            }
            Optional<Ending> drifted = driver.fence(current);
            if (drifted.isPresent()) {
                return new StepResult.Concluded<>(drifted.get());
            }
            if (!driver.entryBound(current)) {
                StepResult<R> bound = bind(current);
                if (!(bound instanceof StepResult.Continue<R> next)) {
                    return bound;
                }
                current = next.current();
                continue;
            }
            EntryAggregation hosts = driver.read(current);
            invocation.evidence().publicationHosts(hosts);
            PublicationVerdict verdict = driver.classify(current, QueueResult.of(hosts.outcome()));
            switch (verdict.classification()) {
                case COMMIT_PROVEN_PROCEED_TO_CLEANUP -> {
                    return write(current, driver.committed(current, hosts.outcome()))
                            .result();
                }
                case IN_PROGRESS, PARTIAL_IN_PROGRESS -> {
                    if (!invocation.pause("publication entry", attempt)) {
                        return new StepResult.Concluded<>(driver.stillRunning());
                    }
                }
                case PARTIAL_TERMINAL -> {
                    return new StepResult.Concluded<>(driver.terminalPartial());
                }
                case ALL_PENDING_TERMINAL_FAILURE -> {
                    return new StepResult.Concluded<>(driver.allFailed());
                }
                default -> {
                    return new StepResult.Concluded<>(driver.unproven(verdict));
                }
            }
        }
    }

    /** Binds the one entry carrying the publication token and persists it (spec 000 section 4). */
    private StepResult<R> bind(SlotVersion<R> current) {
        QueueBinding binding = driver.bind(current);
        if (binding instanceof QueueBinding.Bound bound) {
            return write(current, driver.bound(current, bound.lookup().entry())).result();
        }
        if (binding instanceof QueueBinding.Unbound unbound) {
            invocation.evidence().step("publication entry unbound: " + unbound.cause());
            return new StepResult.Concluded<>(driver.unbound(current, unbound.cause()));
        }
        throw new IllegalStateException("unknown queue binding " + binding);
    }

    /** One CAS of the record the driver proposed; its outcome is decided here for both modes. */
    private SlotWrites.Step<R> write(SlotVersion<R> expected, R next) {
        return writes.write(expected, next, invocation.evidence());
    }
}
