package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.manifest.ManifestReadResult;
import io.dpone.spi.manifest.SinkManifest;
import java.util.Optional;

/** A schema-valid manifest with its static decision: the shared first step of check, plan and publish. */
record AdmittedManifest(SinkManifest manifest, StaticDecision decision) {
    AdmittedManifest {
        requireNonNull(manifest, "manifest is null");
        requireNonNull(decision, "decision is null");
    }

    /** Decides {@code read}; a rejected manifest is reported on stderr and yields empty. */
    static Optional<AdmittedManifest> decide(HostContext host, ManifestReadResult read) {
        if (read instanceof ManifestReadResult.Rejected rejected) {
            host.err().println(JsonDocuments.compact(JsonDocuments.rejection(rejected)));
            return Optional.empty();
        }
        SinkManifest manifest = ((ManifestReadResult.Accepted) read).manifest();
        return Optional.of(new AdmittedManifest(manifest, host.policy().decide(manifest, host.environment())));
    }
}
