package io.dpone.cli.input;

import static java.util.Objects.requireNonNull;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;

/**
 * A host as an operator writes it, read only where the spelling is unambiguous: a host name or
 * IPv4 address ({@code ch-1}, {@code 10.0.0.5}), either with a port ({@code ch-1:8123}), an IPv6
 * address in brackets with or without a port ({@code [fd00::7]}, {@code [fd00::7]:8123}), or a
 * bare IPv6 address ({@code ::1}, never with a port: its last group could be one). Anything else
 * (a URL, a path, user info, a zone id, spaces, a port outside 1..65535) is no spelling at all.
 *
 * @param host the host name or address, an IPv6 address without brackets
 * @param port the port written after the host, when one was
 */
record HostSpelling(String host, OptionalInt port) {
    private static final int MAX_NAME_LENGTH = 253;
    private static final Pattern NAME = Pattern.compile(
            "[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*");
    private static final Pattern PORT = Pattern.compile("[0-9]{1,5}");

    HostSpelling {
        requireNonNull(host, "host is null");
        requireNonNull(port, "port is null");
    }

    /** The spelling {@code text} is, or empty when it is none of the accepted forms. */
    static Optional<HostSpelling> parse(String text) {
        requireNonNull(text, "text is null");
        if (text.startsWith("[")) {
            int close = text.indexOf(']');
            if (close < 0) {
                return Optional.empty();
            }
            String address = text.substring(1, close);
            String rest = text.substring(close + 1);
            if (!isIpv6(address)) {
                return Optional.empty();
            }
            if (rest.isEmpty()) {
                return Optional.of(new HostSpelling(address, OptionalInt.empty()));
            }
            return rest.startsWith(":")
                    ? port(rest.substring(1)).map(port -> new HostSpelling(address, OptionalInt.of(port)))
                    : Optional.empty();
        }
        int colon = text.indexOf(':');
        if (colon < 0) {
            return isName(text) ? Optional.of(new HostSpelling(text, OptionalInt.empty())) : Optional.empty();
        }
        if (colon == text.lastIndexOf(':')) {
            String name = text.substring(0, colon);
            return isName(name)
                    ? port(text.substring(colon + 1)).map(port -> new HostSpelling(name, OptionalInt.of(port)))
                    : Optional.empty();
        }
        return isIpv6(text) ? Optional.of(new HostSpelling(text, OptionalInt.empty())) : Optional.empty();
    }

    /** How the spelling is written back: an IPv6 address in brackets whenever a port follows. */
    String written() {
        String address = host.indexOf(':') >= 0 && port.isPresent() ? "[" + host + "]" : host;
        return port.isPresent() ? address + ":" + port.getAsInt() : address;
    }

    private static boolean isName(String text) {
        return text.length() <= MAX_NAME_LENGTH && NAME.matcher(text).matches();
    }

    /** An IPv6 literal as RFC 2732 allows it in a URL (no zone id), checked by the JDK's own URI parser. */
    private static boolean isIpv6(String text) {
        if (text.indexOf(':') < 0 || !text.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.')) {
            return false;
        }
        try {
            return new URI("http://[" + text + "]/").getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static Optional<Integer> port(String text) {
        if (!PORT.matcher(text).matches()) {
            return Optional.empty();
        }
        int port = Integer.parseInt(text);
        return port >= 1 && port <= 65_535 ? Optional.of(port) : Optional.empty();
    }
}
