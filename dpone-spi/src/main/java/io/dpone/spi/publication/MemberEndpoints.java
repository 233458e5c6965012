package io.dpone.spi.publication;

import static java.util.Objects.requireNonNull;

import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The host's explicit translation of admitted cluster members to the native-protocol endpoints the
 * runner connects to, for a network where the names {@code system.clusters} lists (for example
 * Kubernetes pod DNS) are not reachable from the runner. A key is a member exactly as
 * {@code system.clusters} lists it ({@code host_name} and {@code port}); its value is where the
 * runner reaches that member. {@link #none()} means no translation: members are reached at their
 * admitted endpoints. How a publisher treats a partial or stale map is its own contract (external
 * mode refuses both; internal mode opens no member connection and ignores the map).
 * Immutable; {@link #toString()} names no host or port.
 *
 * @param translations admitted endpoint to runtime endpoint; no two admitted members share a runtime endpoint
 */
public record MemberEndpoints(Map<Endpoint, Endpoint> translations) {
    private static final MemberEndpoints NONE = new MemberEndpoints(Map.of());

    /** A host name or address and a port in 1..65535; never placed in evidence. */
    public record Endpoint(String host, int port) {
        public static final int MAX_HOST_LENGTH = 255;

        public Endpoint {
            requireNonNull(host, "host is null");
            if (host.isBlank()
                    || host.length() > MAX_HOST_LENGTH
                    || host.chars().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
                throw new IllegalArgumentException(
                        "an endpoint host is non-blank, without spaces and at most " + MAX_HOST_LENGTH + " chars");
            }
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("an endpoint port is in 1..65535");
            }
        }

        @Override
        public String toString() {
            return "Endpoint[redacted]";
        }
    }

    public MemberEndpoints {
        requireNonNull(translations, "translations is null");
        translations.forEach((admitted, runtime) -> {
            requireNonNull(admitted, "an admitted endpoint is null");
            requireNonNull(runtime, "a runtime endpoint is null");
        });
        translations = Map.copyOf(translations);
        Set<Endpoint> targets = new HashSet<>();
        for (Endpoint runtime : translations.values()) {
            if (!targets.add(runtime)) {
                throw new IllegalArgumentException("two admitted members translate to one runtime endpoint");
            }
        }
    }

    public static MemberEndpoints none() {
        return NONE;
    }

    public boolean isEmpty() {
        return translations.isEmpty();
    }

    /** Where the runner reaches the member {@code system.clusters} lists at {@code host}:{@code port}, if listed here. */
    public Optional<Endpoint> translate(String host, int port) {
        requireNonNull(host, "host is null");
        return translations.entrySet().stream()
                .filter(entry ->
                        entry.getKey().host().equals(host) && entry.getKey().port() == port)
                .map(Map.Entry::getValue)
                .findFirst();
    }

    @Override
    public String toString() {
        return "MemberEndpoints[redacted, " + translations.size() + " translations]";
    }
}
