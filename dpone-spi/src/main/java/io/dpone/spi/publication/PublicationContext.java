package io.dpone.spi.publication;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.manifest.SinkManifest;

/** What a provider receives to build a publisher: the manifest and the selected static decision. */
public record PublicationContext(SinkManifest manifest, StaticDecision decision, HostEnvironment environment) {
    public PublicationContext {
        requireNonNull(manifest, "manifest is null");
        requireNonNull(decision, "decision is null");
        requireNonNull(environment, "environment is null");
        if (!decision.selected()) {
            throw new IllegalArgumentException("a publisher is only created for a selected decision");
        }
    }
}
