package io.dpone.testkit.property;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.ddl.QueueRow;
import io.dpone.clickhouse.cluster.contract.inventory.ClusterMember;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.testkit.arbitrary.EntryScenario;
import io.dpone.testkit.arbitrary.LabeledCleanupFacts;
import io.dpone.testkit.arbitrary.LabeledPublicationFacts;
import io.dpone.testkit.arbitrary.ReplicaPlan;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.SampleReportingFormat;

/**
 * Shows every field of the values whose {@code toString} is redacted for logs and evidence (queue
 * and control rows, endpoints, inventory members, entry scenarios, labeled classifier facts), so a
 * falsified property's sample says which raw value broke the rule. jqwik uses it only when it
 * reports a sample (tests); production logging still goes through the redacting {@code toString}.
 */
public final class FieldsReportingFormat implements SampleReportingFormat {
    @Override
    public boolean appliesTo(Object value) {
        return value instanceof QueueRow
                || value instanceof AuthorityRow
                || value instanceof HostEndpoint
                || value instanceof EntryScenario
                || value instanceof ClusterMember
                || value instanceof LabeledPublicationFacts
                || value instanceof LabeledCleanupFacts;
    }

    @Override
    public Optional<String> label(Object value) {
        return Optional.of(value.getClass().getSimpleName());
    }

    @Override
    public Object report(Object value) {
        if (value instanceof HostEndpoint endpoint) {
            return quoted(endpoint.host()) + ":" + endpoint.port();
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        if (value instanceof EntryScenario scenario) {
            fields.put("entry", scenario.entry().entry());
            fields.put(
                    "expectedHosts",
                    scenario.expectedHosts().stream().sorted().map(this::report).toList());
            fields.put("rows", scenario.rows().stream().map(this::report).toList());
        } else if (value instanceof QueueRow row) {
            fields.put("entry", row.entry());
            fields.put("cluster", row.cluster());
            fields.put("query", row.query());
            fields.put("settings", row.settings());
            fields.put("host", quoted(row.host()));
            fields.put("port", row.port());
            fields.put("status", quoted(row.status()));
            fields.put("exceptionCode", quoted(row.exceptionCode()));
            fields.put("exceptionText", quoted(row.exceptionText()));
        } else if (value instanceof AuthorityRow row) {
            fields.put("targetKey", row.targetKey());
            fields.put("operationId", row.operationId());
            fields.put("fenceToken", row.fenceToken());
            fields.put("phase", row.phase());
            fields.put("dispatchEpoch", row.dispatchEpoch());
            fields.put("payload", quoted(row.payload()));
            fields.put("payloadSha256", row.payloadSha256());
        } else if (value instanceof ClusterMember member) {
            fields.put("cluster", quoted(member.cluster()));
            fields.put("shard", member.shardNumber());
            fields.put("replica", member.replicaNumber());
            fields.put("hostName", quoted(member.hostName()));
            fields.put("hostAddress", quoted(member.hostAddress()));
            fields.put("port", member.nativePort());
            fields.put("internalReplication", member.internalReplication());
        } else if (value instanceof LabeledPublicationFacts labeled) {
            fields.put("phase", labeled.facts().phase());
            fields.put("queue", labeled.facts().queue());
            fields.put("plans", plans(labeled.plans()));
            fields.put("hazards", labeled.hazards());
        } else if (value instanceof LabeledCleanupFacts labeled) {
            fields.put("shape", labeled.facts().shape().getClass().getSimpleName());
            fields.put("phase", labeled.facts().phase());
            fields.put("publicationReceipt", labeled.facts().publicationReceipt());
            fields.put("cleanupQueue", labeled.facts().cleanupQueue());
            fields.put("replicationHealthy", labeled.facts().replicationHealthy());
            fields.put("plans", plans(labeled.plans()));
            fields.put("hazards", labeled.hazards());
        }
        return fields;
    }

    /** Each replica's plan by its endpoint, in endpoint order. */
    private Map<Object, ReplicaPlan> plans(Map<HostEndpoint, ReplicaPlan> plans) {
        Map<Object, ReplicaPlan> shown = new LinkedHashMap<>();
        plans.keySet().stream().sorted().forEach(host -> shown.put(report(host), plans.get(host)));
        return shown;
    }

    /** The value's fields as the testkit's own failure messages show them. */
    public static String describe(Object row) {
        return row.getClass().getSimpleName() + new FieldsReportingFormat().report(row);
    }

    /** Quotes raw text so NULL, empty, padded and non-ASCII values can be told apart. */
    public static String quoted(String raw) {
        if (raw == null) {
            return "NULL";
        }
        StringBuilder out = new StringBuilder("\"");
        raw.codePoints()
                .forEach(c -> out.append(
                        c >= 0x20 && c < 0x7f && c != '"' && c != '\\'
                                ? Character.toString(c)
                                : c == '"' ? "\\\"" : c == '\\' ? "\\\\" : String.format("\\u%04x", c)));
        return out.append('"').toString();
    }
}
