package io.dpone.cli.input;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.error.DponeException;
import java.util.OptionalInt;

/**
 * The coordinator's host field read with its ports ({@link HostSpelling} for the forms). A port
 * written after the host is the HTTP port, the protocol the coordinator connection speaks; it is
 * refused when it contradicts the HTTP port field, or when it is the native port in effect
 * ({@code ch-1:9000}): that spelling is ambiguous, and connecting HTTP to the native port only fails
 * later. Problems name the fields, never their values.
 *
 * @param host the host alone, an IPv6 address without brackets
 * @param httpPort the HTTP port the fields state, if any
 */
record CoordinatorHost(String host, OptionalInt httpPort) {
    CoordinatorHost {
        requireNonNull(host, "host is null");
        requireNonNull(httpPort, "httpPort is null");
    }

    /** The names an origin gives its host, port and TLS fields, for messages. */
    record Fields(String host, String httpPort, String secure) {}

    /**
     * @throws DponeException {@code CONNECTION_PROFILE_INVALID} naming the field at fault
     */
    static CoordinatorHost read(
            String origin, Fields fields, String text, OptionalInt httpPort, OptionalInt nativePort, boolean secure) {
        if (text.contains("://")) {
            throw ConnectionSettings.invalid(
                    origin,
                    fields.host() + " is a URL; write the host alone (host or host:port)" + " and set "
                            + fields.secure() + " for HTTPS");
        }
        HostSpelling spelling = HostSpelling.parse(text)
                .orElseThrow(
                        () -> ConnectionSettings.invalid(
                                origin,
                                fields.host()
                                        + " must be a host name or address, host:port, [IPv6] or [IPv6]:port (no scheme, path, user or spaces)"));
        if (spelling.port().isEmpty()) {
            return new CoordinatorHost(spelling.host(), httpPort);
        }
        int written = spelling.port().getAsInt();
        if (httpPort.isPresent()) {
            if (httpPort.getAsInt() != written) {
                throw ConnectionSettings.invalid(
                        origin,
                        fields.host() + " and " + fields.httpPort() + " name different ports; give the HTTP port once");
            }
            return new CoordinatorHost(spelling.host(), httpPort);
        }
        if (written
                == nativePort.orElse(secure ? ConnectionSettings.SECURE_NATIVE_PORT : ConnectionSettings.NATIVE_PORT)) {
            throw ConnectionSettings.invalid(
                    origin,
                    fields.host() + " names the native protocol port, but the coordinator"
                            + " connection is HTTP: write the HTTP port (8123, or 8443 with " + fields.secure()
                            + ") or set "
                            + fields.httpPort());
        }
        return new CoordinatorHost(spelling.host(), OptionalInt.of(written));
    }
}
