package io.dpone.testkit.clickhouse.config;

import static io.dpone.testkit.clickhouse.config.FixtureTemplate.xml;
import static java.util.Objects.requireNonNull;

import io.dpone.testkit.cluster.Credentials;
import io.dpone.testkit.cluster.PublisherGrants;
import java.util.List;
import java.util.Map;

/**
 * Renders {@code fixtures/clickhouse/users.xml}: passwordless {@code default} limited to
 * {@code defaultNetworks}, the admin, and (for the embedded kind) the restricted publication
 * principal with {@link PublisherGrants#withPrefixWildcards()}. Only SHA-256 digests of the
 * passwords are written. Pure; thread-safe.
 */
public final class UsersConfigRenderer {

    private final FixtureTemplate template = FixtureTemplate.load("users.xml");

    /** The local backend's file: the publication principal is defined here, with prefix-wildcard grants. */
    public String render(List<String> defaultNetworks, Credentials admin, Credentials publisher) {
        return render(defaultNetworks, admin, publisherBlock(requireNonNull(publisher, "publisher is null")));
    }

    /**
     * The Docker backend's file: no publication principal, because 24.8 cannot grant it the
     * test-database prefixes; it is an SQL user there ({@link io.dpone.testkit.cluster.SqlPublisher}).
     */
    public String renderWithoutPublisher(List<String> defaultNetworks, Credentials admin) {
        return render(
                defaultNetworks,
                admin,
                "        <!-- publication principal: SQL-defined (local_directory), see SqlPublisher -->\n");
    }

    private String render(List<String> defaultNetworks, Credentials admin, String publisher) {
        requireNonNull(defaultNetworks, "defaultNetworks is null");
        StringBuilder networks = new StringBuilder();
        for (String network : defaultNetworks) {
            networks.append("                <ip>").append(xml(network)).append("</ip>\n");
        }
        return template.render(Map.of(
                "default_networks", networks.toString(),
                "admin_user", checkedUser(admin.user()),
                "admin_password_sha256", admin.passwordSha256Hex(),
                "publisher", publisher));
    }

    private static String publisherBlock(Credentials publisher) {
        String user = checkedUser(publisher.user());
        StringBuilder out = new StringBuilder()
                .append("        <")
                .append(user)
                .append(">\n")
                .append("            <password_sha256_hex>")
                .append(publisher.passwordSha256Hex())
                .append("</password_sha256_hex>\n")
                .append("            <networks><ip>::/0</ip></networks>\n")
                .append("            <profile>default</profile>\n")
                .append("            <quota>default</quota>\n")
                .append("            <grants>\n");
        for (String grant : PublisherGrants.withPrefixWildcards()) {
            out.append("                <query>GRANT ").append(xml(grant)).append("</query>\n");
        }
        return out.append("            </grants>\n")
                .append("        </")
                .append(user)
                .append(">\n")
                .toString();
    }

    private static String checkedUser(String user) {
        if (!user.matches("[a-z][a-z0-9_]{0,31}") || user.equals("default")) {
            throw new IllegalArgumentException("user must be a plain lowercase identifier other than default");
        }
        return user;
    }

    static String sha256(String password) {
        return new Credentials("digest", password).passwordSha256Hex();
    }
}
