package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.input.SourceFiles;
import io.dpone.spi.artifact.ColumnDeclarations;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * A source as {@code --source}, {@code --format} and {@code --columns} give it, read the one way
 * publish and check share: the command-line rules first (usage errors, before the manifest is
 * read), then the file itself.
 *
 * @param format {@code --format} as given, or null
 * @param columns {@code --columns} as given, or null
 */
record SourceArguments(Path source, String format, String columns) {
    /** The codec external mode decodes (spec 001); only named in help and messages, never checked here. */
    static final String CODEC_EXAMPLE = "dpone.clickhouse.tab-separated";

    SourceArguments {
        requireNonNull(source, "source is null");
    }

    /**
     * The delimited format of the source, or empty when {@code --format} names a codec (then with {@code --columns}).
     *
     * @throws ParameterException a usage error naming the option at fault
     */
    Optional<DelimitedFormat> delimitedFormat(CommandSpec spec) {
        if ("-".equals(source.toString())) {
            throw usage(spec, "standard input is not a supported source; pass a file to --source");
        }
        if (format != null) {
            DelimitedFormat named = DelimitedFormat.fromWireName(format);
            if (named == null && columns == null) {
                throw usage(
                        spec,
                        "--format must be one of " + SourceFiles.formatNames() + ", or a codec name such as "
                                + CODEC_EXAMPLE + " together with --columns");
            }
            if (named != null && columns != null) {
                throw usage(
                        spec,
                        "--columns declares a codec file's columns; a " + named.wireName()
                                + " file names its columns in its header row (a *WithNamesAndTypes header also types them)");
            }
            return Optional.ofNullable(named);
        }
        if (columns != null) {
            throw usage(spec, "--columns needs --format naming the codec, for example --format " + CODEC_EXAMPLE);
        }
        Path name = source.getFileName();
        return Optional.of((name == null ? Optional.<DelimitedFormat>empty() : SourceFiles.inferFormat(name.toString()))
                .orElseThrow(() -> usage(
                        spec,
                        "the source format cannot be told from the file extension (.csv, .tsv, .tab);"
                                + " pass --format, one of " + SourceFiles.formatNames())));
    }

    /**
     * The file as the publisher receives it.
     *
     * @throws io.dpone.spi.error.DponeException {@code SOURCE_UNAVAILABLE} for a missing or unreadable file,
     *     {@code SOURCE_SCHEMA_INVALID} for a codec declaration that does not parse
     */
    PublicationSource describe(Optional<DelimitedFormat> delimited) {
        return delimited.isPresent()
                ? SourceFiles.describe(source, delimited.get())
                : SourceFiles.describeCodec(source, format, ColumnDeclarations.parse(columns));
    }

    private static ParameterException usage(CommandSpec spec, String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
