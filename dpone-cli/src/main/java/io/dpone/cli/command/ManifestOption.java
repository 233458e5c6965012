package io.dpone.cli.command;

import io.dpone.cli.HostContext;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The {@code -m FILE} option shared by every command that reads a manifest, and the one way those
 * commands turn it into a static decision, so check, plan and publish cannot drift apart.
 */
public final class ManifestOption {
    @Option(names = {"-m", "--manifest"}, required = true, paramLabel = "FILE", description = "Manifest (.yaml, .yml or .json).")
    private Path manifest;

    /** Reads the manifest and applies the shared static admission policy; empty when it is invalid (already reported). */
    Optional<AdmittedManifest> decide(HostContext host) {
        return AdmittedManifest.decide(host, ManifestFiles.read(manifest, host.reader()));
    }
}
