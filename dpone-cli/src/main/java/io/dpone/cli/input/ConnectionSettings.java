package io.dpone.cli.input;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.HostVariables;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.publication.ClusterConnection;
import io.dpone.spi.publication.MemberEndpoints;
import io.dpone.spi.publication.Secret;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * A connection as a profile file or the environment states it, before the password is read. Ports
 * default by {@code secure}: 8123/9000 in plain text, 8443/9440 with TLS, as ClickHouse's own. Only
 * a profile can state a member endpoint translation; the environment has none.
 *
 * @param origin the name an error message gives the place a field came from ("connection profile" or "environment")
 */
record ConnectionSettings(
        String origin,
        String host,
        OptionalInt httpPort,
        OptionalInt nativePort,
        boolean secure,
        String user,
        PasswordSource password,
        MemberEndpoints memberEndpoints) {
    static final int MAX_PASSWORD_FILE_BYTES = 4096;
    static final int HTTP_PORT = 8123;
    static final int SECURE_HTTP_PORT = 8443;
    static final int NATIVE_PORT = 9000;
    static final int SECURE_NATIVE_PORT = 9440;

    ConnectionSettings {
        requireNonNull(origin, "origin is null");
        requireNonNull(host, "host is null");
        requireNonNull(httpPort, "httpPort is null");
        requireNonNull(nativePort, "nativePort is null");
        requireNonNull(user, "user is null");
        requireNonNull(password, "password is null");
        requireNonNull(memberEndpoints, "memberEndpoints is null");
    }

    /** Where the password comes from: never the command line and never the profile itself. */
    sealed interface PasswordSource {
        /** No password: ClickHouse's passwordless user. */
        record None() implements PasswordSource {}

        /** @param field the field or variable that named the source, for error messages */
        record Variable(String field, String name) implements PasswordSource {}

        record File(String field, Path path) implements PasswordSource {}
    }

    ClusterConnection resolve(HostVariables variables) {
        return new ClusterConnection(
                host,
                httpPort.orElse(secure ? SECURE_HTTP_PORT : HTTP_PORT),
                nativePort.orElse(secure ? SECURE_NATIVE_PORT : NATIVE_PORT),
                secure,
                user,
                password(variables),
                memberEndpoints);
    }

    private Secret password(HostVariables variables) {
        if (password instanceof PasswordSource.Variable variable) {
            return Secret.of(variables
                    .get(variable.name())
                    .orElseThrow(() ->
                            invalid(origin, variable.field() + " names an environment variable that is not set")));
        }
        if (password instanceof PasswordSource.File file) {
            return Secret.of(readPasswordFile(file));
        }
        return Secret.empty();
    }

    private String readPasswordFile(PasswordSource.File file) {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file.path())) {
            bytes = in.readNBytes(MAX_PASSWORD_FILE_BYTES + 1);
        } catch (IOException | SecurityException e) {
            throw invalid(origin, file.field() + " cannot be read");
        }
        if (bytes.length > MAX_PASSWORD_FILE_BYTES) {
            throw invalid(origin, file.field() + " is larger than " + MAX_PASSWORD_FILE_BYTES + " bytes");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw invalid(origin, file.field() + " is not UTF-8 text");
        }
        // Secret files conventionally end with one line break that is not part of the password.
        if (text.endsWith("\r\n")) {
            return text.substring(0, text.length() - 2);
        }
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    /** A {@code CONNECTION_PROFILE_INVALID} whose problem names a field or variable, never a value. */
    static DponeException invalid(String origin, String problem) {
        return new DponeException(DponeErrorCode.CONNECTION_PROFILE_INVALID, origin + ": " + problem);
    }
}
