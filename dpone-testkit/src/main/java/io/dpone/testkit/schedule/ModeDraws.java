package io.dpone.testkit.schedule;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What one mode's schedules draw differently from the other's ({@link ScheduleGenerator} draws the
 * rest): the mode's calls, statement kinds and call counts, its own fault kinds, and the target
 * shapes its drift produces. Every method that takes the {@link FaultDraw} or a random draws from the
 * schedule's one stream, so the order of draws is part of the mode's schedules.
 */
public interface ModeDraws {
    /** {@link Schedule#INTERNAL} or {@link Schedule#EXTERNAL}. */
    String mode();

    /** Added to the spec's mix: each mode's schedules draw from a stream of their own. */
    long seedSalt();

    /** The target every schedule publishes. */
    TableRef target();

    /** The mode's last say on the two invocations' source rows, drawn right after them. */
    void sourceRows(SplittableRandom random, int[] rows);

    /**
     * The weight of each fault kind: the ten shared kinds of {@link FaultDraw} (lost, not sent,
     * duplicate, member pause, kill, stall, host error, queue cleanup, drift, crash), then the
     * mode's {@link #ownKinds}, then {@link FaultDraws#KINDS}.
     */
    int[] kindWeights();

    /** How many fault kinds of its own the mode draws ({@link #ownFault}). */
    int ownKinds();

    /** One fault of the mode's own kind {@code kind} (0 to {@link #ownKinds} - 1). */
    void ownFault(int kind, FaultDraw draw, List<Schedule.PlannedFault> out);

    /** A mutation call of any worker (the draw then picks one worker half the time). */
    Step.Call mutation(FaultDraw draw);

    /** The statements whose queue entry may be duplicated. */
    StatementKind[] duplicateKinds(StatementKind publication);

    /** The statements a host may answer with an injected error. */
    StatementKind[] hostErrorKinds(StatementKind publication);

    /** How an injected host error is described. */
    String hostErrorDescription(int code, int member, StatementKind kind);

    /** The statements at whose execution a world fault may strike. */
    StatementKind[] hostStepKinds(StatementKind publication);

    /** The statements a host may execute twice. */
    StatementKind[] doubleExecutionKinds(StatementKind publication);

    /** How many calls of each sort the mode's publications usually make: the steps draw the nth among them. */
    CallCounts calls();

    /** The full engine clause of a drifted target. */
    String driftedEngine();

    /** The mode's fourth target drift (a Keeper path, a renamed column). */
    Schedule.PlannedFault targetDrift(int member, Step step, FaultDraw draw);

    /** A member leaves the cluster configuration, at {@code step} or at a step of the mode's. */
    Schedule.PlannedFault membershipDrift(int member, Step step, FaultDraw draw);

    /** Reads of the mode's direct member sessions (none without them). */
    PortCall[] memberReads();

    /** Mutations of the mode's direct member sessions (none without them). */
    PortCall[] memberMutations();

    /** A step while the candidate is staged, for an outside ALTER of the target. */
    Step outsideAlterStep(SplittableRandom random);

    /**
     * How many calls the mode's publications usually make.
     *
     * @param world calls of one worker a world fault's step ranges over
     * @param crash calls of one worker a crash's step ranges over
     * @param cas CASes of one publication
     * @param slot slot reads, member listings and CASes of one publication
     * @param commitCasWindow CASes from the third on that an outside insert after the commit ranges over
     */
    record CallCounts(int world, int crash, int cas, int slot, int commitCasWindow) {
        public CallCounts {
            if (world < 1 || crash < 1 || cas < 1 || slot < 1 || commitCasWindow < 1) {
                throw new IllegalArgumentException("every call count is positive");
            }
        }
    }
}
