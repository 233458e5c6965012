package io.dpone.clickhouse.cluster.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dpone.clickhouse.cluster.contract.authority.DdlBinding;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.EntryAggregation;
import io.dpone.clickhouse.cluster.contract.ddl.QueueStatus;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReceiptFieldsTest {
    private static final ClusterMember M1 = new ClusterMember("c1", 1, 1, "secret-host-1", "10.0.0.1", 9000, true);
    private static final ClusterMember M2 = new ClusterMember("c1", 1, 2, "secret-host-2", "10.0.0.2", 9000, false);

    @Test
    void aBoundDdlListsItsIdentityAndEveryMembersStatusByShardAndReplicaOnly() {
        DdlCorrelationToken token = DdlCorrelationToken.issue(
                new Digest("ab".repeat(32)), DdlAction.EXCHANGE, 3, RandomBits.from(new Random(7)));
        DdlBinding binding = DdlBinding.dispatched(token);
        Map<HostEndpoint, ClusterMember> members = new LinkedHashMap<>();
        members.put(M1.endpoint(), M1);
        members.put(M2.endpoint(), M2);
        EntryAggregation hosts = new EntryAggregation(
                QueueStatus.IN_PROGRESS, Map.of(M1.endpoint(), QueueStatus.TERMINAL_SUCCESS), 1, 0, 0, 0);

        Map<String, Object> ddl = ReceiptFields.ddl(binding, hosts, members);

        assertEquals(
                List.of(
                        "action",
                        "correlation_token",
                        "dispatch_epoch",
                        "entry",
                        "query_digest",
                        "receipt",
                        "aggregate",
                        "exact_host_set",
                        "hosts"),
                List.copyOf(ddl.keySet()));
        assertEquals("exchange", ddl.get("action"));
        assertEquals(token.value(), ddl.get("correlation_token"));
        assertEquals(3L, ((Number) ddl.get("dispatch_epoch")).longValue());
        assertNull(ddl.get("entry"));
        assertEquals("IN_PROGRESS", ddl.get("aggregate"));
        assertEquals(false, ddl.get("exact_host_set"));
        assertEquals(
                List.of(
                        Map.of("shard", 1L, "replica", 1L, "status", "TERMINAL_SUCCESS"),
                        Map.of("shard", 1L, "replica", 2L, "status", "OUTCOME_UNKNOWN")),
                normalized(ddl.get("hosts")));
        assertFalse(ddl.toString().contains("secret-host") || ddl.toString().contains("10.0.0."), ddl.toString());
    }

    @Test
    void noBindingIsNullAndAnUnreadEntryHasNoHostFields() {
        assertNull(ReceiptFields.ddl(null, null, Map.of()));
        DdlBinding binding = DdlBinding.dispatched(DdlCorrelationToken.issue(
                new Digest("cd".repeat(32)), DdlAction.DROP, 1, RandomBits.from(new Random(8))));
        assertEquals(
                List.of("action", "correlation_token", "dispatch_epoch", "entry", "query_digest", "receipt"),
                List.copyOf(ReceiptFields.ddl(binding, null, Map.of(M1.endpoint(), M1))
                        .keySet()));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> normalized(Object hosts) {
        return ((List<Map<String, Object>>) hosts)
                .stream()
                        .map(host -> Map.<String, Object>of(
                                "shard",
                                ((Number) host.get("shard")).longValue(),
                                "replica",
                                ((Number) host.get("replica")).longValue(),
                                "status",
                                host.get("status")))
                        .toList();
    }
}
