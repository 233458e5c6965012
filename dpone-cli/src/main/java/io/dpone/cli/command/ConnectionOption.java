package io.dpone.cli.command;

import io.dpone.cli.HostContext;
import io.dpone.cli.input.ConnectionEnvironment;
import io.dpone.cli.input.ConnectionProfileFile;
import io.dpone.spi.publication.ClusterConnection;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The {@code --connection FILE} option of the commands that reach a cluster. Without it the
 * connection comes from the {@code DPONE_CLICKHOUSE_*} variables. There is deliberately no password
 * option: a password comes from the environment or a file, never from the command line.
 */
public final class ConnectionOption {
    @Option(
            names = "--connection",
            paramLabel = "FILE",
            description =
                    "Connection profile (.yaml, .yml or .json). Default: the DPONE_CLICKHOUSE_* environment variables.")
    private Path profile;

    /**
     * The admitted coordinator connection.
     *
     * @throws io.dpone.spi.error.DponeException {@code CONNECTION_PROFILE_INVALID}, naming the field or variable at fault
     */
    ClusterConnection resolve(HostContext host) {
        return profile == null
                ? ConnectionEnvironment.resolve(host.variables())
                : ConnectionProfileFile.resolve(profile, host.variables());
    }
}
