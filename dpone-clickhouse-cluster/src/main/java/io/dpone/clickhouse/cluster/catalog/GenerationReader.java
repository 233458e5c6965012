package io.dpone.clickhouse.cluster.catalog;

import io.dpone.clickhouse.cluster.catalog.MemberRecords.ColumnRow;
import io.dpone.clickhouse.cluster.catalog.MemberRecords.ReplicaRow;
import io.dpone.clickhouse.cluster.catalog.MemberRecords.TableRow;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.TableIdentityKind;
import io.dpone.clickhouse.cluster.contract.generation.TableObservation;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Builds the {@link TableObservation} of one table name from one member's catalog records (spec
 * section 2). Absent means no {@code system.tables} row; anything other than exactly one table
 * row, at least one column and exactly one {@code system.replicas} row is Indeterminate. Read
 * {@link TableIdentityKind#DIRECT} (external mode), no replication row is a complete identity with
 * empty Keeper fields and more than one is Indeterminate.
 *
 * <p>Normalisation: {@code engine_full} is taken as the server renders it from its stored AST
 * (canonical spacing and quoting; macros such as {@code {replica}} stay unexpanded, so replicas
 * of one generation agree) with only surrounding whitespace stripped; nothing semantic is
 * removed. The schema digest hashes every column's (position, name, type, default kind, default
 * expression, codec) ordered by position, under its own domain tag.
 */
final class GenerationReader {
    static final String SCHEMA_DOMAIN = "dpone.clickhouse.cluster.v1/schema";

    private final MemberRecords records;
    private final TableIdentityKind kind;

    GenerationReader(MemberRecords records) {
        this(records, TableIdentityKind.REPLICATED);
    }

    GenerationReader(MemberRecords records, TableIdentityKind kind) {
        this.records = records;
        this.kind = kind;
    }

    TableObservation observe(String table) {
        List<TableRow> tableRows = records.tables().stream()
                .filter(row -> row.name().equals(table))
                .toList();
        if (tableRows.isEmpty()) {
            return TableObservation.absent();
        }
        if (tableRows.size() > 1) {
            return new TableObservation.Indeterminate("duplicate system.tables rows");
        }
        Optional<UUID> uuid = parseUuid(tableRows.get(0).uuid());
        List<ReplicaRow> replicaRows = replicaRows(table);
        if (uuid.isEmpty()) {
            return new TableObservation.Indeterminate("table uuid unreadable");
        }
        boolean directWithoutReplica = kind == TableIdentityKind.DIRECT && replicaRows.isEmpty();
        if (replicaRows.size() != 1 && !directWithoutReplica) {
            return new TableObservation.Indeterminate(
                    replicaRows.isEmpty() ? "no system.replicas row" : "duplicate system.replicas rows");
        }
        Optional<String> schema = schemaDigest(table);
        if (schema.isEmpty()) {
            return new TableObservation.Indeterminate("no system.columns rows");
        }
        if (directWithoutReplica) {
            return TableObservation.present(GenerationIdentity.direct(
                    uuid.get(), normalizeEngineFull(tableRows.get(0).engineFull()), schema.get()));
        }
        ReplicaRow replica = replicaRows.get(0);
        return TableObservation.present(new GenerationIdentity(
                uuid.get(),
                normalizeEngineFull(tableRows.get(0).engineFull()),
                schema.get(),
                replica.zookeeperName(),
                replica.zookeeperPath()));
    }

    Optional<String> replicaName(String table) {
        List<ReplicaRow> rows = replicaRows(table);
        return rows.size() == 1 ? Optional.of(rows.get(0).replicaName()) : Optional.empty();
    }

    static String normalizeEngineFull(String engineFull) {
        return engineFull.strip();
    }

    private List<ReplicaRow> replicaRows(String table) {
        return records.replicas().stream()
                .filter(row -> row.table().equals(table))
                .toList();
    }

    private Optional<String> schemaDigest(String table) {
        List<ColumnRow> rows = records.columns().stream()
                .filter(row -> row.table().equals(table))
                .sorted(Comparator.comparingLong(ColumnRow::position))
                .toList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        CanonicalEncoder encoder = CanonicalEncoder.forDomain(SCHEMA_DOMAIN).number(rows.size());
        for (ColumnRow row : rows) {
            encoder.number(row.position())
                    .text(row.name())
                    .text(row.type())
                    .text(row.defaultKind())
                    .text(row.defaultExpression())
                    .text(row.codec());
        }
        return Optional.of(encoder.sha256().hex());
    }

    private static Optional<UUID> parseUuid(String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
