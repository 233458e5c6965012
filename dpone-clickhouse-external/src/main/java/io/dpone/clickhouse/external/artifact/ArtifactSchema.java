package io.dpone.clickhouse.external.artifact;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.cluster.contract.digest.Digest;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.SourceColumn;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The ordered typed columns of an artifact. Its digest is SHA-256 over the protocol's canonical
 * field encoding of the domain tag {@value #DIGEST_DOMAIN}, the column count, then each column's
 * name and canonical type name (docs/reference/external-mode.md, "Schema digest").
 */
public record ArtifactSchema(List<TypedColumn> columns) {
    public static final String DIGEST_DOMAIN = "dpone.clickhouse.external.schema.v1";

    public ArtifactSchema {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a schema has at least one column");
        }
        Set<String> names = new HashSet<>();
        for (TypedColumn column : columns) {
            if (!names.add(column.name())) {
                throw new IllegalArgumentException("column names are unique");
            }
        }
    }

    /**
     * Builds the schema from declared columns, each of which must carry a type.
     *
     * @throws DponeException {@code SOURCE_SCHEMA_INVALID} or {@code SOURCE_TYPE_UNSUPPORTED}
     */
    public static ArtifactSchema declared(List<SourceColumn> declared) {
        List<TypedColumn> columns = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < declared.size(); i++) {
            SourceColumn column = declared.get(i);
            if (column.type().isEmpty()) {
                throw new DponeException(
                        DponeErrorCode.SOURCE_SCHEMA_INVALID, "column " + (i + 1) + " has no declared type");
            }
            if (!names.add(column.name())) {
                throw new DponeException(
                        DponeErrorCode.SOURCE_SCHEMA_INVALID, "column " + (i + 1) + " repeats an earlier column name");
            }
            columns.add(new TypedColumn(
                    column.name(), ColumnTypes.parse(column.type().get(), i + 1)));
        }
        if (columns.isEmpty()) {
            throw new DponeException(DponeErrorCode.SOURCE_SCHEMA_INVALID, "no column is declared");
        }
        return new ArtifactSchema(columns);
    }

    public int width() {
        return columns.size();
    }

    public ColumnType type(int index) {
        return columns.get(index).type();
    }

    public Digest digest() {
        CanonicalEncoder encoder = CanonicalEncoder.forDomain(DIGEST_DOMAIN).number(columns.size());
        for (TypedColumn column : columns) {
            encoder.text(column.name()).text(column.type().canonicalName());
        }
        return encoder.sha256();
    }
}
