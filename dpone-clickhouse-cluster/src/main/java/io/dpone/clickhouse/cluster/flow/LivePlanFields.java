package io.dpone.clickhouse.cluster.flow;

import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.receipt.LivePlan;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The parts of a {@code dpone plan --live} document both modes write alike. Pure. */
public final class LivePlanFields {
    private LivePlanFields() {}

    /** What the facade verdict means for publish: ready, or what it would bootstrap after the probe. */
    public static String facade(FacadeVerdict verdict) {
        if (verdict instanceof FacadeVerdict.Ready) {
            return "ready on every member";
        }
        if (verdict instanceof FacadeVerdict.FillAbsent fill) {
            return "absent on " + fill.absentMembers().size() + " member(s): publish fills them after the probe";
        }
        return "absent everywhere: publish creates it ON CLUSTER after the probe";
    }

    /** One fenced statement as the adapter renders it, with the log_comment pattern its token would have at {@code epoch}. */
    public static Map<String, Object> fenced(String step, FencedDdl ddl, Digest operationId, long epoch) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("step", step);
        entry.put("action", ddl.action().code());
        entry.put("permit", ddl.action().requiresPermit());
        entry.put("statement", ddl.render().sql());
        entry.put(
                "log_comment",
                DdlCorrelationToken.PREFIX + "." + operationId.hex() + "."
                        + ddl.action().code() + "." + epoch + ".<random>");
        return entry;
    }

    /**
     * Each member's {@code version()} as the member read reported it, by endpoint. Shown, not
     * judged: publish refuses a server by its distributed-DDL capability, never by its version.
     */
    public static Map<HostEndpoint, String> serverVersions(List<MemberFacts> members) {
        Map<HostEndpoint, String> versions = new HashMap<>();
        members.forEach(member -> member.serverVersion().ifPresent(version -> versions.put(member.member(), version)));
        return Map.copyOf(versions);
    }

    /** A member's version for the plan, {@code "unknown"} when it reported none. */
    public static String serverVersion(Map<HostEndpoint, String> versions, HostEndpoint member) {
        return versions.getOrDefault(member, "unknown");
    }

    /** Whether publish would send the capability probe first. */
    public static String capability(boolean needsProof) {
        return needsProof
                ? "unproven for this inventory: publish sends the probe first"
                : "proven for this inventory by the record";
    }

    /** A new operation's publication: EXCHANGE with an existing target, RENAME onto an absent one. */
    public static FencedDdl publication(String cluster, TableRef target, TableRef candidate, boolean existing) {
        return existing
                ? new FencedDdl.Exchange(cluster, target, candidate)
                : new FencedDdl.Rename(cluster, candidate, target);
    }

    /** The plan of a refused publish: nothing is sent, and the refusal's code and message say why. */
    public static LivePlan blocked(
            String schema, ReplicationMode mode, DponeException refused, Map<String, Object> detail) {
        detail.put("next", "nothing is sent: " + refused.getMessage());
        detail.put("statements", List.of());
        return new LivePlan(schema, mode, LivePlan.Action.BLOCKED, Optional.of(refused.code()), detail);
    }
}
