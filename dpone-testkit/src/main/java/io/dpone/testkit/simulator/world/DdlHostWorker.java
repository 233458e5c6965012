package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.LocalResult;
import java.util.Optional;

/**
 * One member's distributed-DDL worker ({@code DDLWorker.cpp}, semantics note section 1): it runs one
 * entry at a time in queue order; an entry that does not list the member, or has its
 * {@code finished/} node, is skipped; executing marks {@code active/} for the member's session,
 * applies the local effect and writes {@code finished/} with code and message. A failure is
 * recorded and the worker moves on (no retry). After a restart or session loss it rescans every
 * still-existing entry. On a queue event it also cleans the queue, at most once per cleanup period.
 * The window between executing and writing {@code finished/} is not modelled: both happen in one step.
 */
final class DdlHostWorker {
    private final SimMember member;
    private final World world;
    private boolean busy;
    private long lastCleanup = Long.MIN_VALUE / 2;

    DdlHostWorker(SimMember member, World world) {
        this.member = member;
        this.world = world;
    }

    void onQueueEvent() {
        if (!member.ready()) {
            return;
        }
        kick();
        if (world.now() - lastCleanup >= world.timings().cleanupPeriod().toMillis()) {
            lastCleanup = world.now();
            world.onMember(member, 0, () -> world.queue().cleanup(member));
        }
    }

    /** Starts the next pending entry unless one is in progress. */
    void kick() {
        if (busy || member.ddlStalled || next() == null) {
            return;
        }
        busy = true;
        world.onMember(member, world.draw(world.timings().ddlPickupMs()), this::pickUp);
    }

    /** The process died: whatever was in flight is gone. */
    void reset() {
        busy = false;
    }

    private void pickUp() {
        QueueEntry entry = next();
        if (entry == null || member.ddlStalled) {
            busy = false;
            return;
        }
        world.hostFaults().beforeHostStarts(member, entry);
        if (!member.ready()) {
            world.deferOrDrop(member, this::pickUp);
            return;
        }
        entry.active.put(member.endpoint, member.session);
        world.trace(member.label(), "ddl worker starts " + entry.name);
        world.onMember(member, world.draw(world.timings().ddlExecutionMs()), () -> finish(entry));
    }

    private void finish(QueueEntry entry) {
        LocalResult.Failed forced = world.hostFaults().hostFailure(member, entry);
        if (!world.observers().isEmpty()) {
            HostStep step = new HostStep(member.index, entry.name, entry.kind(), entry.logComment(), dropped(entry),
                    forced == null ? 0 : forced.code());
            world.observers().forEach(observer -> observer.beforeHostApplies(step));
        }
        LocalResult result = forced != null ? forced : world.effects().apply(member, entry.statement, entry.createUuid);
        entry.active.remove(member.endpoint);
        if (!entry.removed) {
            entry.finished.put(member.endpoint, result instanceof LocalResult.Failed failed
                    ? new HostResult(failed.code(), failed.message(), world.now()) : new HostResult(0, "", world.now()));
        }
        world.trace(member.label(), "ddl worker finished " + entry.name + " with code " + result.code());
        busy = false;
        kick();
    }

    private static Optional<TableRef> dropped(QueueEntry entry) {
        return entry.statement instanceof LocalStatement.DropIfExists drop
                ? Optional.of(new TableRef(drop.database(), drop.table())) : Optional.empty();
    }

    private QueueEntry next() {
        for (QueueEntry entry : world.queue().entries()) {
            if (!entry.removing && entry.hosts.contains(member.endpoint) && !entry.finished.containsKey(member.endpoint)) {
                return entry;
            }
        }
        return null;
    }
}
