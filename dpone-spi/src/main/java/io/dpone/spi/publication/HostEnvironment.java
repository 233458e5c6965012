package io.dpone.spi.publication;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;

/**
 * The part of the process environment admission may read, captured once by the host so admission
 * stays a pure function of its inputs.
 *
 * @param externalArtifactStore the raw {@code DPONE_EXTERNAL_ARTIFACT_STORE} value, not yet validated
 */
public record HostEnvironment(Optional<String> externalArtifactStore) {
    public static final String EXTERNAL_ARTIFACT_STORE_VARIABLE = "DPONE_EXTERNAL_ARTIFACT_STORE";

    public HostEnvironment {
        requireNonNull(externalArtifactStore, "externalArtifactStore is null");
    }

    /** Captures the variables dpone reads from {@code variables} (e.g. {@link System#getenv()}). */
    public static HostEnvironment from(Map<String, String> variables) {
        requireNonNull(variables, "variables is null");
        return new HostEnvironment(Optional.ofNullable(variables.get(EXTERNAL_ARTIFACT_STORE_VARIABLE)));
    }

    public static HostEnvironment empty() {
        return new HostEnvironment(Optional.empty());
    }
}
