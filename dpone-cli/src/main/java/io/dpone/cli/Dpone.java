package io.dpone.cli;

import static java.util.Objects.requireNonNull;

import io.dpone.cli.command.CheckCommand;
import io.dpone.cli.command.DemoCommand;
import io.dpone.cli.command.PlanCommand;
import io.dpone.cli.command.ProvidersCommand;
import io.dpone.cli.command.PublishCommand;
import io.dpone.cli.command.SealCommand;
import io.dpone.cli.command.StatusCommand;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.error.DponeException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code dpone} command line. {@link #run} never throws and never prints a stack trace: every
 * failure becomes one typed error document on stderr (JSON, or text for a person at a terminal)
 * and a documented exit code ({@link ExitCode}, listed in every command's help).
 */
@Command(
        name = "dpone",
        mixinStandardHelpOptions = true,
        scope = ScopeType.INHERIT,
        version = "dpone 0.1.0",
        description = "Reference host for ClickHouse cluster full-refresh publication.")
public final class Dpone implements Callable<Integer> {
    private final HostContext host;

    @Spec
    private CommandSpec spec;

    private Dpone(HostContext host) {
        this.host = requireNonNull(host, "host is null");
    }

    /** {@code --errors}: inherited by every command, so it may follow the command name. */
    @Option(
            names = "--errors",
            paramLabel = "FORMAT",
            scope = ScopeType.INHERIT,
            description =
                    "How errors are written to stderr: human (code, message, what to do, page) or json (one line)."
                            + " Default: human on a terminal, json otherwise.")
    void errors(ErrorReporter.Format format) {
        host.errors().use(format);
    }

    /** {@code dpone} without a subcommand is a usage error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCode.INVALID_INPUT.code();
    }

    /** Runs one invocation against {@code host} and returns the exit code. */
    public static int run(String[] args, HostContext host) {
        try {
            return commandLine(host).execute(args);
        } catch (RuntimeException e) {
            host.errors().report(JsonDocuments.internalError(e));
            return ExitCode.INTERNAL_ERROR.code();
        } finally {
            host.out().flush();
            host.err().flush();
        }
    }

    static CommandLine commandLine(HostContext host) {
        CommandLine line = new CommandLine(new Dpone(host))
                .addSubcommand(new CheckCommand(host))
                .addSubcommand(new PlanCommand(host))
                .addSubcommand(new PublishCommand(host))
                .addSubcommand(new StatusCommand(host))
                .addSubcommand(new ProvidersCommand(host))
                .addSubcommand(new DemoCommand(host))
                .addSubcommand(new SealCommand(host));
        line.setCaseInsensitiveEnumValuesAllowed(true);
        listExitCodes(line);
        line.getSubcommands().values().forEach(Dpone::listExitCodes);
        line.setOut(host.out());
        line.setErr(host.err());
        line.setParameterExceptionHandler(new UsageErrors());
        line.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof DponeException coded) {
                host.errors().report(JsonDocuments.error(coded));
                return ExitCode.RUNTIME_FAILURE.code();
            }
            host.errors().report(JsonDocuments.internalError(e));
            return ExitCode.INTERNAL_ERROR.code();
        });
        return line;
    }

    /** The command's help lists exactly the exit codes {@link ExitCode#of} gives it. */
    private static void listExitCodes(CommandLine command) {
        Map<String, String> codes = new LinkedHashMap<>();
        for (ExitCode code : ExitCode.of(command.getCommandName())) {
            codes.put(String.format("%2d", code.code()), code.summary());
        }
        command.getCommandSpec()
                .usageMessage()
                .exitCodeListHeading("%nExit codes (docs/reference/cli.md):%n")
                .exitCodeList(codes);
    }
}
