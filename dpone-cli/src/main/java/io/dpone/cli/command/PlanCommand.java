package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code dpone plan -m FILE}: renders the static decision document; exit 1 after rendering when blocked. */
@Command(name = "plan", description = "Render the static decision document.")
public final class PlanCommand implements Callable<Integer> {
    private final HostContext host;

    @Mixin
    private ManifestOption manifest;

    public PlanCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        return manifest.printDecision(host, JsonDocuments::decision);
    }
}
