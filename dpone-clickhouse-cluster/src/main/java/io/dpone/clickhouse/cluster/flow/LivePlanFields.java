package io.dpone.clickhouse.cluster.flow;

import io.dpone.clickhouse.cluster.authority.FacadeVerdict;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.ddl.FencedDdl;
import java.util.LinkedHashMap;
import java.util.Map;

/** The parts of a {@code dpone plan --live} document both modes write alike. Pure. */
public final class LivePlanFields {
    private LivePlanFields() {
    }

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
        entry.put("log_comment", DdlCorrelationToken.PREFIX + "." + operationId.hex() + "." + ddl.action().code() + "." + epoch
                + ".<random>");
        return entry;
    }
}
