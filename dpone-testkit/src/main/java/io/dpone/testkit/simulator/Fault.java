package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * What happens at a {@link Step}. Response faults shape the answer of the matched call; world
 * faults change the simulated cluster; {@link HostError} replaces one host's execution of one
 * entry. {@link FaultSchedule.Builder#at} refuses combinations that cannot happen.
 */
public sealed interface Fault {
    /** The server applies the call's effect and the answer is lost (every mutation; reads too). */
    record LoseResponse() implements Fault {
    }

    /** Nothing reaches the server; the caller learns it provably was not sent. */
    record FailBeforeSend() implements Fault {
    }

    /** The DDL dispatch is enqueued twice, as a hidden retry would: two entries carry one token. */
    record DuplicateEntry() implements Fault {
    }

    /**
     * A direct member insert ({@link PortCall#MEMBER_INSERT}) breaks off: the member commits the
     * first {@code rows} rows, then the connection is lost and the caller sees an ambiguous failure.
     * A world fault armed at the same call's {@code afterEffect()} takes the member down as well.
     */
    record InterruptLoad(long rows) implements Fault {
        public InterruptLoad {
            if (rows < 0) {
                throw new IllegalArgumentException("rows is not negative");
            }
        }
    }

    /** The worker dies here: this and every later port call of it throw {@link WorkerCrash}. */
    record CrashWorker() implements Fault {
    }

    record PauseMember(int member) implements Fault {
    }

    record ResumeMember(int member) implements Fault {
    }

    record KillMember(int member) implements Fault {
    }

    /** Kills the member if needed; it answers again, on the same data, after the restart delay. */
    record RestartMember(int member) implements Fault {
    }

    /** One queue cleanup pass now, removing entries older than {@code retention} (retention shorter than recovery). */
    record CleanupQueue(Duration retention) implements Fault {
        public CleanupQueue {
            requireNonNull(retention, "retention is null");
        }
    }

    /** Any admin action now (drift, partial facade, foreign queue entries, ...). */
    record Admin(String label, Consumer<SimulatorAdmin> action) implements Fault {
        public Admin {
            requireNonNull(label, "label is null");
            requireNonNull(action, "action is null");
        }
    }

    /** The host finishes the entry with this error instead of executing it (a terminal host failure). */
    record HostError(int code, String name, String text) implements Fault {
        public HostError {
            requireNonNull(name, "name is null");
            requireNonNull(text, "text is null");
            if (code <= 0) {
                throw new IllegalArgumentException("code must be positive");
            }
        }
    }

    static Fault loseResponse() {
        return new LoseResponse();
    }

    static Fault failBeforeSend() {
        return new FailBeforeSend();
    }

    static Fault duplicateEntry() {
        return new DuplicateEntry();
    }

    static Fault interruptLoad(long rows) {
        return new InterruptLoad(rows);
    }

    static Fault crashWorker() {
        return new CrashWorker();
    }

    static Fault pause(int member) {
        return new PauseMember(member);
    }

    static Fault resume(int member) {
        return new ResumeMember(member);
    }

    static Fault kill(int member) {
        return new KillMember(member);
    }

    static Fault restart(int member) {
        return new RestartMember(member);
    }

    static Fault cleanupQueue(Duration retention) {
        return new CleanupQueue(retention);
    }

    static Fault admin(String label, Consumer<SimulatorAdmin> action) {
        return new Admin(label, action);
    }

    /** A host error as ClickHouse reports it, e.g. {@code hostError(60, "UNKNOWN_TABLE", "Table ... doesn't exist")}. */
    static Fault hostError(int code, String name, String text) {
        return new HostError(code, name, text);
    }

    /** True for faults that change the simulated cluster rather than one answer. */
    default boolean changesWorld() {
        return this instanceof PauseMember || this instanceof ResumeMember || this instanceof KillMember
                || this instanceof RestartMember || this instanceof CleanupQueue || this instanceof Admin;
    }
}
