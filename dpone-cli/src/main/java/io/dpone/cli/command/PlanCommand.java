package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.ExitCode;
import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.publication.StatusRequest;
import io.dpone.spi.receipt.LivePlan;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dpone plan -m FILE}: renders the static decision document; exit 1 after rendering when
 * blocked. With {@code --live} it also asks the cluster, read only, what {@code publish} would do
 * now ({@code {"decision": ..., "live": ...}}); exit 1 after rendering when a blocker would stop it.
 */
@Command(name = "plan", description = "Render the static decision document (--live: and what publish would do on the"
        + " cluster now, read only).")
public final class PlanCommand implements Callable<Integer> {
    private final HostContext host;

    @Spec
    private CommandSpec spec;

    @Mixin
    private ManifestOption manifest;

    @Mixin
    private ConnectionOption connection;

    @Option(names = "--live", description = "Also read the cluster (no mutation) and show what publish would do now:"
            + " inventory, target per member, authority record, facade, capability and the statements it would send.")
    private boolean live;

    @Option(names = "--invocation-id", paramLabel = "ID",
            description = "With --live: predict publish of this scheduler invocation (default: a new invocation).")
    private String invocationId;

    public PlanCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        if (!live) {
            return manifest.printDecision(host, JsonDocuments::decision);
        }
        Optional<String> id = Optional.ofNullable(invocationId).map(value -> InvocationIds.require(spec, value));
        ManifestOption.Connected connected = manifest.connect(host, connection);
        if (connected.admitted().isEmpty()) {
            return connected.exitCode();
        }
        AdmittedManifest admitted = connected.admitted().get();
        LivePlan plan = admitted.createPublisher(host).preview(new StatusRequest(connected.connection(), id));
        host.out().println(JsonDocuments.pretty(JsonDocuments.livePlan(admitted.decision(), plan)));
        return plan.action() == LivePlan.Action.BLOCKED ? ExitCode.BLOCKED.code() : ExitCode.OK.code();
    }
}
