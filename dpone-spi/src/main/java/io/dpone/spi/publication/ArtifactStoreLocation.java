package io.dpone.spi.publication;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.manifest.StorePaths;

/**
 * Where external mode retains its content-addressed artifacts: the manifest's
 * {@code sink.options.external_artifact_store_path}, else {@code DPONE_EXTERNAL_ARTIFACT_STORE}.
 * There is no implicit temporary-directory fallback. Purely lexical.
 */
public sealed interface ArtifactStoreLocation {
    record Configured(String absolutePath, Source source) implements ArtifactStoreLocation {
        public Configured {
            requireNonNull(absolutePath, "absolutePath is null");
            requireNonNull(source, "source is null");
            if (!StorePaths.isAbsolute(absolutePath)) {
                throw new IllegalArgumentException("artifact store path must be absolute");
            }
        }
    }

    /** Neither the manifest nor the environment names a store. */
    record Missing() implements ArtifactStoreLocation {}

    /** The manifest names none and the environment variable is not an absolute path. */
    record InvalidEnvironment() implements ArtifactStoreLocation {}

    enum Source {
        MANIFEST,
        ENVIRONMENT
    }

    static ArtifactStoreLocation resolve(SinkManifest manifest, HostEnvironment environment) {
        requireNonNull(manifest, "manifest is null");
        requireNonNull(environment, "environment is null");
        if (manifest.externalArtifactStorePath().isPresent()) {
            return new Configured(manifest.externalArtifactStorePath().get(), Source.MANIFEST);
        }
        return environment
                .externalArtifactStore()
                .<ArtifactStoreLocation>map(value -> StorePaths.isAbsolute(value)
                        ? new Configured(value, Source.ENVIRONMENT)
                        : new InvalidEnvironment())
                .orElseGet(Missing::new);
    }
}
