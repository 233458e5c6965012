package io.dpone.cli.input;

import io.dpone.cli.HostVariables;
import io.dpone.spi.publication.ClusterConnection;
import io.dpone.spi.publication.MemberEndpoints;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The connection from {@code DPONE_CLICKHOUSE_*} variables, used when no {@code --connection} file is
 * given. A member endpoint translation is a mapping, which a variable states poorly: it is a
 * profile field only.
 */
public final class ConnectionEnvironment {
    public static final String HOST = "DPONE_CLICKHOUSE_HOST";
    public static final String HTTP_PORT = "DPONE_CLICKHOUSE_HTTP_PORT";
    public static final String NATIVE_PORT = "DPONE_CLICKHOUSE_NATIVE_PORT";
    public static final String SECURE = "DPONE_CLICKHOUSE_SECURE";
    public static final String USER = "DPONE_CLICKHOUSE_USER";
    public static final String PASSWORD = "DPONE_CLICKHOUSE_PASSWORD";
    public static final String PASSWORD_FILE = "DPONE_CLICKHOUSE_PASSWORD_FILE";
    static final String ORIGIN = "environment";
    private static final CoordinatorHost.Fields FIELDS = new CoordinatorHost.Fields(HOST, HTTP_PORT, SECURE);

    private ConnectionEnvironment() {}

    /**
     * Reads the variables; a relative {@code DPONE_CLICKHOUSE_PASSWORD_FILE} is relative to the working directory.
     *
     * @throws io.dpone.spi.error.DponeException {@code CONNECTION_PROFILE_INVALID} naming the variable at fault
     */
    public static ClusterConnection resolve(HostVariables variables) {
        String text = variables
                .get(HOST)
                .orElseThrow(() ->
                        ConnectionSettings.invalid(ORIGIN, "no connection: pass --connection FILE or set " + HOST));
        boolean secure = secure(variables);
        CoordinatorHost host = CoordinatorHost.read(
                ORIGIN, FIELDS, text, port(variables, HTTP_PORT), port(variables, NATIVE_PORT), secure);
        Optional<String> password = variables.get(PASSWORD);
        Optional<String> passwordFile = variables.get(PASSWORD_FILE);
        if (password.isPresent() && passwordFile.isPresent()) {
            throw ConnectionSettings.invalid(ORIGIN, PASSWORD + " and " + PASSWORD_FILE + " are exclusive");
        }
        ConnectionSettings.PasswordSource source = password.isPresent()
                ? new ConnectionSettings.PasswordSource.Variable(PASSWORD, PASSWORD)
                : passwordFile
                        .<ConnectionSettings.PasswordSource>map(
                                file -> new ConnectionSettings.PasswordSource.File(PASSWORD_FILE, Path.of(file)))
                        .orElseGet(ConnectionSettings.PasswordSource.None::new);
        return new ConnectionSettings(
                        ORIGIN,
                        host.host(),
                        host.httpPort(),
                        port(variables, NATIVE_PORT),
                        secure,
                        variables.get(USER).orElse("default"),
                        source,
                        MemberEndpoints.none())
                .resolve(variables);
    }

    private static OptionalInt port(HostVariables variables, String name) {
        Optional<String> text = variables.get(name);
        if (text.isEmpty()) {
            return OptionalInt.empty();
        }
        if (text.get().matches("[0-9]{1,5}")) {
            int port = Integer.parseInt(text.get());
            if (port >= 1 && port <= 65_535) {
                return OptionalInt.of(port);
            }
        }
        throw ConnectionSettings.invalid(ORIGIN, name + " must be an integer in 1..65535");
    }

    private static boolean secure(HostVariables variables) {
        return switch (variables.get(SECURE).orElse("false").toLowerCase(Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw ConnectionSettings.invalid(ORIGIN, SECURE + " must be true, false, 1 or 0");
        };
    }
}
