package io.dpone.clickhouse.external.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.clickhouse.cluster.catalog.ClusterAdmission;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.external.authority.TableDefinition;
import io.dpone.spi.error.DponeErrorCode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** External admission's target rules and the external family of every shared membership rule. */
class MemberTargetsTest {
    private static final String SCHEMA = "a".repeat(64);
    private static final HostEndpoint A = new HostEndpoint("a", 9000);
    private static final HostEndpoint B = new HostEndpoint("b", 9000);

    private static MemberFacts member(HostEndpoint endpoint, TableObservation target) {
        return new MemberFacts(
                endpoint,
                1,
                endpoint == A ? 1 : 2,
                List.of("Atomic"),
                target,
                new TableObservation.Absent(),
                Optional.empty(),
                Optional.empty());
    }

    private static TableObservation direct(int uuid, String engine) {
        return new TableObservation.Present(GenerationIdentity.direct(new UUID(0, uuid), engine, SCHEMA));
    }

    private static DponeErrorCode blocked(TableObservation a, TableObservation b) {
        return assertInstanceOf(
                        MemberTargets.Verdict.Blocked.class, MemberTargets.judge(List.of(member(A, a), member(B, b))))
                .code();
    }

    @Test
    void directMergeTreesWithOneDefinitionAreAdmittedEachWithItsOwnUuid() {
        MemberTargets.Verdict verdict = MemberTargets.judge(
                List.of(member(A, direct(1, "MergeTree ORDER BY id")), member(B, direct(2, "MergeTree ORDER BY id"))));
        assertEquals(
                new MemberTargets.Verdict.Admitted(
                        Optional.of(new TableDefinition("MergeTree ORDER BY id", SCHEMA)),
                        Map.of(A, new UUID(0, 1), B, new UUID(0, 2))),
                verdict);
        assertEquals(
                new MemberTargets.Verdict.Admitted(Optional.empty(), Map.of()),
                MemberTargets.judge(
                        List.of(member(A, new TableObservation.Absent()), member(B, new TableObservation.Absent()))));
    }

    @Test
    void everyOtherTargetIsRefusedWithItsCode() {
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                blocked(direct(1, "Memory"), direct(2, "Memory")));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                blocked(direct(1, "ReplacingMergeTreeX ORDER BY id"), direct(2, "ReplacingMergeTreeX ORDER BY id")));
        TableObservation replicated = new TableObservation.Present(new GenerationIdentity(
                new UUID(0, 1), "ReplicatedMergeTree('/p', '{replica}') ORDER BY id", SCHEMA, "default", "/p"));
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED, blocked(replicated, replicated));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                blocked(direct(1, "ReplacingMergeTree ORDER BY id"), direct(2, "ReplacingMergeTree ORDER BY id")),
                "one definition, but it rewrites rows (red on main 32d8930: admitted)");
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN,
                blocked(direct(1, "MergeTree ORDER BY id"), direct(2, "ReplacingMergeTree ORDER BY id")),
                "a member whose definition drifted is an unknown generation first");
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN,
                blocked(direct(1, "MergeTree ORDER BY id"), new TableObservation.Absent()));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN,
                blocked(direct(1, "MergeTree ORDER BY id"), direct(2, "MergeTree ORDER BY x")));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN,
                blocked(direct(1, "MergeTree ORDER BY id"), new TableObservation.Indeterminate("dup")));
    }

    @Test
    void sharedMembershipRulesTakeTheirExternalFamily() {
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH,
                AdmissionCodes.of(ClusterAdmission.Reason.INTERNAL_REPLICATION_ENABLED));
        assertEquals(
                DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED,
                AdmissionCodes.of(ClusterAdmission.Reason.DATABASE_NOT_ATOMIC));
        for (ClusterAdmission.Reason reason : List.of(
                ClusterAdmission.Reason.MEMBER_MISSING,
                ClusterAdmission.Reason.MORE_THAN_ONE_SHARD,
                ClusterAdmission.Reason.FEWER_THAN_TWO_REPLICAS,
                ClusterAdmission.Reason.MEMBERS_UNREADABLE,
                ClusterAdmission.Reason.DUPLICATE_ENDPOINT)) {
            assertEquals(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE,
                    AdmissionCodes.of(reason),
                    reason.name());
        }
    }
}
