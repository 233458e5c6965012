package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.testkit.schedule.DriftDraws;
import io.dpone.testkit.schedule.FaultClass;
import io.dpone.testkit.schedule.FaultDraw;
import io.dpone.testkit.schedule.ModeDraws;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Internal mode's draws (issue 11): every mutation goes through the coordinator (KeeperMap writes,
 * distributed DDL, the candidate load), the candidate is created and discarded by distributed DDL,
 * the target is Replicated (its drift includes the Keeper path), and a third of the membership
 * drifts come right after the commit CAS. No draws of its own beyond the shared kinds.
 */
final class InternalDraws implements ModeDraws {
    private static final CallCounts CALLS = new CallCounts(70, 80, 6, 8, 3);
    private static final PortCall[] NONE = {};

    @Override
    public String mode() {
        return Schedule.INTERNAL;
    }

    @Override
    public long seedSalt() {
        return 0x2545F4914F6CDD1DL;
    }

    @Override
    public TableRef target() {
        return PublicationDriver.TARGET;
    }

    @Override
    public void sourceRows(SplittableRandom random, int[] rows) {}

    /** lost, not sent, duplicate, member pause, kill, stall, host error, cleanup, drift, crash; then issue 18's. */
    @Override
    public int[] kindWeights() {
        return new int[] {20, 8, 6, 8, 6, 8, 7, 5, 5, 7, 8, 12, 8, 5, 4, 8, 4, 4, 4};
    }

    @Override
    public int ownKinds() {
        return 0;
    }

    @Override
    public void ownFault(int kind, FaultDraw draw, List<Schedule.PlannedFault> out) {
        throw new IllegalArgumentException("internal mode draws no fault kind of its own: " + kind);
    }

    @Override
    public Step.Call mutation(FaultDraw draw) {
        StatementKind publication = draw.publication();
        StatementKind[] kinds = {
            publication,
            publication,
            publication,
            StatementKind.DDL_DROP,
            StatementKind.DDL_DROP,
            StatementKind.KEEPER_MAP_CAS,
            StatementKind.KEEPER_MAP_CAS,
            StatementKind.KEEPER_MAP_CAS,
            StatementKind.KEEPER_MAP_INSERT,
            StatementKind.DDL_CREATE_CANDIDATE,
            StatementKind.DDL_CREATE_CONTROL,
            StatementKind.DDL_CAPABILITY_PROBE,
            StatementKind.DDL_DISCARD_STAGING,
            StatementKind.CANDIDATE_LOAD
        };
        SplittableRandom random = draw.random();
        StatementKind kind = kinds[random.nextInt(kinds.length)];
        int nth = kind == StatementKind.KEEPER_MAP_CAS ? 1 + random.nextInt(CALLS.cas()) : 1 + random.nextInt(2);
        return Step.call(FaultDraw.portCall(kind)).kind(kind).nth(nth);
    }

    @Override
    public StatementKind[] duplicateKinds(StatementKind publication) {
        return new StatementKind[] {
            publication,
            publication,
            StatementKind.DDL_DROP,
            StatementKind.DDL_CREATE_CANDIDATE,
            StatementKind.DDL_CREATE_CONTROL,
            StatementKind.DDL_CAPABILITY_PROBE
        };
    }

    @Override
    public StatementKind[] hostErrorKinds(StatementKind publication) {
        return new StatementKind[] {
            publication,
            publication,
            StatementKind.DDL_DROP,
            StatementKind.DDL_CREATE_CANDIDATE,
            StatementKind.DDL_CREATE_CONTROL,
            StatementKind.DDL_CAPABILITY_PROBE,
            StatementKind.DDL_DISCARD_STAGING
        };
    }

    @Override
    public String hostErrorDescription(int code, int member, StatementKind kind) {
        return "host error " + code + " on member " + member;
    }

    @Override
    public StatementKind[] hostStepKinds(StatementKind publication) {
        return new StatementKind[] {publication, StatementKind.DDL_DROP, StatementKind.DDL_CREATE_CANDIDATE};
    }

    @Override
    public StatementKind[] doubleExecutionKinds(StatementKind publication) {
        return hostErrorKinds(publication);
    }

    @Override
    public CallCounts calls() {
        return CALLS;
    }

    @Override
    public String driftedEngine() {
        return "ReplicatedReplacingMergeTree('/clickhouse/tables/{uuid}/{shard}', '{replica}') ORDER BY id";
    }

    @Override
    public Schedule.PlannedFault targetDrift(int member, Step step, FaultDraw draw) {
        TableRef target = target();
        return DriftDraws.onTarget(
                "keeper path drift of the target on member " + member,
                target,
                step,
                member,
                admin -> admin.driftKeeperPath(member, target, "/clickhouse/tables/drifted/" + member));
    }

    /** A third of them right after the third CAS (COMMITTED on a clean run): drift before cleanup. */
    @Override
    public Schedule.PlannedFault membershipDrift(int member, Step step, FaultDraw draw) {
        boolean afterCommit = draw.random().nextInt(3) == 0;
        Step at = afterCommit
                ? Step.call(PortCall.CONTROL_CAS)
                        .kind(StatementKind.KEEPER_MAP_CAS)
                        .nth(3)
                        .afterEffect()
                : step;
        return FaultDraw.admin(
                "member " + member + " leaves the cluster configuration" + (afterCommit ? " after the commit CAS" : ""),
                FaultClass.MEMBERSHIP_DRIFT,
                at,
                sim -> sim.admin().removeFromCluster(member));
    }

    @Override
    public PortCall[] memberReads() {
        return NONE;
    }

    @Override
    public PortCall[] memberMutations() {
        return NONE;
    }

    @Override
    public Step outsideAlterStep(SplittableRandom random) {
        return switch (random.nextInt(3)) {
            case 0 ->
                Step.call(PortCall.DDL_SETUP)
                        .kind(StatementKind.DDL_CREATE_CANDIDATE)
                        .nth(1)
                        .afterEffect();
            case 1 -> Step.call(PortCall.LOAD).nth(1);
            default -> Step.call(PortCall.CANDIDATE_HEALTH).nth(1 + random.nextInt(3));
        };
    }
}
