package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.progress.ProgressDisplay;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.cli.render.ReceiptSummary;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.ClusterConnection;
import io.dpone.spi.publication.PublicationRequest;
import io.dpone.spi.publication.Publisher;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dpone publish -m FILE --source FILE --invocation-id ID}: static admission, then the
 * selected provider's publisher, exactly once. A committed receipt goes to stdout (exit 0); any
 * other outcome is the typed document of the receipt's code on stderr, with the receipt, and the
 * outcome's exit code (5-10). A {@link DponeException} from the publisher propagates to the host's
 * handler (exit 3, or 4 for a defect). Progress and a human summary go to stderr only on a terminal.
 */
@Command(
        name = "publish",
        description =
                "Publish a CSV or TSV file, or a codec file with declared columns, to the manifest's target after static admission.")
public final class PublishCommand implements Callable<Integer> {
    /** The host's own first step, shown until the publisher reports its own. */
    static final String STARTING_STEP = "starting";

    private final HostContext host;

    @Spec
    private CommandSpec spec;

    @Mixin
    private ManifestOption manifest;

    @Mixin
    private ConnectionOption connection;

    @Option(
            names = "--source",
            required = true,
            paramLabel = "FILE",
            description = "Delimited text file with a header row, or a codec file with --columns."
                    + " Internal mode also reads gzip (.gz) and zstd (.zst) files as it streams; external mode reads"
                    + " uncompressed files only (docs/reference/sources.md).")
    private Path source;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "CSVWithNames, CSVWithNamesAndTypes, TSVWithNames or TSVWithNamesAndTypes,"
                    + " or a codec name such as " + SourceArguments.CODEC_EXAMPLE
                    + " (with --columns; the publisher decides which codecs it decodes)."
                    + " Default by file extension: csv is CSVWithNames; tsv and tab are TSVWithNames.")
    private String format;

    @Option(
            names = "--columns",
            paramLabel = "DECL",
            description = "A codec file's columns in file order: \"name Type, ...\". Required with a codec --format;"
                    + " refused with CSV/TSV, whose header row names the columns.")
    private String columns;

    @Option(
            names = "--invocation-id",
            required = true,
            paramLabel = "ID",
            description =
                    "The scheduler's stable id of this run; a retry passes the same id and resumes the same operation.")
    private String invocationId;

    public PublishCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        String id = InvocationIds.require(spec, invocationId);
        SourceArguments sourceArguments = new SourceArguments(source, format, columns);
        Optional<DelimitedFormat> sourceFormat = sourceArguments.delimitedFormat(spec);
        ManifestOption.RuntimeAdmission admission = manifest.admitForRuntime(host);
        if (admission.admitted().isEmpty()) {
            return admission.exitCode();
        }
        PublicationSource file;
        ClusterConnection cluster;
        try {
            file = sourceArguments.describe(sourceFormat);
            cluster = connection.resolve(host);
        } catch (DponeException e) {
            host.errors().report(JsonDocuments.error(e));
            return ExitCode.INVALID_INPUT.code();
        }
        Publisher publisher = admission.admitted().get().createPublisher(host);
        PublicationReceipt receipt;
        try (ProgressDisplay progress = ProgressDisplay.forHost(host)) {
            progress.step(STARTING_STEP);
            receipt = publisher.publish(new PublicationRequest(id, file, cluster, host.cancellation(), progress));
        }
        return report(receipt);
    }

    private int report(PublicationReceipt receipt) {
        if (receipt.outcome() == PublicationOutcome.NONE) {
            throw new IllegalStateException("a publisher returned the status-only outcome");
        }
        if (receipt.outcome() == PublicationOutcome.COMMITTED) {
            host.out().println(JsonDocuments.pretty(JsonDocuments.receipt(receipt)));
        } else {
            host.errors().report(JsonDocuments.unfinished(receipt));
        }
        host.out().flush();
        if (host.terminals().stderr()) {
            host.err().print(ReceiptSummary.render(receipt));
        }
        return ExitCode.forOutcome(receipt.outcome());
    }
}
