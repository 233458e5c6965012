package io.dpone.testkit.clickhouse.config;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * SHA-256 hex over the ClickHouse fixture templates every backend renders its configs from
 * ({@code node.xml}, {@code users.xml}, {@code keeper.xml}) and the backend's own pins (image or
 * library version, member count, server kind), so a receipt names exactly which fixture it ran on.
 */
public final class FixtureDigest {
    private static final List<String> TEMPLATES = List.of("node.xml", "users.xml", "keeper.xml");

    private FixtureDigest() {}

    public static String of(List<String> pins) {
        requireNonNull(pins, "pins is null");
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            for (String name : TEMPLATES) {
                update(sha256, name);
                update(sha256, FixtureTemplate.load(name).text());
            }
            for (String pin : pins) {
                update(sha256, pin);
            }
            return HexFormat.of().formatHex(sha256.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Length-prefixed, so no two lists of parts hash alike. */
    private static void update(MessageDigest sha256, String part) {
        byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
        sha256.update((bytes.length + ":").getBytes(StandardCharsets.UTF_8));
        sha256.update(bytes);
    }
}
