package io.dpone.cli.command;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.HostContext;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ManifestReadResult;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.publication.PublicationContext;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.publication.Publisher;
import java.util.Optional;

/** A schema-valid manifest with its static decision: the shared first step of check, plan, publish and status. */
record AdmittedManifest(SinkManifest manifest, StaticDecision decision) {
    AdmittedManifest {
        requireNonNull(manifest, "manifest is null");
        requireNonNull(decision, "decision is null");
    }

    /** Decides {@code read}; a rejected manifest is reported on stderr and yields empty. */
    static Optional<AdmittedManifest> decide(HostContext host, ManifestReadResult read) {
        if (read instanceof ManifestReadResult.Rejected rejected) {
            host.errors().report(JsonDocuments.rejection(rejected));
            return Optional.empty();
        }
        SinkManifest manifest = ((ManifestReadResult.Accepted) read).manifest();
        return Optional.of(new AdmittedManifest(manifest, host.policy().decide(manifest, host.environment())));
    }

    /** The selected provider's publisher; only for a decision without blockers. */
    Publisher createPublisher(HostContext host) {
        PublicationStrategyProvider provider = host.policy()
                .providerFor(decision.replicationMode().orElseThrow())
                .orElseThrow(() ->
                        new DponeException(DponeErrorCode.HOST_INTERNAL_ERROR, "a selected decision has no provider"));
        return provider.createPublisher(new PublicationContext(manifest, decision, host.environment()));
    }
}
