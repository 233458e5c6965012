package io.dpone.cli;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.publication.HostEnvironment;
import java.util.Map;
import java.util.Optional;

/**
 * The process environment, captured once by the host so commands stay functions of their inputs
 * and tests can inject it. Values may be credentials: they are read by name and never printed.
 * Only the host reads it; providers receive the narrower {@link HostEnvironment}.
 */
public final class HostVariables {
    private static final HostVariables EMPTY = new HostVariables(Map.of());
    private final Map<String, String> values;

    private HostVariables(Map<String, String> values) {
        this.values = values;
    }

    /** Captures {@code variables} (e.g. {@link System#getenv()}). */
    public static HostVariables of(Map<String, String> variables) {
        return new HostVariables(Map.copyOf(requireNonNull(variables, "variables is null")));
    }

    /** The variables an existing {@link HostEnvironment} was captured from. */
    public static HostVariables of(HostEnvironment environment) {
        requireNonNull(environment, "environment is null");
        return environment
                .externalArtifactStore()
                .map(store -> of(Map.of(HostEnvironment.EXTERNAL_ARTIFACT_STORE_VARIABLE, store)))
                .orElse(EMPTY);
    }

    public static HostVariables empty() {
        return EMPTY;
    }

    /** The variable's value; a variable set to the empty string counts as unset. */
    public Optional<String> get(String name) {
        requireNonNull(name, "name is null");
        return Optional.ofNullable(values.get(name)).filter(value -> !value.isEmpty());
    }

    /** The part of the environment static admission and providers may read. */
    public HostEnvironment environment() {
        return HostEnvironment.from(values);
    }

    @Override
    public String toString() {
        return "HostVariables[redacted]";
    }
}
