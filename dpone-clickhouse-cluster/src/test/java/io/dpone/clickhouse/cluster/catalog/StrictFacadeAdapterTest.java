package io.dpone.clickhouse.cluster.catalog;

import static io.dpone.clickhouse.cluster.contract.ContractFixtures.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.clickhouse.cluster.authority.FacadeObservation;
import io.dpone.clickhouse.cluster.authority.FacadeRules;
import io.dpone.clickhouse.cluster.authority.FacadeSpec;
import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.authority.MutationPrevalidation;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.contract.phase.AuthorityPhase;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ServerError;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.SqlStatement;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The facade adapter's reads, decoding and strictness against a fake read transport; offline. */
class StrictFacadeAdapterTest {
    private static final FacadeSpec SPEC = new FacadeSpec(new TableRef("ctl", "publication_authority"), "/x/authority");
    private static final HostEndpoint M1 = new HostEndpoint("h1", 9000);
    private static final HostEndpoint M2 = new HostEndpoint("h2", 9000);
    private static final AuthorityRow ROW = AuthorityCodecV1.INSTANCE.encode(record(AuthorityPhase.PREPARED));
    private static final Digest TARGET = record(AuthorityPhase.PREPARED).targetKey();

    private final List<SqlStatement> statements = new ArrayList<>();
    private final List<QueryContext> contexts = new ArrayList<>();
    private ReadOutcome factsAnswer;
    private ReadOutcome slotAnswer;

    private CatalogRead<List<FacadeObservation>> observe() {
        return new StrictFacadeAdapter(
                        (statement, context) -> {
                            statements.add(statement);
                            contexts.add(context);
                            return statement.sql().contains("['slot'") ? slotAnswer : factsAnswer;
                        },
                        () -> "q-" + statements.size(),
                        9)
                .observe("c1", SPEC, TARGET);
    }

    private static List<String> member(HostEndpoint member) {
        return List.of("member", member.host(), Integer.toString(member.port()), "1", "1");
    }

    /** A member's facts: the table (if given), its columns out of order, and the settings it knows. */
    private static List<String> facts(HostEndpoint member, String engineFull, String... settings) {
        List<String> flat = new ArrayList<>(member(member));
        if (engineFull != null) {
            flat.addAll(List.of("table", "publication_authority", "00000000-0000-0000-0000-000000000001", engineFull));
            String[][] columns = {
                {"2", "operation_id", "String"},
                {"1", "target_key", "String"},
                {"3", "fence_token", "String"},
                {"4", "phase", "String"},
                {"7", "payload_sha256", "FixedString(64)"},
                {"5", "dispatch_epoch", "UInt64"},
                {"6", "payload", "String"}
            };
            for (String[] c : columns) {
                flat.addAll(List.of("column", "publication_authority", c[0], c[1], c[2], "", "", ""));
            }
        }
        for (String setting : settings) {
            flat.addAll(List.of("setting", setting));
        }
        return flat;
    }

    private static List<String> slot(HostEndpoint member, AuthorityRow row, long version) {
        List<String> flat = new ArrayList<>(member(member));
        if (row != null) {
            flat.addAll(List.of(
                    "slot",
                    row.targetKey(),
                    row.operationId(),
                    row.fenceToken(),
                    row.phase(),
                    row.dispatchEpoch().toString(),
                    row.payload(),
                    row.payloadSha256(),
                    Long.toString(version)));
        }
        return flat;
    }

    @SafeVarargs
    private static ReadOutcome answer(List<String>... members) {
        List<List<Object>> rows = new ArrayList<>();
        for (List<String> member : members) {
            rows.add(List.of(member));
        }
        return new ReadOutcome.Rows(new ReadResult(List.of("member_records"), rows));
    }

    @SuppressWarnings("unchecked")
    private static List<FacadeObservation> observed(CatalogRead<List<FacadeObservation>> read) {
        return ((CatalogRead.Observed<List<FacadeObservation>>) assertInstanceOf(CatalogRead.Observed.class, read))
                .facts();
    }

    @Test
    void aFacadePresentEverywhereIsReadWithItsSlotAndJudgedReady() {
        factsAnswer = answer(
                facts(M1, SPEC.engineFull(), "keeper_map_strict_mode", "validate_mutation_query"),
                facts(M2, SPEC.engineFull(), "keeper_map_strict_mode", "validate_mutation_query"));
        slotAnswer = answer(slot(M2, ROW, 3), slot(M1, ROW, 3));
        List<FacadeObservation> observations = observed(observe());
        assertEquals(
                List.of(
                        new FacadeObservation.Present(
                                M1,
                                SPEC.engineFull(),
                                SPEC.columns(),
                                true,
                                true,
                                Optional.of(new VersionedRow(ROW, 3))),
                        new FacadeObservation.Present(
                                M2,
                                SPEC.engineFull(),
                                SPEC.columns(),
                                true,
                                true,
                                Optional.of(new VersionedRow(ROW, 3)))),
                observations,
                "columns in position order");
        assertEquals(
                new FacadeVerdict.Ready(MutationPrevalidation.SKIPPED),
                FacadeRules.judge(SPEC, Set.of(M1, M2), observations));
        assertEquals(2, statements.size(), "one facts read and one slot read, whatever the member count");
        for (SqlStatement statement : statements) {
            assertTrue(
                    statement.sql().startsWith("SELECT member_records FROM clusterAllReplicas('c1', view("),
                    statement.sql());
            assertTrue(statement.sql().contains("FROM system.clusters WHERE cluster = 'c1' AND is_local"));
        }
        assertTrue(statements.get(1).sql().contains("toString(_version)")
                && statements
                        .get(1)
                        .sql()
                        .contains("FROM `ctl`.`publication_authority` WHERE target_key = '" + TARGET.hex() + "'"));
        for (QueryContext context : contexts) {
            assertEquals(
                    Map.of("skip_unavailable_shards", "0", "prefer_localhost_replica", "0", "max_execution_time", "9"),
                    context.settingsByName());
        }
    }

    @Test
    void whereTheFacadeIsNotEverywhereTheSlotIsNotRead() {
        factsAnswer = answer(
                facts(M1, SPEC.engineFull(), "keeper_map_strict_mode"), facts(M2, null, "keeper_map_strict_mode"));
        List<FacadeObservation> observations = observed(observe());
        assertEquals(
                List.of(
                        new FacadeObservation.Present(
                                M1, SPEC.engineFull(), SPEC.columns(), true, false, Optional.empty()),
                        new FacadeObservation.Absent(M2, true)),
                observations);
        assertEquals(1, statements.size());
        assertEquals(new FacadeVerdict.FillAbsent(List.of(M2)), FacadeRules.judge(SPEC, Set.of(M1, M2), observations));

        statements.clear();
        factsAnswer = answer(facts(M1, null), facts(M2, null));
        assertEquals(
                List.of(new FacadeObservation.Absent(M1, false), new FacadeObservation.Absent(M2, false)),
                observed(observe()),
                "a member without keeper_map_strict_mode");
        assertEquals(1, statements.size());
    }

    @Test
    void aFailedOrMisshapenReadIsUnreadableAsAWhole() {
        factsAnswer = new ReadOutcome.Failed(
                ReadOutcome.ReadFailure.server(ServerError.fromRaw(279, "all connection tries failed")));
        CatalogRead.Unreadable<?> failed = assertInstanceOf(CatalogRead.Unreadable.class, observe());
        assertEquals(CatalogRead.Cause.READ_FAILED, failed.cause());

        List<String> truncated = new ArrayList<>(facts(M1, SPEC.engineFull()));
        truncated.remove(truncated.size() - 1);
        factsAnswer = answer(truncated);
        assertEquals(
                CatalogRead.Cause.MALFORMED_ANSWER,
                assertInstanceOf(CatalogRead.Unreadable.class, observe()).cause());

        factsAnswer = answer(facts(M1, SPEC.engineFull(), "keeper_map_strict_mode"));
        slotAnswer = new ReadOutcome.Failed(ReadOutcome.ReadFailure.server(ServerError.fromRaw(60, "no table")));
        assertEquals(
                CatalogRead.Cause.READ_FAILED,
                assertInstanceOf(CatalogRead.Unreadable.class, observe()).cause(),
                "a table dropped between the two reads");
        List<String> badVersion = new ArrayList<>(slot(M1, ROW, 3));
        badVersion.set(badVersion.size() - 1, "-1");
        slotAnswer = answer(badVersion);
        assertEquals(
                CatalogRead.Cause.MALFORMED_ANSWER,
                assertInstanceOf(CatalogRead.Unreadable.class, observe()).cause());
    }

    @Test
    void slotAnswersAreMatchedToMembersByTheirOwnRow() {
        factsAnswer = answer(
                facts(M1, SPEC.engineFull(), "keeper_map_strict_mode"),
                facts(M2, SPEC.engineFull(), "keeper_map_strict_mode"));
        slotAnswer = answer(slot(M1, null, 0));
        List<FacadeObservation> observations = observed(observe());
        assertEquals(
                new FacadeObservation.Present(M1, SPEC.engineFull(), SPEC.columns(), true, false, Optional.empty()),
                observations.get(0),
                "an absent key is an empty slot");
        assertInstanceOf(FacadeObservation.Unreadable.class, observations.get(1), "no slot answer from this member");

        AuthorityRow odd = new AuthorityRow(
                ROW.targetKey(),
                ROW.operationId(),
                ROW.fenceToken(),
                ROW.phase(),
                ROW.dispatchEpoch(),
                ROW.payload(),
                ROW.payloadSha256());
        List<String> oddEpoch = new ArrayList<>(slot(M1, odd, 1));
        oddEpoch.set(10, "1e3");
        slotAnswer = answer(oddEpoch, slot(M2, ROW, 1));
        FacadeObservation.Present present = assertInstanceOf(
                FacadeObservation.Present.class, observed(observe()).get(0));
        assertNull(present.slot().orElseThrow().row().dispatchEpoch(), "the codec, not the adapter, judges the cell");
    }

    @Test
    void aMemberListedTwiceAnswersTwice() {
        List<String> twice = new ArrayList<>(member(M1));
        twice.addAll(facts(M1, null, "keeper_map_strict_mode"));
        factsAnswer = answer(twice);
        List<FacadeObservation> observations = observed(observe());
        assertEquals(2, observations.size());
        assertInstanceOf(FacadeVerdict.Blocked.class, FacadeRules.judge(SPEC, Set.of(M1), observations));
    }
}
