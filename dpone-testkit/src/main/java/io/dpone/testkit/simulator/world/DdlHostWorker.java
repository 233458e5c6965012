package io.dpone.testkit.simulator.world;

import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.HostStep;
import io.dpone.testkit.simulator.LocalResult;
import io.dpone.testkit.simulator.WorldEvent;
import java.util.Optional;

/**
 * One member's distributed-DDL worker ({@code DDLWorker.cpp}, semantics note section 1): it runs one
 * entry at a time in queue order; an entry that does not list the member, or has its
 * {@code finished/} node, is skipped; executing marks {@code active/} for the member's session,
 * applies the local effect and writes {@code finished/} with code and message. A failure is
 * recorded and the worker moves on (no retry). After a restart or session loss it rescans every
 * still-existing entry. On a queue event it also cleans the queue, at most once per cleanup period.
 * A host that dies between executing and writing {@code finished/} ({@link HostFaults#killedBeforeFinished})
 * executes the entry again after its restart, once its old session's {@code active/} node is gone
 * ({@code DDLWorker::processTask}: {@code waitForEphemeralToDisappearIfAny}).
 */
final class DdlHostWorker {
    private static final long ACTIVE_POLL_MS = 500;
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
        Long owner = entry.active.get(member.endpoint);
        if (owner != null && owner != member.session) {
            // the active/ node of the session that died with the first run: wait for it to expire
            world.onMember(member, ACTIVE_POLL_MS, this::pickUp);
            return;
        }
        entry.active.put(member.endpoint, member.session);
        entry.activeIndex.put(member.endpoint, world.keeperLog().commit());
        world.keeperCaughtUp(member);
        world.trace(member.label(), "ddl worker starts " + entry.name);
        long execution = member.slowNextDdl > 0
                ? member.slowNextDdl
                : world.draw(world.timings().ddlExecutionMs());
        member.slowNextDdl = 0;
        world.onMember(member, execution, () -> finish(entry));
    }

    private void finish(QueueEntry entry) {
        LocalResult.Failed forced = world.hostFaults().hostFailure(member, entry);
        if (!world.observers().isEmpty()) {
            HostStep step = new HostStep(
                    member.index,
                    entry.name,
                    entry.kind(),
                    entry.logComment(),
                    dropped(entry),
                    forced == null ? 0 : forced.code());
            world.observers().forEach(observer -> observer.beforeHostApplies(step));
        }
        LocalResult result = forced != null ? forced : world.effects().apply(member, entry.statement, entry.createUuid);
        if (!entry.executions.add(member.endpoint)) {
            world.event(WorldEvent.DOUBLE_EXECUTION);
        }
        if (world.hostFaults().killedBeforeFinished(member, entry)) {
            world.trace(
                    member.label(),
                    "ddl worker executed " + entry.name + " with code " + result.code()
                            + " and dies before writing finished/");
            busy = false;
            world.restart(member);
            return;
        }
        entry.active.remove(member.endpoint);
        entry.activeIndex.remove(member.endpoint);
        if (!entry.removed) {
            long index = world.keeperLog().commit();
            entry.finished.put(
                    member.endpoint,
                    result instanceof LocalResult.Failed failed
                            ? new HostResult(failed.code(), failed.message(), world.now(), index)
                            : new HostResult(0, "", world.now(), index));
            world.keeperCaughtUp(member);
        }
        world.trace(member.label(), "ddl worker finished " + entry.name + " with code " + result.code());
        busy = false;
        kick();
    }

    private static Optional<TableRef> dropped(QueueEntry entry) {
        return entry.statement instanceof LocalStatement.DropIfExists drop
                ? Optional.of(new TableRef(drop.database(), drop.table()))
                : Optional.empty();
    }

    private QueueEntry next() {
        for (QueueEntry entry : world.queue().entries()) {
            if (!entry.removing
                    && entry.hosts.contains(member.endpoint)
                    && !entry.finished.containsKey(member.endpoint)) {
                return entry;
            }
        }
        return null;
    }
}
