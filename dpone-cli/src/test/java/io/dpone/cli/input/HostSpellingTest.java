package io.dpone.cli.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Host spellings (pure): every unambiguous form reads back as the host and port it was written
 * from; every other text is no spelling at all, and nothing throws.
 */
class HostSpellingTest {
    @Provide
    Arbitrary<String> names() {
        Arbitrary<String> label = Arbitraries.strings()
                .withCharRange('a', 'z')
                .numeric()
                .withChars('-')
                .ofMinLength(1)
                .ofMaxLength(20)
                .filter(text -> !text.startsWith("-") && !text.endsWith("-"));
        return label.list().ofMinSize(1).ofMaxSize(4).map(labels -> String.join(".", labels));
    }

    @Provide
    Arbitrary<String> ipv4() {
        return Arbitraries.integers()
                .between(0, 255)
                .list()
                .ofSize(4)
                .map(parts ->
                        String.join(".", parts.stream().map(String::valueOf).toList()));
    }

    /** IPv6 addresses as the JDK writes them, and with the longest zero run compressed to {@code ::}. */
    @Provide
    Arbitrary<String> ipv6() {
        Arbitrary<byte[]> bytes = Arbitraries.bytes().array(byte[].class).ofSize(16);
        Arbitrary<byte[]> sparse = Combinators.combine(
                        bytes,
                        Arbitraries.integers().between(0, 14),
                        Arbitraries.integers().between(1, 8))
                .as((raw, from, zeros) -> {
                    for (int i = from; i < Math.min(16, from + 2 * zeros); i++) {
                        raw[i] = 0;
                    }
                    return raw;
                });
        return Combinators.combine(sparse, Arbitraries.of(true, false)).as((raw, compress) -> {
            String full = v6(raw);
            return compress ? compressed(full) : full;
        });
    }

    @Property
    void aNameOrIpv4ReadsBackWithAndWithoutAPort(
            @ForAll("hosts") String host, @ForAll @IntRange(min = 1, max = 65_535) int port) {
        assertEquals(Optional.of(new HostSpelling(host, OptionalInt.empty())), HostSpelling.parse(host));
        assertEquals(Optional.of(new HostSpelling(host, OptionalInt.of(port))), HostSpelling.parse(host + ":" + port));
    }

    @Provide
    Arbitrary<String> hosts() {
        return Arbitraries.oneOf(names(), ipv4());
    }

    @Property
    void anIpv6AddressReadsBackBareOrBracketedWithAndWithoutAPort(
            @ForAll("ipv6") String address, @ForAll @IntRange(min = 1, max = 65_535) int port) {
        assertEquals(Optional.of(new HostSpelling(address, OptionalInt.empty())), HostSpelling.parse(address));
        assertEquals(
                Optional.of(new HostSpelling(address, OptionalInt.empty())), HostSpelling.parse("[" + address + "]"));
        assertEquals(
                Optional.of(new HostSpelling(address, OptionalInt.of(port))),
                HostSpelling.parse("[" + address + "]:" + port));
    }

    @Property
    void aUrlAPathUserInfoOrABadPortIsNoSpelling(@ForAll("hosts") String host, @ForAll("refusals") String shape) {
        assertEquals(Optional.empty(), HostSpelling.parse(shape.replace("HOST", host)), shape);
    }

    @Provide
    Arbitrary<String> refusals() {
        return Arbitraries.of(
                "http://HOST:8123",
                "https://HOST",
                "HOST/",
                "HOST/path",
                "user@HOST",
                "HOST:0",
                "HOST:65536",
                "HOST:",
                ":8123",
                "HOST:80:81",
                " HOST",
                "HOST ",
                "HO ST",
                "HOST?x",
                "HOST#x",
                "[HOST]:8123",
                "HOST.",
                ".HOST",
                "HOST..x",
                "-HOST",
                "HOST:+80",
                "HOST:８０");
    }

    @Property
    void anyTextIsASpellingOrNothingAndNeverThrows(@ForAll String text) {
        HostSpelling.parse(text)
                .ifPresent(spelling -> assertEquals(Optional.of(spelling), HostSpelling.parse(spelling.written())));
    }

    @Example
    void theIssuesSpellings() {
        assertEquals(Optional.of(new HostSpelling("ch-1", OptionalInt.of(9000))), HostSpelling.parse("ch-1:9000"));
        assertEquals(Optional.of(new HostSpelling("::1", OptionalInt.empty())), HostSpelling.parse("::1"));
        assertEquals(Optional.of(new HostSpelling("::1", OptionalInt.of(9000))), HostSpelling.parse("[::1]:9000"));
        assertEquals(
                Optional.of(new HostSpelling("ch-1.example.internal", OptionalInt.of(9000))),
                HostSpelling.parse("ch-1.example.internal:9000"));
        for (String refused :
                List.of("http://ch-1:8123", "ch-1/", "fe80::1%eth0", "[::1", "[::1]x", "[::1]:", "::1:99999", "")) {
            assertEquals(Optional.empty(), HostSpelling.parse(refused), refused);
        }
        assertTrue(
                HostSpelling.parse("fd00::7:9000")
                        .map(spelling -> spelling.port().isEmpty())
                        .orElse(false),
                "a bare IPv6 address never carries a port: its last group is an address group");
    }

    private static String v6(byte[] raw) {
        try {
            return InetAddress.getByAddress(raw).getHostAddress();
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    /** The longest run of two or more zero groups written as {@code ::} (RFC 5952). */
    private static String compressed(String full) {
        String[] groups = full.split(":");
        int bestFrom = -1;
        int bestLength = 1;
        for (int i = 0; i < groups.length; i++) {
            int j = i;
            while (j < groups.length && groups[j].equals("0")) {
                j++;
            }
            if (j - i > bestLength) {
                bestFrom = i;
                bestLength = j - i;
            }
        }
        if (bestFrom < 0) {
            return full;
        }
        String head = String.join(":", java.util.Arrays.copyOfRange(groups, 0, bestFrom));
        String tail = String.join(":", java.util.Arrays.copyOfRange(groups, bestFrom + bestLength, groups.length));
        return head + "::" + tail;
    }
}
