package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.artifact.ArtifactSealer;
import io.dpone.spi.artifact.SealedArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.source.ColumnMismatch;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import io.dpone.spi.source.SourceInspector;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * {@code dpone check --source}: the source read offline exactly as publication would read it,
 * held to the manifest's bounds, without any cluster: its size against {@code max_source_bytes},
 * every row through the modes' own readers (header, strict UTF-8, compression, cell counts), the
 * header against {@code --expect-columns}, and in external mode the row budget; where external
 * mode knows every column type offline (a {@code *WithNamesAndTypes} header or a codec file's
 * {@code --columns}) the source is sealed into a temporary store, deleted afterwards, so every
 * value is checked against its type. Each refusal is the code publication would refuse with.
 */
final class SourceCheck {
    private final SinkManifest manifest;

    SourceCheck(SinkManifest manifest) {
        this.manifest = requireNonNull(manifest, "manifest is null");
    }

    /**
     * The source's part of the check summary.
     *
     * @throws DponeException the code publication would refuse the source with
     */
    ObjectNode check(PublicationSource source, Optional<List<String>> expected) {
        if (source.declaredBytes().isPresent() && source.declaredBytes().getAsLong() > manifest.maxSourceBytes()) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                    "the source is larger than max_source_bytes (" + manifest.maxSourceBytes() + " bytes)");
        }
        boolean external = manifest.cluster()
                .map(cluster -> cluster.replicationMode() == ReplicationMode.EXTERNAL)
                .orElse(false);
        List<SourceColumn> columns;
        long rows;
        boolean sealed = false;
        if (external && source instanceof PublicationSource.CodecFile codec) {
            columns = codec.columns();
            rows = seal(source, columns).rowCount();
            sealed = true;
        } else {
            SourceInspector.SourceShape shape = inspector().inspect(source);
            columns = shape.columns();
            rows = shape.rows();
            if (external
                    && !columns.isEmpty()
                    && columns.stream().allMatch(column -> column.type().isPresent())) {
                seal(source, columns);
                sealed = true;
            }
        }
        List<String> names = columns.stream().map(SourceColumn::name).toList();
        expected.flatMap(wanted -> ColumnMismatch.describe(wanted, names)).ifPresent(mismatch -> {
            throw new DponeException(
                    DponeErrorCode.SOURCE_SCHEMA_INVALID, "the source's header and --expect-columns: " + mismatch);
        });
        if (external && rows > budget()) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED,
                    "the source has more than " + budget() + " rows (external_content_row_budget)");
        }
        return summary(source, names, rows, external, sealed);
    }

    private ObjectNode summary(
            PublicationSource source, List<String> names, long rows, boolean external, boolean sealed) {
        ObjectNode node = JsonDocuments.object();
        if (source instanceof PublicationSource.DelimitedFile file) {
            node.put("format", file.format().wireName());
            node.put("compression", file.compression().name().toLowerCase(Locale.ROOT));
        } else if (source instanceof PublicationSource.CodecFile codec) {
            node.put("format", codec.codec());
        }
        source.declaredBytes().ifPresent(bytes -> node.put("bytes", bytes));
        node.put("max_source_bytes", manifest.maxSourceBytes());
        names.forEach(node.putArray("columns")::add);
        node.put("rows", rows);
        if (external) {
            node.put("row_budget", budget());
        }
        node.put("values_checked_against_types", sealed);
        return node;
    }

    private long budget() {
        return manifest.cluster().orElseThrow().contentRowBudget();
    }

    /** External mode's own sealing into a temporary store that is deleted before this returns. */
    private SealedArtifact seal(PublicationSource source, List<SourceColumn> columns) {
        ArtifactSealer sealer = ServiceLoader.load(ArtifactSealer.class)
                .findFirst()
                .orElseThrow(() -> new DponeException(
                        DponeErrorCode.PUBLICATION_PROVIDER_UNAVAILABLE,
                        "the external mode module, which seals artifacts, is not installed"));
        try (TemporaryDirectory store = TemporaryDirectory.create("dpone-check-")) {
            return sealer.seal(source, columns, store.path(), budget());
        }
    }

    private static SourceInspector inspector() {
        return ServiceLoader.load(SourceInspector.class)
                .findFirst()
                .orElseThrow(() -> new DponeException(
                        DponeErrorCode.PUBLICATION_PROVIDER_UNAVAILABLE,
                        "the cluster module, whose readers check a source, is not installed"));
    }
}
