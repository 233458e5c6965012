package io.dpone.cli;

import io.dpone.cli.command.CheckCommand;
import io.dpone.cli.command.DemoCommand;
import io.dpone.cli.command.PlanCommand;
import io.dpone.cli.command.ProvidersCommand;
import io.dpone.cli.command.PublishCommand;
import io.dpone.cli.command.SealCommand;
import io.dpone.cli.command.StatusCommand;
import io.dpone.cli.render.JsonDocuments;
import io.dpone.spi.error.DponeException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code dpone} command line. {@link #run} never throws and never prints a stack trace: every
 * failure becomes one typed JSON document on stderr and a documented exit code.
 */
@Command(name = "dpone", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "dpone 0.1.0",
        description = "Reference host for ClickHouse cluster full-refresh publication.")
public final class Dpone implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    private Dpone() {
    }

    /** {@code dpone} without a subcommand is a usage error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCode.INVALID_INPUT;
    }

    /** Runs one invocation against {@code host} and returns the exit code. */
    public static int run(String[] args, HostContext host) {
        try {
            return commandLine(host).execute(args);
        } catch (RuntimeException e) {
            host.err().println(JsonDocuments.compact(JsonDocuments.internalError(e)));
            return ExitCode.INTERNAL_ERROR;
        } finally {
            host.out().flush();
            host.err().flush();
        }
    }

    static CommandLine commandLine(HostContext host) {
        CommandLine line = new CommandLine(new Dpone())
                .addSubcommand(new CheckCommand(host))
                .addSubcommand(new PlanCommand(host))
                .addSubcommand(new PublishCommand(host))
                .addSubcommand(new StatusCommand(host))
                .addSubcommand(new ProvidersCommand(host))
                .addSubcommand(new DemoCommand(host))
                .addSubcommand(new SealCommand(host));
        line.setOut(host.out());
        line.setErr(host.err());
        line.setParameterExceptionHandler(new UsageErrors());
        line.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof DponeException coded) {
                host.err().println(JsonDocuments.compact(JsonDocuments.error(coded)));
                return ExitCode.RUNTIME_FAILURE;
            }
            host.err().println(JsonDocuments.compact(JsonDocuments.internalError(e)));
            return ExitCode.INTERNAL_ERROR;
        });
        return line;
    }
}
