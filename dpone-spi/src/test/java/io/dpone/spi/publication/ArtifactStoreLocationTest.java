package io.dpone.spi.publication;

import static io.dpone.spi.manifest.Manifests.accepted;
import static io.dpone.spi.manifest.Manifests.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.dpone.spi.manifest.SinkManifest;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArtifactStoreLocationTest {
    private final SinkManifest withPath = accepted(fixture("cluster-external.yaml"));
    private final SinkManifest withoutPath = accepted(fixture("blocked-external-no-store.yaml"));

    private static HostEnvironment env(String value) {
        return HostEnvironment.from(Map.of(HostEnvironment.EXTERNAL_ARTIFACT_STORE_VARIABLE, value));
    }

    @Test
    void manifestPathWinsOverTheEnvironment() {
        assertEquals(
                new ArtifactStoreLocation.Configured("/var/lib/dpone/artifacts", ArtifactStoreLocation.Source.MANIFEST),
                ArtifactStoreLocation.resolve(withPath, env("/elsewhere")));
    }

    @Test
    void environmentSuppliesTheStoreWhenTheManifestHasNone() {
        assertEquals(
                new ArtifactStoreLocation.Configured("/srv/dpone", ArtifactStoreLocation.Source.ENVIRONMENT),
                ArtifactStoreLocation.resolve(withoutPath, env("/srv/dpone")));
    }

    @Test
    void relativeOrEmptyEnvironmentValueIsInvalidAndNeverFallsBackToTemp() {
        assertInstanceOf(
                ArtifactStoreLocation.InvalidEnvironment.class,
                ArtifactStoreLocation.resolve(withoutPath, env("tmp/x")));
        assertInstanceOf(
                ArtifactStoreLocation.InvalidEnvironment.class, ArtifactStoreLocation.resolve(withoutPath, env("")));
    }

    @Test
    void neitherSourceMeansMissing() {
        assertInstanceOf(
                ArtifactStoreLocation.Missing.class,
                ArtifactStoreLocation.resolve(withoutPath, HostEnvironment.empty()));
    }
}
