package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What happens at a {@link Step}. Response faults shape the answer of the matched call; world
 * faults change the simulated cluster or a worker's process; {@link HostError} replaces one host's
 * execution of one entry. {@link FaultSchedule.Builder#at} refuses combinations that cannot happen.
 */
public sealed interface SimulatorFault {
    /** The server applies the call's effect and the answer is lost (every mutation; reads too). */
    record LoseResponse() implements SimulatorFault {}

    /** Nothing reaches the server; the caller learns it provably was not sent. */
    record FailBeforeSend() implements SimulatorFault {}

    /**
     * A slow network or a slow server: the server acts at the call's time (a read takes its snapshot,
     * a mutation applies its effect), but the answer reaches the worker only {@code delay} of virtual
     * time later, while other workers, hosts and faults run; the worker then goes on with that stale
     * answer. Composes with {@link LoseResponse} (the loss is noticed after the delay). A call the
     * server never answered (not sent, refused, timed out on a paused member) is not delayed.
     */
    record SlowAnswer(Duration delay) implements SimulatorFault {
        public SlowAnswer {
            requireNonNull(delay, "delay is null");
            if (delay.isNegative() || delay.isZero()) {
                throw new IllegalArgumentException("a slow answer's delay is positive");
            }
        }
    }

    /** The DDL dispatch is enqueued twice, as a hidden retry would: two entries carry one token. */
    record DuplicateEntry() implements SimulatorFault {}

    /**
     * One statement of a direct member insert ({@link PortCall#MEMBER_INSERT}, one block) breaks off:
     * the member commits the first {@code rows} rows of that block (all of it when {@code rows} is
     * at least its size), then the connection is lost and the caller sees an ambiguous failure; the
     * load sends no further statement. A world fault armed at the same call's {@code afterEffect()}
     * takes the member down as well.
     */
    record InterruptLoad(long rows) implements SimulatorFault {
        public InterruptLoad {
            if (rows < 0) {
                throw new IllegalArgumentException("rows is not negative");
            }
        }
    }

    /** The worker dies here: this and every later port call of it throw {@link WorkerCrash}. */
    record CrashWorker() implements SimulatorFault {}

    /**
     * The calling worker's process freezes (a GC pause, a stopped process): at a call step
     * {@code BEFORE}, after the request's latency and before the server acts; at
     * {@code afterEffect()}, after the server acted and the answer was composed, before the worker
     * has it. It keeps everything it had read and holds (a permit included) and resumes at the
     * earliest of: {@code resumeAfter} of virtual time, a {@link ResumeWorker} naming it, or, with no
     * bound, the moment nothing else is left to run in the simulation. Virtual time passes for it
     * too: its clock shows the pause. A {@link KillWorker} ends the pause with a crash.
     */
    record PauseWorker(Optional<Duration> resumeAfter) implements SimulatorFault {
        public PauseWorker {
            requireNonNull(resumeAfter, "resumeAfter is null");
            if (resumeAfter.isPresent()
                    && (resumeAfter.get().isNegative() || resumeAfter.get().isZero())) {
                throw new IllegalArgumentException("a pause lasts a positive duration");
            }
        }
    }

    /** Resumes the named worker now if it is paused (a no-op otherwise, traced). */
    record ResumeWorker(String worker) implements SimulatorFault {
        public ResumeWorker {
            requireNonNull(worker, "worker is null");
        }
    }

    /**
     * The named worker's process is killed from outside now (a stopped process killed by its
     * supervisor): a paused worker never resumes its work but unwinds with {@link WorkerCrash} at its
     * pause point; a running one throws {@link WorkerCrash} at its next port call.
     */
    record KillWorker(String worker) implements SimulatorFault {
        public KillWorker {
            requireNonNull(worker, "worker is null");
        }
    }

    record PauseMember(int member) implements SimulatorFault {}

    record ResumeMember(int member) implements SimulatorFault {}

    record KillMember(int member) implements SimulatorFault {}

    /** Kills the member if needed; it answers again, on the same data, after the restart delay. */
    record RestartMember(int member) implements SimulatorFault {}

    /** One queue cleanup pass now, removing entries older than {@code retention} (retention shorter than recovery). */
    record CleanupQueue(Duration retention) implements SimulatorFault {
        public CleanupQueue {
            requireNonNull(retention, "retention is null");
        }
    }

    /** Any admin action now (drift, partial facade, foreign queue entries, ...). */
    record Admin(String label, Consumer<SimulatorAdmin> action) implements SimulatorFault {
        public Admin {
            requireNonNull(label, "label is null");
            requireNonNull(action, "action is null");
        }
    }

    /**
     * The host executes the entry, then its process dies before it writes {@code finished/} and
     * restarts ({@code DDLWorker::processTask}: "FIXME: if server fails right here, the task will be
     * executed twice"): after the restart it executes the entry again, an {@code EXCHANGE} swapping
     * back (Finished 0), a {@code RENAME} or {@code CREATE} reporting 60 or 57 although the first run
     * took effect. Belongs to a {@link Step.HostExecutes} step.
     */
    record KillBeforeFinished() implements SimulatorFault {}

    /**
     * The member's Keeper session is lost while a KeeperMap write is in flight ({@code CONTROL_CAS},
     * {@code CONTROL_INSERT}): the multi reached the leader ({@code applied}) or did not, and the
     * client hears 999 {@code Coordination::Exception: Connection loss} either way, so the outcome is
     * unknown to it. The server takes a new session (its ephemeral nodes go, its replicas and DDL
     * worker re-initialise), and its next KeeperMap reads are synchronised.
     */
    record KeeperSessionLost(boolean applied) implements SimulatorFault {}

    /**
     * The call's Keeper reads are served by a follower that has applied nothing since the member's
     * session last saw the log: as stale as ZooKeeper's per-session order allows. KeeperMap reads
     * ({@code CONTROL_READ}, the read inside a {@code CONTROL_CAS}'s strict update, each member's slot
     * read of {@code FACADE_OBSERVE}: {@code StorageKeeperMap::getBySerializedKeys} reads without
     * {@code sync}; {@code getClient} syncs only when it takes a new session) and the
     * {@code system.distributed_ddl_queue} reads ({@code DDL_LOOKUP}, {@code DDL_ENTRIES_BY_PREFIX},
     * {@code DDL_HOST_ROWS}: {@code StorageSystemDDLWorkerQueue} lists the queue without {@code sync}).
     */
    record StaleRead() implements SimulatorFault {
        /** The port calls that read Keeper through the member's session. */
        public static final java.util.Set<PortCall> READS_FROM_KEEPER = java.util.EnumSet.of(
                PortCall.CONTROL_READ,
                PortCall.CONTROL_CAS,
                PortCall.FACADE_OBSERVE,
                PortCall.DDL_LOOKUP,
                PortCall.DDL_ENTRIES_BY_PREFIX,
                PortCall.DDL_HOST_ROWS);
    }

    /** The host finishes the entry with this error instead of executing it (a terminal host failure). */
    record HostError(int code, String name, String text) implements SimulatorFault {
        public HostError {
            requireNonNull(name, "name is null");
            requireNonNull(text, "text is null");
            if (code <= 0) {
                throw new IllegalArgumentException("code must be positive");
            }
        }
    }

    static SimulatorFault loseResponse() {
        return new LoseResponse();
    }

    static SimulatorFault failBeforeSend() {
        return new FailBeforeSend();
    }

    /** The call's answer arrives {@code delay} after the server acted, e.g. {@code slowAnswer(Duration.ofSeconds(30))}. */
    static SimulatorFault slowAnswer(Duration delay) {
        return new SlowAnswer(delay);
    }

    /** The calling worker freezes until a {@link ResumeWorker} names it, or until nothing else is left to run. */
    static SimulatorFault pauseWorker() {
        return new PauseWorker(Optional.empty());
    }

    /** The calling worker freezes for {@code duration} (less if a {@link ResumeWorker} names it first). */
    static SimulatorFault pauseWorker(Duration duration) {
        return new PauseWorker(Optional.of(requireNonNull(duration, "duration is null")));
    }

    static SimulatorFault resumeWorker(String worker) {
        return new ResumeWorker(worker);
    }

    static SimulatorFault killWorker(String worker) {
        return new KillWorker(worker);
    }

    static SimulatorFault duplicateEntry() {
        return new DuplicateEntry();
    }

    static SimulatorFault interruptLoad(long rows) {
        return new InterruptLoad(rows);
    }

    static SimulatorFault killBeforeFinished() {
        return new KillBeforeFinished();
    }

    static SimulatorFault keeperSessionLost(boolean applied) {
        return new KeeperSessionLost(applied);
    }

    static SimulatorFault staleRead() {
        return new StaleRead();
    }

    static SimulatorFault crashWorker() {
        return new CrashWorker();
    }

    static SimulatorFault pause(int member) {
        return new PauseMember(member);
    }

    static SimulatorFault resume(int member) {
        return new ResumeMember(member);
    }

    static SimulatorFault kill(int member) {
        return new KillMember(member);
    }

    static SimulatorFault restart(int member) {
        return new RestartMember(member);
    }

    static SimulatorFault cleanupQueue(Duration retention) {
        return new CleanupQueue(retention);
    }

    static SimulatorFault admin(String label, Consumer<SimulatorAdmin> action) {
        return new Admin(label, action);
    }

    /** A host error as ClickHouse reports it, e.g. {@code hostError(60, "UNKNOWN_TABLE", "Table ... doesn't exist")}. */
    static SimulatorFault hostError(int code, String name, String text) {
        return new HostError(code, name, text);
    }

    /** True for faults that change the simulated cluster or a named worker's process rather than one answer. */
    default boolean changesWorld() {
        return this instanceof PauseMember
                || this instanceof ResumeMember
                || this instanceof KillMember
                || this instanceof RestartMember
                || this instanceof CleanupQueue
                || this instanceof Admin
                || this instanceof ResumeWorker
                || this instanceof KillWorker;
    }
}
