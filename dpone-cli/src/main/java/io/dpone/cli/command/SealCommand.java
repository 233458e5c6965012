package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.input.SourceFiles;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.artifact.ArtifactSealer;
import io.dpone.spi.artifact.ColumnDeclarations;
import io.dpone.spi.artifact.SealedArtifact;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dpone seal}: seals a source file exactly as external-mode publication would and prints the
 * artifact identity, so a user can check a file before publishing. The sealer comes from the
 * external mode module through {@link ArtifactSealer}. Without {@code --store} the store is
 * {@code DPONE_EXTERNAL_ARTIFACT_STORE}, else a temporary directory deleted before exit.
 */
@Command(
        name = "seal",
        description = "Seal a source file into a content-addressed artifact as external-mode publication would.")
public final class SealCommand implements Callable<Integer> {
    private final HostContext host;

    @Spec
    private CommandSpec spec;

    @Option(names = "--source", required = true, paramLabel = "FILE", description = "The source file.")
    private Path source;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "F",
            description =
                    "CSVWithNames, CSVWithNamesAndTypes, TSVWithNames, TSVWithNamesAndTypes or dpone.clickhouse.tab-separated.")
    private String format;

    @Option(
            names = "--columns",
            required = true,
            paramLabel = "DECL",
            description = "Every column in file order: \"name Type, ...\".")
    private String columns;

    @Option(
            names = "--store",
            paramLabel = "DIR",
            description =
                    "Artifact store directory, an absolute path (default: DPONE_EXTERNAL_ARTIFACT_STORE, else a temporary one).")
    private Path store;

    @Option(
            names = "--row-budget",
            paramLabel = "N",
            description = "Most rows accepted (external_content_row_budget; default 100000).")
    private long rowBudget = ArtifactSealer.DEFAULT_ROW_BUDGET;

    public SealCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        if (rowBudget < 1) {
            throw new ParameterException(spec.commandLine(), "--row-budget must be a positive number of rows");
        }
        if (store != null && !store.isAbsolute()) {
            // the same rule as external_artifact_store_path and DPONE_EXTERNAL_ARTIFACT_STORE
            throw new ParameterException(spec.commandLine(), "--store must be an absolute path");
        }
        List<SourceColumn> declared = ColumnDeclarations.parse(columns);
        PublicationSource publicationSource;
        try {
            publicationSource = sourceOf(source, format, declared);
        } catch (DponeException unavailable) {
            // a missing source is the same input error here as in publish
            host.errors().report(JsonDocuments.error(unavailable));
            return ExitCode.INVALID_INPUT.code();
        }
        ArtifactSealer sealer = ServiceLoader.load(ArtifactSealer.class)
                .findFirst()
                .orElseThrow(() -> new DponeException(
                        DponeErrorCode.PUBLICATION_PROVIDER_UNAVAILABLE,
                        "the external mode module, which seals artifacts, is not installed"));
        if (store != null) {
            return seal(sealer, publicationSource, declared, store);
        }
        if (host.environment().externalArtifactStore().isPresent()) {
            return seal(
                    sealer,
                    publicationSource,
                    declared,
                    environmentStore(host.environment().externalArtifactStore().get()));
        }
        try (TemporaryDirectory temporary = TemporaryDirectory.create("dpone-seal-")) {
            return seal(sealer, publicationSource, declared, temporary.path());
        }
    }

    private int seal(ArtifactSealer sealer, PublicationSource source, List<SourceColumn> declared, Path directory) {
        SealedArtifact artifact = sealer.seal(source, declared, directory, rowBudget);
        host.out().println(JsonDocuments.pretty(document(artifact)));
        return ExitCode.OK.code();
    }

    /** @throws DponeException {@code SOURCE_UNAVAILABLE} when the file is missing or unreadable, as publish refuses it */
    private static PublicationSource sourceOf(Path file, String format, List<SourceColumn> declared) {
        DelimitedFormat delimited = DelimitedFormat.fromWireName(format);
        // Anything else is a codec name; the sealer refuses unknown codecs and native formats with a stable code.
        return delimited != null
                ? SourceFiles.describe(file, delimited)
                : SourceFiles.describeCodec(file, format, declared);
    }

    private static Path environmentStore(String value) {
        Path path = Path.of(value);
        if (!path.isAbsolute()) {
            throw new DponeException(
                    DponeErrorCode.EXTERNAL_ARTIFACT_STORE_UNAVAILABLE,
                    "DPONE_EXTERNAL_ARTIFACT_STORE must be an absolute path");
        }
        return path;
    }

    private static ObjectNode document(SealedArtifact artifact) {
        ObjectNode node = JsonDocuments.object();
        node.put("artifact_sha256", artifact.artifactSha256());
        node.put("byte_size", artifact.byteSize());
        node.put("row_count", artifact.rowCount());
        node.put("schema_digest", artifact.schemaDigest());
        return node;
    }
}
