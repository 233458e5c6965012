package io.dpone.clickhouse.external.service;

import io.dpone.clickhouse.cluster.source.OpenedSource;
import io.dpone.clickhouse.cluster.source.SourceReaders;
import io.dpone.clickhouse.external.admission.TargetColumns;
import io.dpone.clickhouse.external.member.ColumnDefinition;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.util.List;

/**
 * The typed columns an external artifact is sealed with. An existing target decides them: its
 * stored columns ({@link TargetColumns}), names and types in position order, as every member shows
 * them (the source's header must then name the same columns, and a types row or a codec file's
 * declared columns the same types). An absent target has none, so
 * the source must declare every type itself: a {@code *WithNamesAndTypes} header, a codec file's
 * declared columns or typed in-memory columns.
 */
final class DeclaredColumns {
    private DeclaredColumns() {}

    static List<SourceColumn> of(List<ColumnDefinition> target, PublicationSource source) {
        if (!target.isEmpty()) {
            return TargetColumns.stored(target).stream()
                    .map(column -> SourceColumn.typed(column.name(), column.type()))
                    .toList();
        }
        List<SourceColumn> own = own(source);
        if (own.isEmpty() || own.stream().anyMatch(column -> column.type().isEmpty())) {
            throw new DponeException(
                    DponeErrorCode.SOURCE_SCHEMA_INVALID,
                    "the target is absent, so the source must declare every column type (a *WithNamesAndTypes header,"
                            + " a codec file's declared columns or typed rows)");
        }
        return own;
    }

    private static List<SourceColumn> own(PublicationSource source) {
        if (source instanceof PublicationSource.Rows rows) {
            return rows.columns();
        }
        if (source instanceof PublicationSource.CodecFile codec) {
            return codec.columns();
        }
        if (source instanceof PublicationSource.Stream stream) {
            return stream.columns();
        }
        try (OpenedSource opened = SourceReaders.open(source)) {
            return opened.columns();
        }
    }
}
