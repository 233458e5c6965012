package io.dpone.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Usage errors (exit 2) that never echo an argument's value: a mistyped {@code --password secret}
 * must not print the secret back, and a path may be private. Option names are shown; values are not.
 * A mistyped command or option is followed by the nearest names the command has (picocli's
 * suggestions list only the command's own names), then by the command's usage text.
 */
final class UsageErrors implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException exception, String[] args) {
        CommandLine command = exception.getCommandLine();
        command.getErr().println(message(exception));
        if (exception instanceof UnmatchedArgumentException unmatched) {
            UnmatchedArgumentException.printSuggestions(unmatched, command.getErr());
        }
        command.usage(command.getErr());
        return ExitCode.INVALID_INPUT.code();
    }

    static String message(ParameterException exception) {
        if (exception instanceof UnmatchedArgumentException unmatched) {
            return "unknown options or arguments: " + String.join(", ", names(unmatched.getUnmatched()));
        }
        // These messages name options only; a plain ParameterException is the host's own, value-free.
        if (exception instanceof MissingParameterException
                || exception instanceof OverwrittenOptionException
                || exception.getClass() == ParameterException.class) {
            return exception.getMessage();
        }
        if (exception.getArgSpec() instanceof OptionSpec option) {
            return "invalid value for option " + option.longestName() + " (the value is not shown)";
        }
        return "invalid command line (values are not shown)";
    }

    private static List<String> names(List<String> tokens) {
        return tokens.stream()
                .map(token -> token.startsWith("-") ? token.split("=", 2)[0] : "(a value, not shown)")
                .toList();
    }
}
