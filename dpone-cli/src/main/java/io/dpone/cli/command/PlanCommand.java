package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.source.DelimitedFormat;
import io.dpone.spi.source.PublicationSource;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code dpone plan -m FILE}: renders the static decision document; exit 1 after rendering when
 * blocked. With {@code --live} it also asks the cluster, read only, what {@code publish} would do
 * now ({@code {"decision": ..., "live": ...}}); exit 1 after rendering when a blocker would stop it.
 * With {@code --source} the source is also read offline as publish would read it
 * ({@code "source"}: its check, or the {@code blocker} publish would hit); exit 1 for a blocker.
 */
@Command(
        name = "plan",
        description = "Render the static decision document (--live: and what publish would do on the"
                + " cluster now, read only; --source: and whether publish would refuse the source).")
public final class PlanCommand implements Callable<Integer> {
    private final HostContext host;

    @Spec
    private CommandSpec spec;

    @Mixin
    private ManifestOption manifest;

    @Mixin
    private ConnectionOption connection;

    @Option(
            names = "--live",
            description =
                    "Also read the cluster (no mutation) and show what publish would do now:"
                            + " inventory, target per member, authority record, facade, capability and the statements it would send.")
    private boolean live;

    @Option(
            names = "--invocation-id",
            paramLabel = "ID",
            description = "With --live: predict publish of this scheduler invocation (default: a new invocation).")
    private String invocationId;

    @Option(
            names = "--source",
            paramLabel = "FILE",
            description =
                    "Also check this source offline as publish would read it (as check --source); a refusal is the"
                            + " blocker publish would hit, with its code.")
    private Path source;

    @Mixin
    private SourceDescription description;

    public PlanCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        if (source == null && description.given()) {
            throw new ParameterException(spec.commandLine(), "--format and --columns describe --source");
        }
        SourceArguments arguments = source == null ? null : description.of(source);
        Optional<DelimitedFormat> delimited = source == null ? Optional.empty() : arguments.delimitedFormat(spec);
        if (!live) {
            return source == null
                    ? manifest.printDecision(host, JsonDocuments::decision)
                    : offline(arguments, delimited);
        }
        Optional<String> id = Optional.ofNullable(invocationId).map(value -> InvocationIds.require(spec, value));
        ManifestOption.Connected connected = manifest.connect(host, connection);
        if (connected.admitted().isEmpty()) {
            return connected.exitCode();
        }
        AdmittedManifest admitted = connected.admitted().get();
        LivePlan plan = admitted.createPublisher(host).preview(new StatusRequest(connected.connection(), id));
        ObjectNode document = JsonDocuments.livePlan(admitted.decision(), plan);
        int sourceExit = source == null ? ExitCode.OK.code() : checkSource(document, admitted, arguments, delimited);
        if (sourceExit == ExitCode.INVALID_INPUT.code()) {
            return sourceExit;
        }
        host.out().println(JsonDocuments.pretty(document));
        return plan.action() == LivePlan.Action.BLOCKED ? ExitCode.BLOCKED.code() : sourceExit;
    }

    /** {@code plan --source} without {@code --live}: the decision and the source as publish would read it. */
    private int offline(SourceArguments arguments, Optional<DelimitedFormat> delimited) {
        Optional<AdmittedManifest> admitted = manifest.decide(host);
        if (admitted.isEmpty()) {
            return ExitCode.INVALID_INPUT.code();
        }
        StaticDecision decision = admitted.get().decision();
        if (decision.blocked()) {
            // a blocked request never reads its source, as publish never would
            host.out().println(JsonDocuments.pretty(JsonDocuments.decision(decision)));
            return ExitCode.BLOCKED.code();
        }
        ObjectNode document = JsonDocuments.object();
        document.set("decision", JsonDocuments.decision(decision));
        int exit = checkSource(document, admitted.get(), arguments, delimited);
        if (exit != ExitCode.INVALID_INPUT.code()) {
            host.out().println(JsonDocuments.pretty(document));
        }
        return exit;
    }

    /**
     * Adds {@code source}: the check summary, or the {@code blocker} publish would be refused with
     * (the same readers and sealing as publish, {@link SourceCheck}). Returns 0, 1 for a blocker, or
     * 2 after reporting a source that cannot even be described (as {@code check --source}).
     */
    private int checkSource(
            ObjectNode document,
            AdmittedManifest admitted,
            SourceArguments arguments,
            Optional<DelimitedFormat> delimited) {
        PublicationSource described;
        try {
            described = arguments.describe(delimited);
        } catch (DponeException e) {
            host.errors().report(JsonDocuments.error(e));
            return ExitCode.INVALID_INPUT.code();
        }
        try {
            document.putObject("source")
                    .set("check", new SourceCheck(admitted.manifest()).check(described, Optional.empty()));
            return ExitCode.OK.code();
        } catch (DponeException refused) {
            document.putObject("source")
                    .put("blocker", refused.code().name())
                    .put("message", refused.getMessage())
                    .put("docs", "docs/" + refused.code().docsPage());
            return ExitCode.BLOCKED.code();
        }
    }
}
