package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code dpone check -m FILE}: validates the manifest and applies the shared static admission policy. */
@Command(name = "check", description = "Validate a manifest and report static admission.")
public final class CheckCommand implements Callable<Integer> {
    private final HostContext host;

    @Mixin
    private ManifestOption manifest;

    public CheckCommand(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    @Override
    public Integer call() {
        return manifest.printDecision(host, JsonDocuments::checkSummary);
    }
}
