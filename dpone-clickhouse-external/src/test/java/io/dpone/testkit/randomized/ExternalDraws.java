package io.dpone.testkit.randomized;

import io.dpone.clickhouse.cluster.sql.StatementKind;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.internal.simulated.PublicationDriver;
import io.dpone.testkit.schedule.DriftDraws;
import io.dpone.testkit.schedule.FaultClass;
import io.dpone.testkit.schedule.FaultDraw;
import io.dpone.testkit.schedule.ModeDraws;
import io.dpone.testkit.schedule.Schedule;
import io.dpone.testkit.simulator.ColumnSpec;
import io.dpone.testkit.simulator.PortCall;
import io.dpone.testkit.simulator.SimulatorFault;
import io.dpone.testkit.simulator.Step;
import java.util.List;
import java.util.SplittableRandom;

/**
 * External mode's draws (issue 12) for the real {@code ExternalPublicationService} on members with
 * {@code internal_replication = false} and plain {@code MergeTree} tables: lost responses and
 * failures before send on every coordinator and member mutation (the KeeperMap insert and CASes,
 * every DDL dispatch, the members' local create, drop, rename and insert) and on the direct member
 * reads, drift of a member's target including a renamed column (which a candidate created AS the
 * target then refuses to load: an unsupported ending), a source the sealer refuses for good (1 in
 * 30: ABORTED from LOCKED); and three kinds of its own: a member's load broken off (and the member
 * killed), a row of a member's candidate changed before its proof, a lost or unsent member read.
 */
final class ExternalDraws implements ModeDraws {
    private static final CallCounts CALLS = new CallCounts(100, 110, 12, 12, 6);
    private static final PortCall[] MEMBER_READS = {
        PortCall.MEMBER_TABLE, PortCall.MEMBER_CONTENT, PortCall.MEMBER_IDENTIFY, PortCall.MEMBER_ROW_COUNT
    };
    private static final PortCall[] MEMBER_MUTATIONS = {
        PortCall.MEMBER_CREATE, PortCall.MEMBER_DROP, PortCall.MEMBER_INSERT, PortCall.MEMBER_RENAME
    };

    @Override
    public String mode() {
        return Schedule.EXTERNAL;
    }

    @Override
    public long seedSalt() {
        return 0x7F4A7C159E3779B9L;
    }

    @Override
    public TableRef target() {
        return PublicationDriver.TARGET;
    }

    @Override
    public void sourceRows(SplittableRandom random, int[] rows) {
        if (random.nextInt(30) == 0) {
            rows[0] = -rows[0] - 1; // a source the sealer refuses for good: the operation ends ABORTED
        }
    }

    /**
     * lost, not sent, duplicate, member pause, kill, stall, host error, cleanup, drift, crash; interrupted load,
     * changed row, member read; then issue 18's.
     */
    @Override
    public int[] kindWeights() {
        return new int[] {20, 8, 5, 8, 6, 8, 7, 5, 5, 7, 8, 5, 4, 6, 8, 8, 5, 4, 8, 4, 4, 4};
    }

    @Override
    public int ownKinds() {
        return 3;
    }

    @Override
    public void ownFault(int kind, FaultDraw draw, List<Schedule.PlannedFault> out) {
        switch (kind) {
            case 0 -> interruptedLoad(draw, out);
            case 1 -> changedRow(draw, out);
            case 2 -> memberRead(draw, out);
            default -> throw new IllegalArgumentException("no such external fault kind: " + kind);
        }
    }

    /** Any mutation call, coordinator or member; occurrences count every kind's own calls. */
    @Override
    public Step.Call mutation(FaultDraw draw) {
        SplittableRandom random = draw.random();
        int pick = random.nextInt(18);
        if (pick < 3) {
            return Step.call(PortCall.DDL_DISPATCH).kind(draw.publication()).nth(1 + random.nextInt(2));
        } else if (pick < 5) {
            return Step.call(PortCall.DDL_DISPATCH).kind(StatementKind.DDL_DROP).nth(1 + random.nextInt(2));
        } else if (pick < 9) {
            return Step.call(PortCall.CONTROL_CAS)
                    .kind(StatementKind.KEEPER_MAP_CAS)
                    .nth(1 + random.nextInt(CALLS.cas()));
        } else if (pick < 10) {
            return Step.call(PortCall.CONTROL_INSERT)
                    .kind(StatementKind.KEEPER_MAP_INSERT)
                    .nth(1 + random.nextInt(2));
        } else if (pick < 11) {
            return Step.call(PortCall.DDL_SETUP)
                    .kind(StatementKind.DDL_CREATE_CONTROL)
                    .nth(1 + random.nextInt(2));
        } else if (pick < 12) {
            return Step.call(PortCall.DDL_SETUP)
                    .kind(StatementKind.DDL_CAPABILITY_PROBE)
                    .nth(1 + random.nextInt(2));
        } else if (pick < 14) {
            return Step.call(PortCall.MEMBER_CREATE).nth(1 + random.nextInt(4));
        } else if (pick < 15) {
            return Step.call(PortCall.MEMBER_DROP).nth(1 + random.nextInt(2));
        } else if (pick < 16) {
            // a promotion's local rename: lost (the attempt moved, no answer) or not sent
            return Step.call(PortCall.MEMBER_RENAME).nth(1 + random.nextInt(2));
        }
        return Step.call(PortCall.MEMBER_INSERT).nth(1 + random.nextInt(4));
    }

    @Override
    public StatementKind[] duplicateKinds(StatementKind publication) {
        return new StatementKind[] {
            publication,
            publication,
            StatementKind.DDL_DROP,
            StatementKind.DDL_CREATE_CONTROL,
            StatementKind.DDL_CAPABILITY_PROBE
        };
    }

    @Override
    public StatementKind[] hostErrorKinds(StatementKind publication) {
        return new StatementKind[] {
            publication,
            publication,
            publication,
            StatementKind.DDL_DROP,
            StatementKind.DDL_DROP,
            StatementKind.DDL_CREATE_CONTROL,
            StatementKind.DDL_CAPABILITY_PROBE
        };
    }

    @Override
    public String hostErrorDescription(int code, int member, StatementKind kind) {
        return "host error " + code + " on member " + member + " for " + kind;
    }

    @Override
    public StatementKind[] hostStepKinds(StatementKind publication) {
        return new StatementKind[] {publication, StatementKind.DDL_DROP};
    }

    @Override
    public StatementKind[] doubleExecutionKinds(StatementKind publication) {
        return duplicateKinds(publication);
    }

    @Override
    public CallCounts calls() {
        return CALLS;
    }

    @Override
    public String driftedEngine() {
        return "ReplacingMergeTree ORDER BY id SETTINGS index_granularity = 8192";
    }

    @Override
    public Schedule.PlannedFault targetDrift(int member, Step step, FaultDraw draw) {
        TableRef target = target();
        return DriftDraws.onTarget(
                "a column of the target renamed on member " + member,
                target,
                draw.random().nextBoolean()
                        ? Step.call(PortCall.MEMBER_CREATE).member(member).nth(1)
                        : step,
                member,
                admin -> admin.driftColumns(
                        member, target, List.of(ColumnSpec.of("id", "UInt64"), ColumnSpec.of("w", "String"))));
    }

    @Override
    public Schedule.PlannedFault membershipDrift(int member, Step step, FaultDraw draw) {
        return FaultDraw.admin(
                "member " + member + " leaves the cluster configuration",
                FaultClass.MEMBERSHIP_DRIFT,
                step,
                sim -> sim.admin().removeFromCluster(member));
    }

    @Override
    public PortCall[] memberReads() {
        return MEMBER_READS;
    }

    @Override
    public PortCall[] memberMutations() {
        return MEMBER_MUTATIONS;
    }

    @Override
    public Step outsideAlterStep(SplittableRandom random) {
        return switch (random.nextInt(3)) {
            case 0 ->
                Step.call(PortCall.MEMBER_CREATE).nth(1 + random.nextInt(3)).afterEffect();
            case 1 -> Step.call(PortCall.MEMBER_INSERT).nth(1 + random.nextInt(3));
            default -> Step.call(PortCall.MEMBER_CONTENT).nth(1 + random.nextInt(2));
        };
    }

    /** A member's load breaks off after some rows; half the time the member goes down with it. */
    private static void interruptedLoad(FaultDraw draw, List<Schedule.PlannedFault> out) {
        SplittableRandom random = draw.random();
        int member = random.nextInt(draw.members());
        long rows = random.nextInt(4);
        Step.Call insert = Step.call(PortCall.MEMBER_INSERT).member(member).nth(1 + random.nextInt(2));
        out.add(FaultDraw.fixed(
                "load of member " + member + " breaks off after " + rows + " rows",
                FaultClass.INTERRUPTED_LOAD,
                insert,
                SimulatorFault.interruptLoad(rows)));
        if (random.nextBoolean()) {
            out.add(FaultDraw.fixed(
                    "member " + member + " killed as its load breaks off",
                    FaultClass.MEMBER_KILL,
                    insert.afterEffect(),
                    SimulatorFault.kill(member)));
        }
    }

    /** An outside writer changes a row of a member's staged candidate, right before a proof or at any step. */
    private static void changedRow(FaultDraw draw, List<Schedule.PlannedFault> out) {
        SplittableRandom random = draw.random();
        int member = random.nextInt(draw.members());
        Step step = random.nextBoolean()
                ? Step.call(PortCall.MEMBER_CONTENT).member(member).nth(1 + random.nextInt(2))
                : draw.worldStep();
        String label = Schedule.OUTSIDE_WRITER + " " + member + "'s candidate changes";
        out.add(new Schedule.PlannedFault(
                label,
                FaultClass.CHANGED_ROW,
                step,
                (sim, acted) -> SimulatorFault.admin(label, admin -> {
                    for (TableRef table : sim.observe().member(member).tables().keySet()) {
                        if (table.table().contains("__dpone_ext_")
                                && !sim.observe().typedRows(member, table).isEmpty()) {
                            sim.admin().changeRow(member, table, "v", "changed");
                            acted.add(FaultClass.CHANGED_ROW);
                        }
                    }
                })));
    }

    /** A direct member read whose answer is lost, or which provably was not sent. */
    private static void memberRead(FaultDraw draw, List<Schedule.PlannedFault> out) {
        SplittableRandom random = draw.random();
        PortCall read = MEMBER_READS[random.nextInt(MEMBER_READS.length)];
        Step.Call step = Step.call(read).nth(1 + random.nextInt(4));
        out.add(
                random.nextBoolean()
                        ? FaultDraw.fixed("lose response", FaultClass.LOST_READ, step, SimulatorFault.loseResponse())
                        : FaultDraw.fixed(
                                "fail before send", FaultClass.NOT_SENT_READ, step, SimulatorFault.failBeforeSend()));
    }
}
