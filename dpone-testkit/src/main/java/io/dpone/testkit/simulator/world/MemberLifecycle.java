package io.dpone.testkit.simulator.world;

import io.dpone.testkit.simulator.MemberState;
import java.util.ArrayList;
import java.util.List;

/**
 * Member process faults and Keeper sessions (semantics note sections 1 and 4): a paused member keeps
 * its state and resumes where it was; a killed one loses what was in flight and restarts on its
 * data; a member down longer than the session timeout loses its session (its ephemeral nodes
 * vanish) and is read-only and idle until re-initialised. Becoming ready again runs the deferred
 * steps, the requests it had received and a rescan of the DDL queue and the replication logs.
 */
final class MemberLifecycle {
    private final World world;

    MemberLifecycle(World world) {
        this.world = world;
    }

    void pause(SimMember member) {
        if (member.state != MemberState.UP) {
            return;
        }
        member.state = MemberState.PAUSED;
        goneDown(member);
        world.trace(member.label(), "paused");
    }

    void resume(SimMember member) {
        if (member.state != MemberState.PAUSED) {
            return;
        }
        member.state = MemberState.UP;
        world.trace(member.label(), "resumed");
        world.scheduler().raise(member.resumed);
        if (member.sessionExpired) {
            member.initializing = true;
            onInitialized(member, world.timings().reinitialization().toMillis());
        } else {
            becameReady(member);
        }
    }

    void kill(SimMember member) {
        if (member.state == MemberState.KILLED) {
            return;
        }
        boolean wasUp = member.state == MemberState.UP;
        member.state = MemberState.KILLED;
        member.incarnation++;
        member.keeperSeen = -1;
        member.deferred.clear();
        member.pendingRequests.clear();
        member.ddlWorker.reset();
        for (SimDatabase db : member.databases.values()) {
            db.tables.values().stream().filter(SimTable::replicated).forEach(table -> {
                table.replica.pullScheduled = false;
                table.replica.fetchScheduled = false;
            });
        }
        if (wasUp) {
            goneDown(member);
        }
        world.trace(member.label(), "killed");
        world.scheduler().raise(member.resumed);
    }

    void restart(SimMember member) {
        kill(member);
        long incarnation = member.incarnation;
        world.scheduler().schedule(world.timings().restartDelay().toMillis(), () -> {
            if (member.incarnation != incarnation || member.state != MemberState.KILLED) {
                return;
            }
            member.state = MemberState.UP;
            member.session++;
            member.sessionExpired = false;
            member.initializing = true;
            world.trace(member.label(), "restarted");
            world.scheduler().raise(member.resumed);
            onInitialized(member, world.timings().reinitialization().toMillis());
        });
    }

    /**
     * The member's Keeper session, and so its ephemeral nodes, ends after the session timeout only
     * if the member stayed down that long or a new session replaced it (a restart): a member paused
     * and resumed within the timeout keeps its session and its {@code active/} nodes.
     */
    private void goneDown(SimMember member) {
        long epoch = ++member.downEpoch;
        long session = member.session;
        world.scheduler().schedule(world.timings().sessionTimeout().toMillis(), () -> {
            boolean stillDown = member.downEpoch == epoch && member.state != MemberState.UP;
            if (stillDown || member.session != session) {
                world.queue().expireSession(member.endpoint, session);
            }
            if (stillDown && member.session == session) {
                member.sessionExpired = true;
                world.trace(member.label(), "keeper session expired");
            }
        });
    }

    /**
     * The member's Keeper session is lost while it runs (a Keeper election, a network blip): a new
     * session replaces it at once, the old one's ephemeral nodes vanish, and replicas and the DDL
     * worker re-initialise. KeeperMap takes a new client and synchronises it.
     */
    void loseSession(SimMember member) {
        long lost = member.session;
        member.session++;
        world.queue().expireSession(member.endpoint, lost);
        world.keeperCaughtUp(member);
        world.trace(member.label(), "keeper session lost; a new session re-initialises the member");
        if (member.state == MemberState.UP && !member.initializing) {
            member.initializing = true;
            onInitialized(member, world.timings().reinitialization().toMillis());
        }
    }

    private void onInitialized(SimMember member, long delay) {
        long incarnation = member.incarnation;
        world.scheduler().schedule(delay, () -> {
            if (member.incarnation != incarnation || member.state != MemberState.UP) {
                return;
            }
            if (member.sessionExpired) {
                member.session++;
                member.sessionExpired = false;
            }
            member.initializing = false;
            world.trace(member.label(), "initialised");
            becameReady(member);
        });
    }

    private void becameReady(SimMember member) {
        List<Runnable> deferred = new ArrayList<>(member.deferred);
        member.deferred.clear();
        deferred.forEach(step -> world.onMember(member, 0, step));
        List<Runnable> requests = new ArrayList<>(member.pendingRequests);
        member.pendingRequests.clear();
        requests.forEach(request -> world.onMember(member, 0, request));
        member.ddlWorker.kick();
        world.replication().kick(member);
    }
}
