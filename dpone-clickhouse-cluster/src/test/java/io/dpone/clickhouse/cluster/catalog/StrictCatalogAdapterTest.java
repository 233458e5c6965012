package io.dpone.clickhouse.cluster.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.generation.TableIdentityKind;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.clickhouse.cluster.sql.ReadResult;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The adapter's row decoding and strictness against a fake read transport. */
class StrictCatalogAdapterTest {
    private static final TableRef TARGET = new TableRef("pub", "t");
    private static final TableRef CANDIDATE = new TableRef("pub", "t__c");
    private static final UUID UUID_T = UUID.fromString("00000000-0000-0000-0000-000000000001");

    private final List<QueryContext> contexts = new ArrayList<>();

    private StrictCatalogAdapter adapter(ReadOutcome answer) {
        return new StrictCatalogAdapter(
                (statement, context) -> {
                    contexts.add(context);
                    return answer;
                },
                () -> "q-1",
                7);
    }

    /** One member's flat tagged records, as the view renders them. */
    private static List<String> records(String type, List<List<String>> replicaRows) {
        List<String> flat = new ArrayList<>(List.of(
                "member",
                "h1",
                "9000",
                "1",
                "1",
                "database",
                "Atomic",
                "table",
                "t",
                UUID_T.toString(),
                " ReplicatedMergeTree('/p/t', '{replica}') ORDER BY id ",
                "column",
                "t",
                "2",
                "v",
                type,
                "",
                "",
                "",
                "column",
                "t",
                "1",
                "id",
                "UInt64",
                "",
                "",
                ""));
        replicaRows.forEach(flat::addAll);
        return flat;
    }

    private static List<String> records(String type) {
        return records(type, List.of(List.of("replica", "t", "r1", "default", "/p/t")));
    }

    private static Map<String, Object> memberRow(List<String> records) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("member_records", records);
        return row;
    }

    private static Map<String, Object> memberRow(String type) {
        return memberRow(records(type));
    }

    private static ReadOutcome rows(List<Map<String, Object>> rows) {
        List<String> columns = List.copyOf(rows.get(0).keySet());
        return new ReadOutcome.Rows(new ReadResult(
                columns,
                rows.stream()
                        .map(r -> new ArrayList<>(r.values()))
                        .map(r -> (List<Object>) r)
                        .toList()));
    }

    @Test
    void memberFactsCarryTheIdentityOfEachTable() {
        CatalogRead<List<MemberFacts>> read =
                adapter(rows(List.of(memberRow("String")))).members("c1", TARGET, CANDIDATE);
        @SuppressWarnings("unchecked")
        MemberFacts facts = ((CatalogRead.Observed<List<MemberFacts>>)
                        assertInstanceOf(CatalogRead.Observed.class, read))
                .facts()
                .get(0);
        assertEquals(new HostEndpoint("h1", 9000), facts.member());
        GenerationIdentity identity =
                assertInstanceOf(TableObservation.Present.class, facts.target()).identity();
        assertEquals(UUID_T, identity.tableUuid());
        assertEquals("ReplicatedMergeTree('/p/t', '{replica}') ORDER BY id", identity.normalizedEngineFull());
        assertEquals("/p/t", identity.zookeeperPath());
        assertInstanceOf(TableObservation.Absent.class, facts.candidate());
        assertEquals("r1", facts.targetReplicaName().orElseThrow());
        assertEquals(
                Map.of(
                        ServerSetting.SKIP_UNAVAILABLE_SHARDS,
                        "0",
                        ServerSetting.PREFER_LOCALHOST_REPLICA,
                        "0",
                        ServerSetting.MAX_EXECUTION_TIME,
                        "7"),
                contexts.get(0).settings());

        MemberFacts drifted = ((CatalogRead.Observed<List<MemberFacts>>)
                        adapter(rows(List.of(memberRow("LowCardinality(String)"))))
                                .members("c1", TARGET, CANDIDATE))
                .facts()
                .get(0);
        assertNotEquals(
                identity.schemaDigest(),
                ((TableObservation.Present) drifted.target()).identity().schemaDigest(),
                "type drift changes the digest");
    }

    @Test
    void duplicateOrMissingCatalogRowsAreIndeterminate() {
        List<String> replica = List.of("replica", "t", "r1", "default", "/p/t");
        for (List<List<String>> replicaRows : List.of(List.of(replica, replica), List.<List<String>>of())) {
            MemberFacts facts = ((CatalogRead.Observed<List<MemberFacts>>)
                            adapter(rows(List.of(memberRow(records("String", replicaRows)))))
                                    .members("c1", TARGET, CANDIDATE))
                    .facts()
                    .get(0);
            assertInstanceOf(TableObservation.Indeterminate.class, facts.target());
        }
    }

    @Test
    void directIdentitiesReadANonReplicatedTableWhereReplicatedOnesCannot() {
        List<String> plain = records("String", List.of());
        StrictCatalogAdapter direct = new StrictCatalogAdapter(
                (statement, context) -> rows(List.of(memberRow(plain))), () -> "q-1", 7, TableIdentityKind.DIRECT);
        MemberFacts facts = ((CatalogRead.Observed<List<MemberFacts>>) direct.members("c1", TARGET, CANDIDATE))
                .facts()
                .get(0);
        GenerationIdentity identity =
                assertInstanceOf(TableObservation.Present.class, facts.target()).identity();
        assertEquals(
                GenerationIdentity.direct(
                        UUID_T, "ReplicatedMergeTree('/p/t', '{replica}') ORDER BY id", identity.schemaDigest()),
                identity);
        assertEquals("", identity.zookeeperPath());
        MemberFacts replicatedRead = ((CatalogRead.Observed<List<MemberFacts>>)
                        adapter(rows(List.of(memberRow(plain)))).members("c1", TARGET, CANDIDATE))
                .facts()
                .get(0);
        assertInstanceOf(TableObservation.Indeterminate.class, replicatedRead.target(), "internal mode is unchanged");

        List<String> replica = List.of("replica", "t", "r1", "default", "/p/t");
        StrictCatalogAdapter withReplica = new StrictCatalogAdapter(
                (statement, context) -> rows(List.of(memberRow(records("String", List.of(replica))))),
                () -> "q-1",
                7,
                TableIdentityKind.DIRECT);
        assertEquals(
                "/p/t",
                ((TableObservation.Present)
                                ((CatalogRead.Observed<List<MemberFacts>>) withReplica.members("c1", TARGET, CANDIDATE))
                                        .facts()
                                        .get(0)
                                        .target())
                        .identity()
                        .zookeeperPath(),
                "a replicated table keeps its Keeper fields, so the engine rule can refuse it");
        StrictCatalogAdapter twoReplicas = new StrictCatalogAdapter(
                (statement, context) -> rows(List.of(memberRow(records("String", List.of(replica, replica))))),
                () -> "q-1",
                7,
                TableIdentityKind.DIRECT);
        assertInstanceOf(
                TableObservation.Indeterminate.class,
                ((CatalogRead.Observed<List<MemberFacts>>) twoReplicas.members("c1", TARGET, CANDIDATE))
                        .facts()
                        .get(0)
                        .target());
    }

    @Test
    void factsFollowSelfIdentificationNotAnswerCount() {
        List<String> twice = new ArrayList<>(records("String"));
        twice.addAll(List.of("member", "h1", "9000", "1", "2"));
        List<String> unidentified =
                records("String").subList(5, records("String").size());
        List<MemberFacts> facts = ((CatalogRead.Observed<List<MemberFacts>>)
                        adapter(rows(List.of(memberRow(twice), memberRow(unidentified))))
                                .members("c1", TARGET, CANDIDATE))
                .facts();
        assertEquals(
                List.of(1L, 2L),
                facts.stream().map(MemberFacts::replicaNumber).toList(),
                "a duplicated local row yields two facts, a member without one yields none");
    }

    @Test
    void oddShapesAndFailuresAreUnreadableNeverPartial() {
        List<List<String>> malformedRecords = List.of(
                replace(records("String"), 13, "two"),
                records("String").subList(0, records("String").size() - 1),
                replace(records("String"), 0, "membr"),
                replace(records("String"), 2, "-9000"),
                replace(records("String"), 2, "70000"));
        for (List<String> bad : malformedRecords) {
            CatalogRead<List<MemberFacts>> malformed =
                    adapter(rows(List.of(memberRow("String"), memberRow(bad)))).members("c1", TARGET, CANDIDATE);
            assertEquals(
                    CatalogRead.Cause.MALFORMED_ANSWER,
                    assertInstanceOf(CatalogRead.Unreadable.class, malformed).cause(),
                    bad.toString());
        }
        Map<String, Object> notAnArray = new LinkedHashMap<>();
        notAnArray.put("member_records", "member");
        assertInstanceOf(
                CatalogRead.Unreadable.class, adapter(rows(List.of(notAnArray))).members("c1", TARGET, CANDIDATE));
        ReadOutcome failed = new ReadOutcome.Failed(new ReadOutcome.ReadFailure(
                ReadOutcome.ReadFailure.Kind.NO_RESPONSE, java.util.Optional.empty(), "timeout"));
        assertEquals(
                CatalogRead.Cause.READ_FAILED,
                assertInstanceOf(CatalogRead.Unreadable.class, adapter(failed).inventory("c1"))
                        .cause());
    }

    private static List<String> replace(List<String> values, int index, String value) {
        List<String> out = new ArrayList<>(values);
        out.set(index, value);
        return out;
    }

    @Test
    void healthRowsBecomeReplicaHealthAndMembersWithoutOneRowAreLeftOut() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("member_host", "h1");
        row.put("member_port", 9000L);
        row.put("member_shard", 1L);
        row.put("member_replica", 1L);
        for (String column : List.of(
                "readonly", "session_expired", "queue_sizes", "active", "total", "log_pointers", "log_max_indexes")) {
            row.put(column, List.of(0L));
        }
        row.put("total", List.of(2L));
        row.put("active", List.of(2L));
        row.put("queue_exceptions", List.of(""));
        row.put("keeper_exceptions", List.of(""));
        row.put("staged_rows", 5L);
        Map<String, Object> absent = new LinkedHashMap<>(row);
        absent.put("member_host", "h2");
        for (String column : Arrays.asList(
                "readonly",
                "session_expired",
                "queue_sizes",
                "active",
                "total",
                "log_pointers",
                "log_max_indexes",
                "queue_exceptions",
                "keeper_exceptions")) {
            absent.put(column, List.of());
        }
        @SuppressWarnings("unchecked")
        List<ReplicaHealth> health = ((CatalogRead.Observed<List<ReplicaHealth>>)
                        adapter(rows(List.of(row, absent))).candidateHealth("c1", CANDIDATE))
                .facts();
        assertEquals(1, health.size());
        assertEquals(
                new ReplicaHealth(new HostEndpoint("h1", 9000), false, false, 0, "", "", 2, 2, 0, 0, 5), health.get(0));
    }
}
