package io.dpone.clickhouse.cluster.authority;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.record;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.clickhouse.cluster.authority.FacadeVerdict.FacadeProblem;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeErrorCode;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Spec section 1: the control facade decision, case by case. */
class FacadeRulesTest {
    private static final FacadeSpec SPEC =
            new FacadeSpec(new TableRef("dpone_c_x", "publication_authority"), "/x/authority");
    private static final HostEndpoint R1 = new HostEndpoint("r1", 9000);
    private static final HostEndpoint R2 = new HostEndpoint("r2", 9000);
    private static final Set<HostEndpoint> MEMBERS = Set.of(R1, R2);
    private static final Optional<VersionedRow> SLOT =
            Optional.of(new VersionedRow(AuthorityCodecV1.INSTANCE.encode(record(AuthorityPhase.PREPARED)), 3));

    private static FacadeObservation present(HostEndpoint member) {
        return new FacadeObservation.Present(member, SPEC.engineFull(), SPEC.columns(), true, true, SLOT);
    }

    private static FacadeVerdict judge(FacadeObservation... observations) {
        return FacadeRules.judge(SPEC, MEMBERS, List.of(observations));
    }

    private static FacadeVerdict blocked(FacadeProblem problem) {
        return new FacadeVerdict.Blocked(problem);
    }

    @Test
    void specDescribesTheServersNormalisedFacade() {
        assertEquals("KeeperMap('/x/authority') PRIMARY KEY target_key", SPEC.engineFull());
        assertEquals(
                "target_key String, operation_id String, fence_token String, phase String, dispatch_epoch UInt64, "
                        + "payload String, payload_sha256 FixedString(64)",
                SPEC.columns());
    }

    @Test
    void identicalFacadesReadingTheSameSlotAreReady() {
        assertEquals(new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED), judge(present(R1), present(R2)));
        FacadeObservation emptySlot =
                new FacadeObservation.Present(R1, SPEC.engineFull(), SPEC.columns(), true, true, Optional.empty());
        FacadeObservation emptySlot2 =
                new FacadeObservation.Present(R2, SPEC.engineFull(), SPEC.columns(), true, true, Optional.empty());
        assertEquals(new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED), judge(emptySlot, emptySlot2));
    }

    @Test
    void absenceEverywhereBootstrapsAndPartialAbsenceFillsOnlyWhenEveryExistingFacadeMatches() {
        assertEquals(
                new FacadeVerdict.BootstrapAll(),
                judge(new FacadeObservation.Absent(R1, true), new FacadeObservation.Absent(R2, true)));
        assertEquals(
                new FacadeVerdict.FillAbsent(List.of(R2)), judge(present(R1), new FacadeObservation.Absent(R2, true)));
        FacadeObservation otherRoot = new FacadeObservation.Present(
                R1, "KeeperMap('/other') PRIMARY KEY target_key", SPEC.columns(), true, true, SLOT);
        assertEquals(blocked(FacadeProblem.ENGINE_MISMATCH), judge(otherRoot, new FacadeObservation.Absent(R2, true)));
    }

    @Test
    void mismatchesDivergenceAndMissingMembersBlock() {
        FacadeObservation otherColumns =
                new FacadeObservation.Present(R2, SPEC.engineFull(), "target_key String", true, true, SLOT);
        assertEquals(blocked(FacadeProblem.SCHEMA_MISMATCH), judge(present(R1), otherColumns));
        FacadeObservation otherRoot = new FacadeObservation.Present(
                R2, "KeeperMap('/x/other') PRIMARY KEY target_key", SPEC.columns(), true, true, SLOT);
        assertEquals(blocked(FacadeProblem.ENGINE_MISMATCH), judge(present(R1), otherRoot));
        FacadeObservation noStrict =
                new FacadeObservation.Present(R2, SPEC.engineFull(), SPEC.columns(), false, true, SLOT);
        assertEquals(blocked(FacadeProblem.STRICT_MODE_UNSUPPORTED), judge(present(R1), noStrict));
        assertEquals(
                blocked(FacadeProblem.STRICT_MODE_UNSUPPORTED),
                judge(new FacadeObservation.Absent(R1, false), new FacadeObservation.Absent(R2, true)));
        FacadeObservation behind = new FacadeObservation.Present(
                R2,
                SPEC.engineFull(),
                SPEC.columns(),
                true,
                true,
                Optional.of(new VersionedRow(SLOT.orElseThrow().row(), 2)));
        FacadeVerdict diverges = judge(present(R1), behind);
        assertEquals(blocked(FacadeProblem.RECORD_DIVERGES), diverges);
        assertEquals(DponeErrorCode.CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT, ((FacadeVerdict.Blocked) diverges).code());
        assertEquals(blocked(FacadeProblem.MEMBER_UNREADABLE), judge(present(R1)));
        assertEquals(
                blocked(FacadeProblem.MEMBER_UNREADABLE),
                judge(present(R1), new FacadeObservation.Unreadable(R2, "x")));
        assertEquals(blocked(FacadeProblem.MEMBER_UNREADABLE), judge(present(R1), present(R1)));
        assertEquals(
                blocked(FacadeProblem.MEMBER_UNREADABLE),
                judge(present(R1), present(R2), present(new HostEndpoint("r3", 9000))));
    }

    @Test
    void theCasSkipsPrevalidationOnlyWhenEveryMemberKnowsTheSetting() {
        FacadeObservation older =
                new FacadeObservation.Present(R2, SPEC.engineFull(), SPEC.columns(), true, false, SLOT);
        assertEquals(new FacadeVerdict.Ready(MutationPrevalidation.SERVER_DEFAULT), judge(present(R1), older));
        FacadeObservation olderToo =
                new FacadeObservation.Present(R1, SPEC.engineFull(), SPEC.columns(), true, false, SLOT);
        assertEquals(new FacadeVerdict.Ready(MutationPrevalidation.SERVER_DEFAULT), judge(olderToo, older));
        assertEquals(new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED), judge(present(R1), present(R2)));
    }
}
