package io.dpone.clickhouse.cluster.authority;

import static io.dpone.clickhouse.cluster.sql.SqlQuoting.string;
import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.VersionedRow;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ReadOutcome;
import io.dpone.clickhouse.cluster.port.ReadResult;
import io.dpone.clickhouse.cluster.port.ReadTransport;
import io.dpone.clickhouse.cluster.port.SqlStatement;
import io.dpone.clickhouse.cluster.sql.AuthorityStatements;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.cluster.contract.inventory.HostEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the control facade on every expected member and judges it with {@link FacadeRules} (seed
 * section 1). One read per member for the table facts (presence, {@code engine_full}, columns,
 * strict-mode capability, whether the server knows {@code validate_mutation_query}) and, where
 * the table exists, one read of the target slot with its {@code _version}. Reads only; the caller
 * supplies one read transport per expected member, keyed by an opaque member label. Thread-safe if
 * the transports are.
 */
public final class ControlFacade {
    static final String PRESENT = "present";
    static final String ENGINE_FULL = "engine_full";
    static final String COLUMNS = "columns";
    static final String STRICT_MODE = "strict_mode";
    static final String PREVALIDATION_SWITCH = "prevalidation_switch";

    private final FacadeSpec spec;
    private final Map<HostEndpoint, ReadTransport> memberReads;
    private final AuthorityQueryIds queryIds;

    public ControlFacade(FacadeSpec spec, Map<HostEndpoint, ReadTransport> memberReads, AuthorityQueryIds queryIds) {
        this.spec = requireNonNull(spec, "spec is null");
        this.memberReads = Map.copyOf(requireNonNull(memberReads, "memberReads is null"));
        this.queryIds = requireNonNull(queryIds, "queryIds is null");
    }

    /** Observes every member and judges the facade for {@code targetKey}. */
    public FacadeVerdict verify(Digest targetKey) {
        return FacadeRules.judge(spec, memberReads.keySet(), observe(targetKey));
    }

    /** One observation per expected member, in label order. */
    public List<FacadeObservation> observe(Digest targetKey) {
        requireNonNull(targetKey, "targetKey is null");
        List<FacadeObservation> observations = new ArrayList<>();
        memberReads.keySet().stream().sorted()
                .forEach(member -> observations.add(observe(member, memberReads.get(member), targetKey)));
        return observations;
    }

    private FacadeObservation observe(HostEndpoint member, ReadTransport reads, Digest targetKey) {
        ReadOutcome facts = reads.read(factsStatement(spec.control()), QueryContext.of(queryIds.next("facade")));
        if (!(facts instanceof ReadOutcome.Rows rows) || rows.result().size() != 1) {
            return new FacadeObservation.Unreadable(member, "facade facts could not be read");
        }
        ReadResult result = rows.result();
        boolean strict = positive(result.value(0, STRICT_MODE));
        if (!positive(result.value(0, PRESENT))) {
            return new FacadeObservation.Absent(member, strict);
        }
        ReadOutcome slot = reads.read(AuthorityStatements.readVersioned(spec.control(), targetKey.hex()),
                QueryContext.of(queryIds.next("facade-slot")));
        if (!(slot instanceof ReadOutcome.Rows slotRows)
                || !(ControlRows.read(slotRows.result()) instanceof ControlRows.Shape.Rows shape)) {
            return new FacadeObservation.Unreadable(member, "target slot could not be read");
        }
        Optional<VersionedRow> row = shape.row();
        return new FacadeObservation.Present(member, text(result.value(0, ENGINE_FULL)), text(result.value(0, COLUMNS)),
                strict, positive(result.value(0, PREVALIDATION_SWITCH)), row);
    }

    /** Presence, engine_full, ordered {@code name type} columns and both setting capabilities, in one row. */
    static SqlStatement factsStatement(TableRef control) {
        String where = " WHERE database = " + string(control.database());
        String table = string(control.table());
        return SqlStatement.read("SELECT"
                + " (SELECT count() FROM system.tables" + where + " AND name = " + table + ") AS " + PRESENT
                + ", (SELECT any(engine_full) FROM system.tables" + where + " AND name = " + table + ") AS " + ENGINE_FULL
                + ", (SELECT arrayStringConcat(arrayMap(c -> concat(c.2, ' ', c.3), arraySort(groupArray((position, name, type)))), ', ')"
                + " FROM system.columns" + where + " AND table = " + table + ") AS " + COLUMNS
                + ", (SELECT count() FROM system.settings WHERE name = 'keeper_map_strict_mode') AS " + STRICT_MODE
                + ", (SELECT count() FROM system.settings WHERE name = 'validate_mutation_query') AS " + PREVALIDATION_SWITCH);
    }

    private static boolean positive(Object cell) {
        return cell instanceof Long value && value > 0;
    }

    private static String text(Object cell) {
        return cell instanceof String value ? value : "";
    }
}
