package io.dpone.clickhouse.cluster.engine;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.authority.SlotVersion;
import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.authority.SlotRecord;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.reconcile.CleanupVerdict;
import io.dpone.clickhouse.cluster.ddl.DdlPort;
import io.dpone.clickhouse.cluster.ddl.QueueResolution;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.invocation.InvocationEvidence;
import io.dpone.clickhouse.cluster.port.DdlDispatch;
import io.dpone.spi.receipt.PublicationOutcome;
import java.util.Optional;

/**
 * Predecessor cleanup of a committed operation, written once for both modes (spec 000 section 6,
 * spec 001 "Cleanup is independently fenced"); the mode's {@link CleanupDriver} supplies records,
 * statements, facts and codes. Only the exact predecessor is ever dropped, with one fenced drop
 * under its own epoch and token, bound and reconciled like the publication; a terminal drop that
 * left exact predecessor copies is redispatched under a new epoch, and so is a lost drop once the
 * record marks it lost ({@link LostDrop}); completion needs the classifier's proof. Inventory drift
 * fences cleanup. At most {@link #MAX_DROPS_PER_INVOCATION} drops per invocation.
 *
 * <p>{@link #step} is one pass of the state machine from a slot version (decide, then one CAS, or
 * one drop with the CAS that opens its epoch), so a service's phase switch can call it; {@link #run}
 * steps until an ending. One instance per invocation, used by one thread.
 *
 * @param <R> the mode's record schema
 */
public final class Cleanup<R extends SlotRecord> {
    /** Drops one invocation may send; more (each a fresh epoch) wait for the next invocation. */
    public static final int MAX_DROPS_PER_INVOCATION = 3;

    private final CleanupDriver<R> driver;
    private final Invocation<? extends InvocationEvidence<R>> invocation;
    private final InvocationEvidence<R> evidence;
    private final SlotWrites<R> writes;
    private final DdlPort ddl;
    private int steps;
    private int drops;

    /** The engine for one invocation: its waits, queue and evidence are {@code invocation}'s, the same in both modes. */
    public Cleanup(
            CleanupDriver<R> driver,
            Invocation<? extends InvocationEvidence<R>> invocation,
            SlotWrites<R> writes,
            DdlPort ddl) {
        this.driver = requireNonNull(driver, "driver is null");
        this.invocation = requireNonNull(invocation, "invocation is null");
        this.evidence = invocation.evidence();
        this.writes = requireNonNull(writes, "writes is null");
        this.ddl = requireNonNull(ddl, "ddl is null");
    }

    /** Steps from the committed (or later cleanup) version until the invocation ends. */
    public Ending run(SlotVersion<R> committed) {
        StepResult<R> result = step(committed);
        while (!(result instanceof StepResult.Concluded<R> concluded)) {
            result = step(((StepResult.Continue<R>) result).current());
        }
        return concluded.ending();
    }

    /** One pass: read what {@code current} records, decide, and make at most one write or one drop. */
    public StepResult<R> step(SlotVersion<R> current) {
        int attempt = ++steps;
        if (attempt == 1) {
            // once per invocation, whether a service's phase switch steps it or run() does
            invocation.waits().progress().step("cleanup");
        }
        R record = current.record();
        if (driver.completed(record)) {
            driver.reportCompleted(record);
            return new StepResult.Concluded<>(Ending.committed());
        }
        Optional<Ending> fenced = driver.inventoryFence(record);
        if (fenced.isPresent()) {
            return new StepResult.Concluded<>(fenced.get());
        }
        DdlBinding cleanup = driver.cleanup(record);
        boolean lost = driver.dropLost(record);
        if (LostDrop.inFlight(cleanup, lost)) {
            return bind(current, cleanup);
        }
        // a lost drop is never bound, so only a bound drop without a receipt has an entry to read
        EntryAggregation hosts = cleanup == null || lost || cleanup.entry() == null || cleanup.receipt() != null
                ? null
                : driver.read(cleanup);
        evidence.cleanupHosts(hosts);
        CleanupVerdict verdict = driver.classify(record, LostDrop.queue(cleanup, lost, hosts), lost);
        Optional<Ending> cancelled = driver.cancelledAfter(verdict);
        if (cancelled.isPresent()) {
            return new StepResult.Concluded<>(cancelled.get());
        }
        return decide(current, verdict, hosts, attempt);
    }

    private StepResult<R> decide(SlotVersion<R> current, CleanupVerdict verdict, EntryAggregation hosts, int attempt) {
        R record = current.record();
        switch (verdict.decision()) {
            case NOTHING_TO_CLEAN -> {
                return write(current, driver.completedRecord(record, null));
            }
            case CLEANUP_VERIFIED -> {
                return write(current, driver.completedRecord(record, hosts == null ? null : hosts.outcome()));
            }
            case DISPATCH_PERMITTED_AFTER_CAS, REDISPATCH_PERMITTED_AFTER_CAS -> {
                if (drops == MAX_DROPS_PER_INVOCATION) {
                    return unfinished("cleanup is not finished after " + drops + " drops in this invocation");
                }
                drops++;
                return drop(current, hosts);
            }
            case WAIT_FOR_CLEANUP_ENTRY -> {
                return invocation.pause("cleanup entry", attempt)
                        ? new StepResult.Continue<>(current)
                        : unfinished("the original cleanup entry is still running");
            }
            default -> {
                return new StepResult.Concluded<>(driver.prohibited(verdict.cause()));
            }
        }
    }

    private StepResult<R> unfinished(String what) {
        return new StepResult.Concluded<>(Ending.of(
                PublicationOutcome.WAITING,
                driver.unfinishedCode(),
                "published on every member; " + what + "; run the same invocation again later to finish cleanup"));
    }

    /** One drop under a fresh cleanup epoch; a terminal earlier drop's receipt is persisted first where the mode keeps one. */
    private StepResult<R> drop(SlotVersion<R> current, EntryAggregation previousDrop) {
        SlotVersion<R> from = current;
        Optional<R> receipt = driver.receiptBeforeRedrop(from.record(), previousDrop);
        if (receipt.isPresent()) {
            SlotWrites.Step<R> persisted = writes.write(from, receipt.get(), evidence);
            if (!(persisted instanceof SlotWrites.Step.Advanced<R> receipted) || !driver.dropsAfterReceipt(receipted)) {
                // stopped, or another worker advanced the record: decide again on what it wrote
                return persisted.result();
            }
            from = receipted.current();
        }
        SlotWrites.Step<R> step = writes.write(from, driver.dispatching(from.record()), evidence);
        if (!(step instanceof SlotWrites.Step.Advanced<R> advanced)
                || advanced.permit().isEmpty()) {
            return step.result();
        }
        evidence.step("cleanup dispatched");
        DdlDispatch dispatch = ddl.dispatch(
                driver.drop(advanced.current().record()), advanced.permit().get());
        if (LostDrop.notSent(dispatch)) {
            // provably never sent: marked lost; the next step judges a redispatch with no lookup
            evidence.step(LostDrop.notSentStep(dispatch));
            return lost(advanced.current());
        }
        if (dispatch instanceof DdlDispatch.PermitRefused refused) {
            throw new IllegalStateException("a fresh permit was refused: " + refused.reason());
        }
        return step.result();
    }

    private StepResult<R> bind(SlotVersion<R> current, DdlBinding cleanup) {
        LostDrop.Look look = LostDrop.look(
                invocation.queue(),
                invocation.waits(),
                driver.drop(current.record()).expected(cleanup.token()),
                writes.permitMaxAge(),
                evidence::step);
        if (look instanceof LostDrop.Look.Bound bound) {
            return write(current, driver.bound(current.record(), bound.entry()));
        }
        if (look instanceof LostDrop.Look.Unresolved unresolved) {
            evidence.step("cleanup entry unbound: " + unresolved.cause());
            return new StepResult.Concluded<>(driver.unresolved(unresolved.cause()));
        }
        evidence.step("cleanup entry unbound: " + QueueResolution.Cause.NO_ENTRY);
        // zero entries after the whole takeover wait: never sent, or its entry is gone
        return lost(current);
    }

    /** Marks the unbound drop of {@code current} lost in the record, the word every later step acts on. */
    private StepResult<R> lost(SlotVersion<R> current) {
        return write(current, driver.lost(current.record()));
    }

    private StepResult<R> write(SlotVersion<R> current, R next) {
        return writes.write(current, next, evidence).result();
    }
}
