package io.dpone.clickhouse.cluster.catalog;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Builds the {@link TableObservation} of one table name from one member's aggregated catalog row
 * (seed section 2). Absent means no {@code system.tables} row; anything other than exactly one
 * table row, at least one column and exactly one {@code system.replicas} row is Indeterminate.
 *
 * <p>Normalisation: {@code engine_full} is taken as the server renders it from its stored AST
 * (canonical spacing and quoting; macros such as {@code {replica}} stay unexpanded, so replicas
 * of one generation agree) with only surrounding whitespace stripped; nothing semantic is
 * removed. The schema digest hashes every column's (position, name, type, default kind, default
 * expression, codec) ordered by position, under its own domain tag.
 */
final class GenerationReader {
    static final String SCHEMA_DOMAIN = "dpone.clickhouse.cluster.v1/schema";

    private final Cells cells;

    GenerationReader(Cells cells) {
        this.cells = cells;
    }

    TableObservation observe(String table) {
        List<Integer> tableRows = indexesOf(cells.texts("table_names"), table);
        if (tableRows.isEmpty()) {
            return TableObservation.absent();
        }
        if (tableRows.size() > 1) {
            return new TableObservation.Indeterminate("duplicate system.tables rows");
        }
        int at = tableRows.get(0);
        Optional<UUID> uuid = parseUuid(cells.texts("table_uuids").get(at));
        List<Integer> replicaRows = indexesOf(cells.texts("replica_tables"), table);
        if (uuid.isEmpty()) {
            return new TableObservation.Indeterminate("table uuid unreadable");
        }
        if (replicaRows.size() != 1) {
            return new TableObservation.Indeterminate(replicaRows.isEmpty()
                    ? "no system.replicas row" : "duplicate system.replicas rows");
        }
        Optional<String> schema = schemaDigest(table);
        if (schema.isEmpty()) {
            return new TableObservation.Indeterminate("no system.columns rows");
        }
        int replica = replicaRows.get(0);
        return TableObservation.present(new GenerationIdentity(uuid.get(),
                normalizeEngineFull(cells.texts("engine_fulls").get(at)), schema.get(),
                cells.texts("zookeeper_names").get(replica), cells.texts("zookeeper_paths").get(replica)));
    }

    Optional<String> replicaName(String table) {
        List<Integer> rows = indexesOf(cells.texts("replica_tables"), table);
        return rows.size() == 1 ? Optional.of(cells.texts("replica_names").get(rows.get(0))) : Optional.empty();
    }

    static String normalizeEngineFull(String engineFull) {
        return engineFull.strip();
    }

    private Optional<String> schemaDigest(String table) {
        List<String> tables = cells.texts("column_tables");
        List<Long> positions = cells.numbers("column_positions");
        List<String> names = cells.texts("column_names");
        List<String> types = cells.texts("column_types");
        List<String> kinds = cells.texts("column_default_kinds");
        List<String> defaults = cells.texts("column_default_exprs");
        List<String> codecs = cells.texts("column_codecs");
        List<Integer> rows = new ArrayList<>(indexesOf(tables, table));
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        rows.sort(Comparator.comparingLong(positions::get));
        CanonicalEncoder encoder = CanonicalEncoder.forDomain(SCHEMA_DOMAIN).number(rows.size());
        for (int row : rows) {
            encoder.number(positions.get(row)).text(names.get(row)).text(types.get(row))
                    .text(kinds.get(row)).text(defaults.get(row)).text(codecs.get(row));
        }
        return Optional.of(encoder.sha256().hex());
    }

    private static List<Integer> indexesOf(List<String> values, String wanted) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i).equals(wanted)) {
                out.add(i);
            }
        }
        return out;
    }

    private static Optional<UUID> parseUuid(String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
