package io.dpone.clickhouse.external.seal;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.source.OpenedSource;
import io.dpone.clickhouse.cluster.source.SourceReaders;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.clickhouse.external.artifact.CanonicalRows;
import io.dpone.clickhouse.external.artifact.CellParser;
import io.dpone.clickhouse.external.artifact.ColumnType;
import io.dpone.clickhouse.external.artifact.ColumnTypes;
import io.dpone.clickhouse.external.artifact.DateTimePlacement;
import io.dpone.clickhouse.external.artifact.TypedColumn;
import io.dpone.clickhouse.external.codec.TabSeparatedCodec;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.clickhouse.external.store.PendingArtifact;
import io.dpone.clickhouse.external.store.StoredArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.ColumnMismatch;
import io.dpone.spi.source.Compression;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.RowCursor;
import io.dpone.spi.source.SourceColumn;
import java.io.UncheckedIOException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Seals a {@link PublicationSource} into canonical typed rows in an {@link ArtifactStore}, in one
 * streaming pass (docs/reference/external-mode.md, "Sealing"). Order of refusals: the source kind
 * (streams, compressed files, unknown codecs), a known row count over the row budget and a declared
 * size over the byte bound come before any byte is read; then the declared types, then the header
 * against the declaration; then each row, a row beyond the row budget, more bytes read than the
 * byte bound ({@code max_source_bytes}: a declared size is a claim, the bytes read are the fact) or
 * an invalid cell stopping the pass. A refused source leaves nothing in the store.
 */
public final class SourceSealer {
    private static final long PROGRESS_EVERY_ROWS = 1 << 16;

    private final ArtifactStore store;
    private final long rowBudget;
    private final long byteBudget;
    private final DateTimePlacement placement;
    private final ProgressListener progress;

    /**
     * A sealer with no byte bound and no members (e.g. {@code dpone seal}, which has no manifest): a
     * date-time without a zone of its own is checked as a wall clock only.
     */
    public SourceSealer(ArtifactStore store, long rowBudget, ProgressListener progress) {
        this(store, rowBudget, Long.MAX_VALUE, DateTimePlacement.unknown(), progress);
    }

    /**
     * @param byteBudget the most source bytes sealing may read ({@code max_source_bytes}); more is
     *     {@code CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE}, as internal mode's load stops
     * @param placement where the members place date-times: a wall clock that does not exist in its
     *     zone, or whose instant is out of range, is {@code SOURCE_VALUE_INVALID}
     */
    public SourceSealer(
            ArtifactStore store,
            long rowBudget,
            long byteBudget,
            DateTimePlacement placement,
            ProgressListener progress) {
        this.store = requireNonNull(store, "store is null");
        this.placement = requireNonNull(placement, "placement is null");
        this.progress = requireNonNull(progress, "progress is null");
        if (rowBudget < 0) {
            throw new IllegalArgumentException("rowBudget is non-negative");
        }
        if (byteBudget <= 0) {
            throw new IllegalArgumentException("byteBudget is positive");
        }
        this.rowBudget = rowBudget;
        this.byteBudget = byteBudget;
    }

    /**
     * @param declared every column in source order with its ClickHouse type
     * @throws DponeException {@code CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED} for an
     *     unsupported kind or a row budget overrun; {@code CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE} for a
     *     source over the byte bound; {@code SOURCE_*} for schema, format or value problems;
     *     {@code EXTERNAL_ARTIFACT_STORE_UNAVAILABLE} when the store cannot be written
     */
    public StoredArtifact seal(PublicationSource source, List<SourceColumn> declared) {
        return seal(source, declared, null);
    }

    /**
     * {@link #seal(PublicationSource, List)}, the artifact retained for {@code holder} in the same
     * store operation that commits it ({@link PendingArtifact#commit(String)}).
     */
    public StoredArtifact sealRetained(PublicationSource source, List<SourceColumn> declared, String holder) {
        return seal(source, declared, requireNonNull(holder, "holder is null"));
    }

    private StoredArtifact seal(PublicationSource source, List<SourceColumn> declared, String holder) {
        requireNonNull(source, "source is null");
        requireNonNull(declared, "declared is null");
        requireSealableKind(source);
        if (source instanceof PublicationSource.Rows rows && rows.rows().size() > rowBudget) {
            throw overBudget();
        }
        if (source.declaredBytes().isPresent() && source.declaredBytes().getAsLong() > byteBudget) {
            throw tooLarge();
        }
        ArtifactSchema schema = ArtifactSchema.declared(declared);
        placement.requirePlaceable(schema);
        progress.step("seal");
        try (OpenedSource opened = open(source, declared);
                PendingArtifact pending = store.create()) {
            checkHeader(opened.columns(), schema);
            write(opened.cursor(), schema, pending.rows(schema));
            return holder == null ? pending.commit() : pending.commit(holder);
        } catch (UncheckedIOException e) {
            throw new DponeException(
                    DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE,
                    "the artifact store cannot be written ("
                            + e.getCause().getClass().getSimpleName() + ")");
        }
    }

    /**
     * The first check of {@link #seal}, on the source's description only (no byte is read): a
     * stream, a compressed file or an unknown codec or codec version is
     * {@code CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED}. Publication calls it before it takes
     * the target slot.
     */
    public static void requireSealableKind(PublicationSource source) {
        if (source instanceof PublicationSource.Stream) {
            throw unsupported("a streaming source cannot be sealed: external mode needs a replayable source");
        }
        if (source instanceof PublicationSource.DelimitedFile file && file.compression() != Compression.NONE) {
            throw unsupported("a compressed (" + file.compression()
                    + ") artifact; external mode seals uncompressed CSV/TSV only");
        }
        if (source instanceof PublicationSource.CodecFile codec) {
            int version = TabSeparatedCodec.version(codec.codec())
                    .orElseThrow(() -> unsupported(
                            "an unknown codec; external mode decodes " + TabSeparatedCodec.NAME + " version 1 only"));
            if (version != TabSeparatedCodec.VERSION) {
                throw unsupported("codec " + TabSeparatedCodec.NAME + " version " + version
                        + " is unknown; version 1 is supported");
            }
        }
    }

    private static OpenedSource open(PublicationSource source, List<SourceColumn> declared) {
        if (source instanceof PublicationSource.CodecFile codec) {
            requireDeclarationAgrees(codec, ArtifactSchema.declared(declared));
            return TabSeparatedCodec.open(SourceReaders.openFile(codec.file()), declared);
        }
        return SourceReaders.open(source);
    }

    /**
     * The columns a source declares without being read (in-memory rows, a codec file's declared
     * columns) against the declaration the artifact is sealed with (an existing target's columns):
     * the same names in order and, where the source names a type, the same type (by canonical name).
     * A value is never read as another type than the one its source declared: a codec file declared
     * {@code DateTime64(3, 'UTC')} is not sealed against an {@code 'Asia/Tokyo'} column. Publication
     * runs it before it takes the slot; sealing runs it again. A file with a header is checked once
     * its header is read. No I/O.
     *
     * @throws DponeException {@code SOURCE_SCHEMA_INVALID} or {@code SOURCE_TYPE_UNSUPPORTED}
     */
    public static void requireDeclarationAgrees(PublicationSource source, List<SourceColumn> declared) {
        ArtifactSchema schema = ArtifactSchema.declared(declared);
        if (source instanceof PublicationSource.CodecFile codec) {
            requireDeclarationAgrees(codec, schema);
        } else if (source instanceof PublicationSource.Rows rows) {
            checkHeader(rows.columns(), schema);
        }
    }

    private static void requireDeclarationAgrees(PublicationSource.CodecFile codec, ArtifactSchema schema) {
        if (!namesOf(codec.columns())
                .equals(schema.columns().stream().map(column -> column.name()).toList())) {
            throw new DponeException(
                    DponeErrorCode.SOURCE_SCHEMA_INVALID, "the codec file's columns differ from the declared columns");
        }
        for (int i = 0; i < codec.columns().size(); i++) {
            if (codec.columns().get(i).type().isPresent()) {
                ColumnType type =
                        ColumnTypes.parse(codec.columns().get(i).type().get(), i + 1);
                if (!type.equals(schema.type(i))) {
                    throw new DponeException(
                            DponeErrorCode.SOURCE_SCHEMA_INVALID,
                            "column " + (i + 1)
                                    + ": the codec file's columns declare " + type.canonicalName()
                                    + ", the target's column is "
                                    + schema.type(i).canonicalName() + "; a value is never read as another type");
                }
            }
        }
    }

    /** Header names must equal the declared names in order; a types row must name the declared types. */
    private static void checkHeader(List<SourceColumn> header, ArtifactSchema schema) {
        // named, because column names are schema and an operator fixes a named header faster
        ColumnMismatch.describe(schema.columns().stream().map(TypedColumn::name).toList(), namesOf(header))
                .ifPresent(mismatch -> {
                    throw new DponeException(
                            DponeErrorCode.SOURCE_SCHEMA_INVALID,
                            "the source's header and the declared columns: " + mismatch);
                });
        if (header.size() != schema.width()) {
            throw new DponeException(
                    DponeErrorCode.SOURCE_SCHEMA_INVALID,
                    "the source has " + header.size() + " columns, " + schema.width() + " are declared");
        }
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).type().isPresent()) {
                ColumnType type = ColumnTypes.parse(header.get(i).type().get(), i + 1);
                if (!type.equals(schema.type(i))) {
                    throw new DponeException(
                            DponeErrorCode.SOURCE_SCHEMA_INVALID,
                            "column " + (i + 1)
                                    + ": the source's types row names " + type.canonicalName() + ", the declaration "
                                    + schema.type(i).canonicalName());
                }
            }
        }
    }

    private void write(RowCursor cursor, ArtifactSchema schema, CanonicalRows out) {
        ColumnType[] types = schema.columns().stream().map(c -> c.type()).toArray(ColumnType[]::new);
        Object[] values = new Object[types.length];
        List<Object> row = Arrays.asList(values);
        long rows = 0;
        for (List<String> cells = cursor.next(); cells != null; cells = cursor.next()) {
            rows++;
            if (rows > rowBudget) {
                throw overBudget();
            }
            if (cursor.bytesRead() > byteBudget) {
                throw tooLarge();
            }
            for (int i = 0; i < types.length; i++) {
                try {
                    values[i] = CellParser.parse(types[i], cells.get(i));
                } catch (CellParser.InvalidCell e) {
                    throw new DponeException(
                            DponeErrorCode.SOURCE_VALUE_INVALID,
                            "row " + rows + ", column " + (i + 1)
                                    + ": not a valid " + types[i].canonicalName() + " value"
                                    + (cells.get(i) == null ? " (NULL in a column that is not Nullable)" : ""));
                }
                if (values[i] instanceof LocalDateTime wallClock) {
                    Optional<String> refusal = placement.refusal(types[i], wallClock);
                    if (refusal.isPresent()) {
                        throw new DponeException(
                                DponeErrorCode.SOURCE_VALUE_INVALID,
                                "row " + rows + ", column " + (i + 1) + ": not a valid " + types[i].canonicalName()
                                        + " value: " + refusal.get());
                    }
                }
            }
            out.write(row);
            if (rows % PROGRESS_EVERY_ROWS == 0) {
                progress.loaded(rows, cursor.bytesRead(), -1);
            }
        }
        if (cursor.bytesRead() > byteBudget) {
            throw tooLarge();
        }
        progress.loaded(rows, cursor.bytesRead(), cursor.bytesRead());
    }

    /** The byte bound, by the code and words internal mode's load uses for it. */
    private DponeException tooLarge() {
        return new DponeException(
                DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                "the source is larger than max_source_bytes (" + byteBudget + " bytes)");
    }

    private DponeException overBudget() {
        return unsupported("the source has more than " + rowBudget + " rows (external_content_row_budget)");
    }

    private static DponeException unsupported(String message) {
        return new DponeException(DponeErrorCode.CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED, message);
    }

    private static List<String> namesOf(List<SourceColumn> columns) {
        List<String> names = new ArrayList<>();
        columns.forEach(column -> names.add(column.name()));
        return names;
    }
}
