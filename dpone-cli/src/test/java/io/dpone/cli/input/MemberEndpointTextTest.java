package io.dpone.cli.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dpone.spi.publication.MemberEndpoints.Endpoint;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The profile's {@code host:port} text: any string parses to an endpoint or to nothing, never an exception. */
class MemberEndpointTextTest {
    @Provide
    Arbitrary<Endpoint> endpoints() {
        Arbitrary<String> names = Arbitraries.strings().alpha().numeric().withChars('-', '.').ofMinLength(1).ofMaxLength(40);
        Arbitrary<String> ipv6 = Arbitraries.strings().withChars("0123456789abcdef:").ofMinLength(2).ofMaxLength(39)
                .filter(text -> text.contains(":"));
        return Combinators.combine(Arbitraries.oneOf(names, ipv6), Arbitraries.integers().between(1, 65_535)).as(Endpoint::new);
    }

    @Property
    void aWrittenEndpointReadsBack(@ForAll("endpoints") Endpoint endpoint) {
        String text = (endpoint.host().contains(":") ? "[" + endpoint.host() + "]" : endpoint.host()) + ":" + endpoint.port();
        assertEquals(Optional.of(endpoint), MemberEndpointsField.endpoint(text));
    }

    @Property
    void anyTextIsAnEndpointOrNothing(@ForAll String text) {
        MemberEndpointsField.endpoint(text).ifPresent(endpoint -> assertEquals(text,
                (text.startsWith("[") ? "[" + endpoint.host() + "]" : endpoint.host()) + ":" + text.substring(text.lastIndexOf(':') + 1)));
    }
}
