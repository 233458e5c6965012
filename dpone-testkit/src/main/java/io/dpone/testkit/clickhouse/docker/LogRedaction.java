package io.dpone.testkit.clickhouse.docker;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Takes the cluster's generated test passwords and every private, loopback or link-local IPv4
 * address (the Docker network's, the only kind a container log of the fixture holds) out of a copied
 * container log; other dotted quads are left, since {@code 24.8.14.39} is a version. What stays is the fixture's own text: container aliases ({@code ch1}, {@code keeper}),
 * container paths, the scenarios' synthetic SQL and rows (docs/testkit/real-clickhouse.md,
 * "Evidence of a failed run").
 */
final class LogRedaction {
    private static final String OCTET = "(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)";
    private static final Pattern PRIVATE_IPV4 = Pattern.compile("(?<![\\d.])(?:10|127|172\\.(?:1[6-9]|2\\d|3[01])"
            + "|192\\.168|169\\.254)(?:\\." + OCTET + "){2,3}(?![\\d.])");

    private final List<String> secrets;

    LogRedaction(List<String> secrets) {
        this.secrets = secrets.stream().filter(secret -> !secret.isEmpty()).toList();
    }

    String apply(String text) {
        String redacted = text;
        for (String secret : secrets) {
            redacted = redacted.replace(secret, "[credential]");
        }
        return PRIVATE_IPV4.matcher(redacted).replaceAll("[address]");
    }
}
