package io.dpone.cli.command;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --format} and {@code --columns} for the commands that read a {@code --source} offline as
 * publish would (check, plan): one declaration, so their help and meaning cannot drift apart.
 */
public final class SourceDescription {
    @Option(names = "--format", paramLabel = "FORMAT", description = "As for publish; default by file extension.")
    private String format;

    @Option(
            names = "--columns",
            paramLabel = "DECL",
            description = "As for publish: a codec file's columns, \"name Type, ...\".")
    private String columns;

    /** True when either option was given. */
    boolean given() {
        return format != null || columns != null;
    }

    /** The source with these options. */
    SourceArguments of(Path source) {
        return new SourceArguments(source, format, columns);
    }
}
