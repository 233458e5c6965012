package io.dpone.testkit.clickhouse.config;

import static io.dpone.testkit.clickhouse.config.FixtureTemplate.xml;
import static java.util.Objects.requireNonNull;

import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Renders {@code fixtures/clickhouse/users.xml}: passwordless {@code default} limited to
 * {@code defaultNetworks}, the admin, and the restricted publication principal. Only SHA-256
 * digests of the passwords are written. Pure; thread-safe.
 */
public final class UsersConfigRenderer {

    private final FixtureTemplate template = FixtureTemplate.load("users.xml");

    public String render(List<String> defaultNetworks, Credentials admin, Credentials publisher) {
        requireNonNull(defaultNetworks, "defaultNetworks is null");
        StringBuilder networks = new StringBuilder();
        for (String network : defaultNetworks) {
            networks.append("                <ip>").append(xml(network)).append("</ip>\n");
        }
        return template.render(Map.of(
                "default_networks", networks.toString(),
                "admin_user", checkedUser(admin.user()),
                "admin_password_sha256", sha256(admin.password()),
                "publisher_user", checkedUser(publisher.user()),
                "publisher_password_sha256", sha256(publisher.password()),
                "control_prefix", TestDatabase.CONTROL_PREFIX,
                "target_prefix", TestDatabase.TARGET_PREFIX));
    }

    private static String checkedUser(String user) {
        if (!user.matches("[a-z][a-z0-9_]{0,31}") || user.equals("default")) {
            throw new IllegalArgumentException("user must be a plain lowercase identifier other than default");
        }
        return user;
    }

    static String sha256(String password) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JDK", e);
        }
    }
}
