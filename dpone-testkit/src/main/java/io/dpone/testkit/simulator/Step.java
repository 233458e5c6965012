package io.dpone.testkit.simulator;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import java.time.Duration;

/** Where in a simulation a {@link SimulatorFault} fires. Occurrences count from 1; 0 means every occurrence. */
public sealed interface Step {
    /**
     * A port call, optionally of one worker and one statement kind. {@link Timing#BEFORE} fires
     * after the call's scheduling point and before the server acts; {@link Timing#AFTER_EFFECT}
     * right after the server applied the call's effect, before the answer returns (for a DDL
     * dispatch: after the entry was enqueued, before the initiator waits). {@code member} (-1: any)
     * is the member the call reaches: the worker's own for the coordinator ports, the session's
     * member for external mode's direct member calls ({@link PortCall#isMemberSession()}).
     * {@code except} (null: none) is a call an {@link #anyCall()} step skips ({@link #except(PortCall)}).
     */
    record Call(
            PortCall call,
            String worker,
            StatementKind kind,
            int occurrence,
            Timing timing,
            int member,
            PortCall except)
            implements Step {
        public Call {
            requireNonNull(timing, "timing is null");
            if (occurrence < 0) {
                throw new IllegalArgumentException("occurrence counts from 1; 0 means every");
            }
            if (member < -1) {
                throw new IllegalArgumentException("member is an index, or -1 for any");
            }
        }

        public Call worker(String name) {
            return new Call(call, requireNonNull(name, "name is null"), kind, occurrence, timing, member, except);
        }

        public Call kind(StatementKind statementKind) {
            return new Call(
                    call,
                    worker,
                    requireNonNull(statementKind, "statementKind is null"),
                    occurrence,
                    timing,
                    member,
                    except);
        }

        /** Only calls reaching member {@code index} (for a direct member call: the session's member). */
        public Call member(int index) {
            if (index < 0) {
                throw new IllegalArgumentException("member is an index");
            }
            return new Call(call, worker, kind, occurrence, timing, index, except);
        }

        public Call nth(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("occurrence counts from 1");
            }
            return new Call(call, worker, kind, n, timing, member, except);
        }

        public Call every() {
            return new Call(call, worker, kind, 0, timing, member, except);
        }

        public Call afterEffect() {
            return new Call(call, worker, kind, occurrence, Timing.AFTER_EFFECT, member, except);
        }

        /** An {@link #anyCall()} step that skips {@code skipped} (it neither fires there nor counts it). */
        public Call except(PortCall skipped) {
            if (call != null) {
                throw new IllegalArgumentException("except narrows anyCall() only");
            }
            return new Call(call, worker, kind, occurrence, timing, member, requireNonNull(skipped, "skipped is null"));
        }

        public boolean matches(PortCall actual, String actualWorker, StatementKind actualKind) {
            return matches(actual, actualWorker, actualKind, member);
        }

        public boolean matches(PortCall actual, String actualWorker, StatementKind actualKind, int actualMember) {
            return (call == null || call == actual)
                    && (except == null || except != actual)
                    && (worker == null || worker.equals(actualWorker))
                    && (kind == null || kind == actualKind)
                    && (member < 0 || member == actualMember);
        }
    }

    /** A moment of virtual time since the simulation started. */
    record At(Duration time) implements Step {
        public At {
            requireNonNull(time, "time is null");
            if (time.isNegative()) {
                throw new IllegalArgumentException("time is negative");
            }
        }
    }

    /** A host about to execute a queue entry of {@code kind} (member -1: any member). */
    record HostExecutes(int member, StatementKind kind, int occurrence) implements Step {
        public HostExecutes {
            if (occurrence < 0) {
                throw new IllegalArgumentException("occurrence counts from 1; 0 means every");
            }
        }

        public HostExecutes nth(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("occurrence counts from 1");
            }
            return new HostExecutes(member, kind, n);
        }

        public HostExecutes every() {
            return new HostExecutes(member, kind, 0);
        }

        public boolean matches(int actualMember, StatementKind actualKind) {
            return (member < 0 || member == actualMember) && (kind == null || kind == actualKind);
        }
    }

    enum Timing {
        BEFORE,
        AFTER_EFFECT
    }

    /** The first call of {@code call} by any worker. */
    static Call call(PortCall call) {
        return new Call(requireNonNull(call, "call is null"), null, null, 1, Timing.BEFORE, -1, null);
    }

    /** The first port call of any kind (narrow it with {@link Call#worker} and {@link Call#nth}). */
    static Call anyCall() {
        return new Call(null, null, null, 1, Timing.BEFORE, -1, null);
    }

    static At at(Duration time) {
        return new At(time);
    }

    /** The first time {@code member} executes an entry of {@code kind}. */
    static HostExecutes hostExecutes(int member, StatementKind kind) {
        return new HostExecutes(member, requireNonNull(kind, "kind is null"), 1);
    }
}
