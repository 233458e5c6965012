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
        Arbitrary<String> names = Arbitraries.strings()
                .alpha()
                .numeric()
                .withChars('-')
                .ofMinLength(1)
                .ofMaxLength(20)
                .filter(name -> !name.startsWith("-") && !name.endsWith("-"))
                .list()
                .ofMinSize(1)
                .ofMaxSize(3)
                .map(labels -> String.join(".", labels));
        // IPv6 addresses the JDK itself writes; text that is not an IPv6 address is no endpoint (HostSpellingTest)
        Arbitrary<String> ipv6 =
                Arbitraries.bytes().array(byte[].class).ofSize(16).map(MemberEndpointTextTest::v6);
        return Combinators.combine(
                        Arbitraries.oneOf(names, ipv6), Arbitraries.integers().between(1, 65_535))
                .as(Endpoint::new);
    }

    private static String v6(byte[] raw) {
        try {
            return java.net.InetAddress.getByAddress(raw).getHostAddress();
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    @Property
    void aWrittenEndpointReadsBack(@ForAll("endpoints") Endpoint endpoint) {
        String text =
                (endpoint.host().contains(":") ? "[" + endpoint.host() + "]" : endpoint.host()) + ":" + endpoint.port();
        assertEquals(Optional.of(endpoint), MemberEndpointsField.endpoint(text));
    }

    @Property
    void anyTextIsAnEndpointOrNothing(@ForAll String text) {
        MemberEndpointsField.endpoint(text)
                .ifPresent(endpoint -> assertEquals(
                        text,
                        (text.startsWith("[") ? "[" + endpoint.host() + "]" : endpoint.host()) + ":"
                                + text.substring(text.lastIndexOf(':') + 1)));
    }
}
