package io.dpone.cli;

import static java.util.Objects.requireNonNull;

import io.dpone.spi.decision.StaticAdmissionPolicy;
import io.dpone.spi.manifest.ManifestReader;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.HostEnvironment;
import io.dpone.spi.publication.PublicationStrategyProvider;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Everything a command needs, built once per invocation: the providers found on the module path,
 * the one admission policy over them, the captured environment, whether the streams reach a
 * terminal, the cancellation flag Ctrl-C flips, and the two output streams. stdout carries only
 * successful documents; stderr carries typed error documents (through {@code errors}), usage and,
 * on a terminal only, progress and human summaries.
 */
public record HostContext(
        List<PublicationStrategyProvider> providers,
        HostVariables variables,
        Terminals terminals,
        Cancellation cancellation,
        PrintWriter out,
        PrintWriter err,
        ErrorReporter errors) {
    public HostContext {
        providers = List.copyOf(requireNonNull(providers, "providers is null"));
        requireNonNull(variables, "variables is null");
        requireNonNull(terminals, "terminals is null");
        requireNonNull(cancellation, "cancellation is null");
        requireNonNull(out, "out is null");
        requireNonNull(err, "err is null");
        requireNonNull(errors, "errors is null");
    }

    /** A host whose error documents are human text exactly when stderr is a terminal (until {@code --errors}). */
    public HostContext(
            List<PublicationStrategyProvider> providers,
            HostVariables variables,
            Terminals terminals,
            Cancellation cancellation,
            PrintWriter out,
            PrintWriter err) {
        this(
                providers,
                variables,
                terminals,
                cancellation,
                out,
                err,
                new ErrorReporter(err, ErrorReporter.defaultFor(terminals)));
    }

    /** A host without terminals or cancellation whose environment holds only {@code environment}'s variables. */
    public HostContext(
            List<PublicationStrategyProvider> providers,
            HostEnvironment environment,
            PrintWriter out,
            PrintWriter err) {
        this(providers, HostVariables.of(environment), Terminals.NONE, Cancellation.NEVER, out, err);
    }

    /**
     * Providers from {@link ServiceLoader}: the module path when run as a module, else the class path.
     * Sorted by replication mode (internal, the default, first): the loader's order across a module
     * layer is unspecified, and operators compare listings between hosts.
     */
    public static List<PublicationStrategyProvider> discoverProviders() {
        return ServiceLoader.load(PublicationStrategyProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparing(PublicationStrategyProvider::replicationMode))
                .toList();
    }

    /** The part of the environment static admission and providers may read. */
    public HostEnvironment environment() {
        return variables.environment();
    }

    public StaticAdmissionPolicy policy() {
        return new StaticAdmissionPolicy(providers);
    }

    public ManifestReader reader() {
        return new ManifestReader();
    }
}
