package io.dpone.clickhouse.cluster.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.ReplicaHealth;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadResult;
import io.dpone.clickhouse.cluster.port.ServerSetting;
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
        return new StrictCatalogAdapter((statement, context) -> {
            contexts.add(context);
            return answer;
        }, () -> "q-1", 7);
    }

    private static Map<String, Object> memberRow(String type) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("member_host", "h1");
        row.put("member_port", 9000L);
        row.put("member_shard", 1L);
        row.put("member_replica", 1L);
        row.put("database_engines", List.of("Atomic"));
        row.put("table_names", List.of("t"));
        row.put("table_uuids", List.of(UUID_T.toString()));
        row.put("table_engines", List.of("ReplicatedMergeTree"));
        row.put("engine_fulls", List.of(" ReplicatedMergeTree('/p/t', '{replica}') ORDER BY id "));
        row.put("column_tables", List.of("t", "t"));
        row.put("column_positions", List.of(2L, 1L));
        row.put("column_names", List.of("v", "id"));
        row.put("column_types", List.of(type, "UInt64"));
        row.put("column_default_kinds", List.of("", ""));
        row.put("column_default_exprs", List.of("", ""));
        row.put("column_codecs", List.of("", ""));
        row.put("replica_tables", List.of("t"));
        row.put("replica_names", List.of("r1"));
        row.put("zookeeper_names", List.of("default"));
        row.put("zookeeper_paths", List.of("/p/t"));
        return row;
    }

    private static ReadOutcome rows(List<Map<String, Object>> rows) {
        List<String> columns = List.copyOf(rows.get(0).keySet());
        return new ReadOutcome.Rows(new ReadResult(columns, rows.stream().map(r -> new ArrayList<>(r.values()))
                .map(r -> (List<Object>) r).toList()));
    }

    @Test
    void memberFactsCarryTheIdentityOfEachTable() {
        CatalogRead<List<MemberFacts>> read = adapter(rows(List.of(memberRow("String")))).members("c1", TARGET, CANDIDATE);
        @SuppressWarnings("unchecked")
        MemberFacts facts = ((CatalogRead.Observed<List<MemberFacts>>) assertInstanceOf(CatalogRead.Observed.class, read))
                .facts().get(0);
        assertEquals(new HostEndpoint("h1", 9000), facts.member());
        GenerationIdentity identity = assertInstanceOf(TableObservation.Present.class, facts.target()).identity();
        assertEquals(UUID_T, identity.tableUuid());
        assertEquals("ReplicatedMergeTree('/p/t', '{replica}') ORDER BY id", identity.normalizedEngineFull());
        assertEquals("/p/t", identity.zookeeperPath());
        assertInstanceOf(TableObservation.Absent.class, facts.candidate());
        assertEquals("r1", facts.targetReplicaName().orElseThrow());
        assertEquals(Map.of(ServerSetting.SKIP_UNAVAILABLE_SHARDS, "0", ServerSetting.PREFER_LOCALHOST_REPLICA, "0",
                ServerSetting.MAX_EXECUTION_TIME, "7"),
                contexts.get(0).settings());

        MemberFacts drifted = ((CatalogRead.Observed<List<MemberFacts>>) adapter(rows(List.of(memberRow("LowCardinality(String)"))))
                .members("c1", TARGET, CANDIDATE)).facts().get(0);
        assertNotEquals(identity.schemaDigest(),
                ((TableObservation.Present) drifted.target()).identity().schemaDigest(), "type drift changes the digest");
    }

    @Test
    void duplicateOrMissingCatalogRowsAreIndeterminate() {
        Map<String, Object> twoReplicaRows = memberRow("String");
        twoReplicaRows.put("replica_tables", List.of("t", "t"));
        twoReplicaRows.put("replica_names", List.of("r1", "r1"));
        twoReplicaRows.put("zookeeper_names", List.of("default", "default"));
        twoReplicaRows.put("zookeeper_paths", List.of("/p/t", "/p/t"));
        Map<String, Object> noReplicaRow = memberRow("String");
        for (String column : List.of("replica_tables", "replica_names", "zookeeper_names", "zookeeper_paths")) {
            noReplicaRow.put(column, List.of());
        }
        for (Map<String, Object> row : List.of(twoReplicaRows, noReplicaRow)) {
            MemberFacts facts = ((CatalogRead.Observed<List<MemberFacts>>) adapter(rows(List.of(row)))
                    .members("c1", TARGET, CANDIDATE)).facts().get(0);
            assertInstanceOf(TableObservation.Indeterminate.class, facts.target());
        }
    }

    @Test
    void oddShapesAndFailuresAreUnreadableNeverPartial() {
        Map<String, Object> bad = memberRow("String");
        bad.put("column_positions", List.of("two", "one"));
        CatalogRead<List<MemberFacts>> malformed = adapter(rows(List.of(memberRow("String"), bad)))
                .members("c1", TARGET, CANDIDATE);
        assertEquals(CatalogRead.Cause.MALFORMED_ANSWER,
                assertInstanceOf(CatalogRead.Unreadable.class, malformed).cause());
        Map<String, Object> ragged = memberRow("String");
        ragged.put("column_types", List.of("String"));
        assertInstanceOf(CatalogRead.Unreadable.class, adapter(rows(List.of(ragged))).members("c1", TARGET, CANDIDATE));
        ReadOutcome failed = new ReadOutcome.Failed(new ReadOutcome.ReadFailure(ReadOutcome.ReadFailure.Kind.NO_RESPONSE,
                java.util.Optional.empty(), "timeout"));
        assertEquals(CatalogRead.Cause.READ_FAILED,
                assertInstanceOf(CatalogRead.Unreadable.class, adapter(failed).inventory("c1")).cause());
    }

    @Test
    void healthRowsBecomeReplicaHealthAndMembersWithoutOneRowAreLeftOut() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("member_host", "h1");
        row.put("member_port", 9000L);
        row.put("member_shard", 1L);
        row.put("member_replica", 1L);
        for (String column : List.of("readonly", "session_expired", "queue_sizes", "active", "total", "log_pointers",
                "log_max_indexes")) {
            row.put(column, List.of(0L));
        }
        row.put("total", List.of(2L));
        row.put("active", List.of(2L));
        row.put("queue_exceptions", List.of(""));
        row.put("keeper_exceptions", List.of(""));
        row.put("staged_rows", 5L);
        Map<String, Object> absent = new LinkedHashMap<>(row);
        absent.put("member_host", "h2");
        for (String column : Arrays.asList("readonly", "session_expired", "queue_sizes", "active", "total",
                "log_pointers", "log_max_indexes", "queue_exceptions", "keeper_exceptions")) {
            absent.put(column, List.of());
        }
        @SuppressWarnings("unchecked")
        List<ReplicaHealth> health = ((CatalogRead.Observed<List<ReplicaHealth>>) adapter(rows(List.of(row, absent)))
                .candidateHealth("c1", CANDIDATE)).facts();
        assertEquals(1, health.size());
        assertEquals(new ReplicaHealth(new HostEndpoint("h1", 9000), false, false, 0, "", "", 2, 2, 0, 0, 5), health.get(0));
    }
}
