package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.cli.render.ReceiptSummary;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dpone status -m FILE [--invocation-id ID] [--json]}: the target's authority record, every
 * member's classification and the queue evidence, read without any mutation. The receipt goes to
 * stdout as JSON, or as a readable table when stdout is a terminal and {@code --json} is absent.
 * Exit 0 whenever the status was read, whatever it shows; a {@link io.dpone.spi.error.DponeException} exits 3.
 */
@Command(
        name = "status",
        description = "Read the target's publication state without changing anything (exit 0 whatever it shows).")
public final class StatusCommand implements Callable<Integer> {
    private final HostContext host;

    @Spec
    private CommandSpec spec;

    @Mixin
    private ManifestOption manifest;

    @Mixin
    private ConnectionOption connection;

    @Option(
            names = "--invocation-id",
            paramLabel = "ID",
            description = "Also say whether the record belongs to this scheduler invocation's operation.")
    private String invocationId;

    @Option(names = "--json", description = "Print the receipt as JSON even on a terminal.")
    private boolean json;

    public StatusCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        Optional<String> id = Optional.ofNullable(invocationId).map(value -> InvocationIds.require(spec, value));
        ManifestOption.Connected connected = manifest.connect(host, connection);
        if (connected.admitted().isEmpty()) {
            return connected.exitCode();
        }
        PublicationReceipt receipt =
                connected.admitted().get().createPublisher(host).status(new StatusRequest(connected.connection(), id));
        if (json || !host.terminals().stdout()) {
            host.out().println(JsonDocuments.pretty(JsonDocuments.receipt(receipt)));
        } else {
            host.out().print(ReceiptSummary.render(receipt));
        }
        return ExitCode.OK.code();
    }
}
