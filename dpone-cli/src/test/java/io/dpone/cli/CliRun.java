package io.dpone.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dpone.spi.publication.HostEnvironment;
import io.dpone.spi.publication.PublicationStrategyProvider;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** One in-process invocation of the host with captured streams. */
public record CliRun(int exit, String out, String err) {
    public static final Path FIXTURES = Path.of("..", "fixtures", "manifests");
    private static final ObjectMapper JSON = new ObjectMapper();

    public static CliRun run(List<PublicationStrategyProvider> providers, HostEnvironment environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Dpone.run(args, new HostContext(providers, environment, new PrintWriter(out), new PrintWriter(err)));
        return new CliRun(exit, out.toString(), err.toString());
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

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }
}
