package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dpone check -m FILE [--source FILE ...]}: validates the manifest and applies the shared
 * static admission policy; with {@code --source}, an admitted manifest's source is also read
 * offline as publication would read it ({@link SourceCheck}), without any cluster.
 */
@Command(
        name = "check",
        description = "Validate a manifest and report static admission;"
                + " with --source, also read the source offline as publication would (no cluster).")
public final class CheckCommand implements Callable<Integer> {
    private final HostContext host;

    @Spec
    private CommandSpec spec;

    @Mixin
    private ManifestOption manifest;

    @Option(
            names = "--source",
            paramLabel = "FILE",
            description =
                    "Also check this source file: size against max_source_bytes, every row (header, UTF-8, cells),"
                            + " the external row budget.")
    private Path source;

    @Mixin
    private SourceDescription description;

    @Option(
            names = "--expect-columns",
            paramLabel = "NAMES",
            description =
                    "The column names the header must have, in order: \"id, customer, amount\" (the manifest lists none).")
    private String expectColumns;

    public CheckCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        if (source == null) {
            if (description.given() || expectColumns != null) {
                throw new ParameterException(
                        spec.commandLine(), "--format, --columns and --expect-columns describe --source");
            }
            return manifest.printDecision(host, JsonDocuments::checkSummary);
        }
        SourceArguments arguments = description.of(source);
        Optional<DelimitedFormat> delimited = arguments.delimitedFormat(spec);
        Optional<List<String>> expected = Optional.ofNullable(expectColumns).map(this::names);
        Optional<AdmittedManifest> admitted = manifest.decide(host);
        if (admitted.isEmpty()) {
            return ExitCode.INVALID_INPUT.code();
        }
        StaticDecision decision = admitted.get().decision();
        if (decision.blocked()) {
            // a blocked request never reads its source, as publish never would
            host.out().println(JsonDocuments.pretty(JsonDocuments.checkSummary(decision)));
            return ExitCode.BLOCKED.code();
        }
        PublicationSource described;
        try {
            described = arguments.describe(delimited);
        } catch (DponeException e) {
            host.errors().report(JsonDocuments.error(e));
            return ExitCode.INVALID_INPUT.code();
        }
        ObjectNode summary = JsonDocuments.checkSummary(decision);
        summary.set("source", new SourceCheck(admitted.get().manifest()).check(described, expected));
        host.out().println(JsonDocuments.pretty(summary));
        return ExitCode.OK.code();
    }

    /** {@code --expect-columns}: names separated by commas; a name holding a comma is back-quoted. */
    private List<String> names(String text) {
        List<String> names = new ArrayList<>();
        StringBuilder name = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '`') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                names.add(name.toString().strip());
                name.setLength(0);
            } else {
                name.append(c);
            }
        }
        names.add(name.toString().strip());
        if (quoted || names.stream().anyMatch(String::isEmpty)) {
            throw new ParameterException(
                    spec.commandLine(), "--expect-columns must be column names separated by commas");
        }
        return List.copyOf(names);
    }
}
