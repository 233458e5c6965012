package io.dpone.cli.input;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.MemberEndpoints;
import io.dpone.spi.publication.MemberEndpoints.Endpoint;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A profile's optional {@code member_endpoints}: one object whose keys are members as
 * {@code system.clusters} lists them ({@code "host_name:port"}) and whose values are where the
 * runner reaches each over the native protocol ({@code "host:port"}); an IPv6 address is written in
 * brackets ({@code "[fd00::1]:9000"}). Both ports are required; an empty mapping is no translation.
 * Problems name the entry by its position, never its text.
 */
final class MemberEndpointsField {
    static final String FIELD = "member_endpoints";

    private MemberEndpointsField() {}

    static MemberEndpoints parse(JsonNode root) {
        JsonNode node = root.get(FIELD);
        if (node == null || node.isNull()) {
            return MemberEndpoints.none();
        }
        if (!node.isObject()) {
            throw invalid(FIELD + " must be a mapping of \"host_name:port\" to \"host:port\"");
        }
        Map<Endpoint, Endpoint> translations = new LinkedHashMap<>();
        int position = 0;
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = fields.next();
            position++;
            String where = FIELD + " entry " + position;
            Endpoint admitted = endpoint(entry.getKey())
                    .orElseThrow(
                            () -> invalid(
                                    where
                                            + ": the key must be a member as system.clusters lists it, host_name:port with a port in 1..65535"));
            if (!entry.getValue().isTextual()) {
                throw invalid(where + ": the value must be a string host:port");
            }
            Endpoint runtime = endpoint(entry.getValue().asText())
                    .orElseThrow(() -> invalid(where + ": the value must be host:port with a port in 1..65535"));
            if (translations.containsValue(runtime)) {
                throw invalid(where + ": two members translate to one runtime endpoint");
            }
            translations.put(admitted, runtime);
        }
        return translations.isEmpty() ? MemberEndpoints.none() : new MemberEndpoints(translations);
    }

    /** {@code host:port} or {@code [ipv6]:port} ({@link HostSpelling}); a bare IPv6 address is ambiguous and refused. */
    static Optional<Endpoint> endpoint(String text) {
        return HostSpelling.parse(text)
                .filter(spelling -> spelling.port().isPresent())
                .map(spelling -> new Endpoint(spelling.host(), spelling.port().getAsInt()));
    }

    private static DponeException invalid(String problem) {
        return ConnectionSettings.invalid(ConnectionProfileFile.ORIGIN, problem);
    }
}
