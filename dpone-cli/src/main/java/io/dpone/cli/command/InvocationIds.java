package io.dpone.cli.command;

import io.dpone.spi.publication.PublicationRequest;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The {@code --invocation-id} rule of {@link PublicationRequest}, checked as a usage error before anything runs. */
final class InvocationIds {
    private InvocationIds() {}

    static String require(CommandSpec spec, String id) {
        if (id.isBlank()
                || id.length() > PublicationRequest.MAX_INVOCATION_ID_LENGTH
                || id.chars().anyMatch(Character::isISOControl)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--invocation-id must be non-blank, printable and at most "
                            + PublicationRequest.MAX_INVOCATION_ID_LENGTH + " characters");
        }
        return id;
    }
}
