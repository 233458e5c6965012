package io.dpone.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpone.spi.publication.Cancellation;
import io.dpone.spi.publication.HostEnvironment;
import io.dpone.spi.publication.PublicationStrategyProvider;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One in-process invocation of the host with captured streams. Every run of every test is checked
 * for leaks: no output may contain a {@linkplain #forbid forbidden} text (the sentinel host name and
 * password the tests configure, and every source path they create).
 */
public record CliRun(int exit, String out, String err) {
    public static final Path FIXTURES = Path.of("..", "fixtures", "manifests");
    /** The host name tests configure; it must never be printed. */
    public static final String SECRET_HOST = "ch-sentinel-host.internal";
    /** The password tests configure; it must never be printed. */
    public static final String SECRET_PASSWORD = "pw-Sentinel-4711";
    /** Every source file tests create has this in its name; no output may name a source file. */
    public static final String SOURCE_MARK = "src-sentinel";

    private static final Set<String> FORBIDDEN = ConcurrentHashMap.newKeySet();
    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        FORBIDDEN.addAll(List.of(SECRET_HOST, SECRET_PASSWORD, SOURCE_MARK));
    }

    /** Adds a text no later output of any test may contain (e.g. a temporary directory's path). */
    public static void forbid(String text) {
        FORBIDDEN.add(text);
    }

    public static CliRun run(HostContextFactory host, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Dpone.run(args, host.create(new PrintWriter(out), new PrintWriter(err)));
        CliRun result = new CliRun(exit, out.toString(), err.toString());
        for (String text : FORBIDDEN) {
            if (result.out.contains(text) || result.err.contains(text)) {
                throw new AssertionError("an output leaks a forbidden text (" + text.length() + " chars): " + result);
            }
        }
        return result;
    }

    public static CliRun run(
            List<PublicationStrategyProvider> providers,
            HostVariables variables,
            Terminals terminals,
            Cancellation cancellation,
            String... args) {
        return run((out, err) -> new HostContext(providers, variables, terminals, cancellation, out, err), args);
    }

    public static CliRun run(
            List<PublicationStrategyProvider> providers, Map<String, String> variables, String... args) {
        return run(providers, HostVariables.of(variables), Terminals.NONE, Cancellation.NEVER, args);
    }

    public static CliRun run(List<PublicationStrategyProvider> providers, HostEnvironment environment, String... args) {
        return run((out, err) -> new HostContext(providers, environment, out, err), args);
    }

    /** The real providers found by ServiceLoader on the test class path, and no environment. */
    public static CliRun run(String... args) {
        return run(HostContext.discoverProviders(), HostEnvironment.empty(), args);
    }

    public static String fixture(String name) {
        return FIXTURES.resolve(name).toString();
    }

    public JsonNode outJson() {
        return parse(out);
    }

    /** stderr must be exactly one JSON document on one line. */
    public JsonNode errJson() {
        if (err.strip().contains("\n")) {
            throw new AssertionError("stderr is not one line: " + err);
        }
        return parse(err);
    }

    /** The first stderr line that is a JSON document (a terminal adds progress before and a summary after it). */
    public JsonNode errDocument() {
        return err.lines()
                .filter(line -> line.startsWith("{"))
                .findFirst()
                .map(CliRun::parse)
                .orElseThrow(() -> new AssertionError("no document on stderr: " + err));
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }

    /** Builds the host of one run around its captured streams. */
    @FunctionalInterface
    public interface HostContextFactory {
        HostContext create(PrintWriter out, PrintWriter err);
    }
}
