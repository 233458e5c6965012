package io.dpone.testkit.clickhouse.config;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An XML template from {@code fixtures/clickhouse/} (packaged under this package's
 * {@code fixtures/} resource folder) with {@code {{name}}} placeholders. Rendering fails when a
 * placeholder has no value, so a config can never reach a server half-filled.
 */
final class FixtureTemplate {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z0-9_]+)}}");

    private final String name;
    private final String text;

    private FixtureTemplate(String name, String text) {
        this.name = name;
        this.text = text;
    }

    static FixtureTemplate load(String fileName) {
        requireNonNull(fileName, "fileName is null");
        try (InputStream in = FixtureTemplate.class.getResourceAsStream("fixtures/" + fileName)) {
            if (in == null) {
                throw new IllegalStateException("fixture template missing from the testkit: " + fileName);
            }
            return new FixtureTemplate(fileName, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read fixture template " + fileName, e);
        }
    }

    /**
     * Replaces every placeholder. {@code values} are inserted verbatim: callers escape plain
     * values with {@link #xml(String)} and pass pre-built fragments as they are.
     */
    String render(Map<String, String> values) {
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder(text.length() + 512);
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new IllegalArgumentException("no value for placeholder '" + matcher.group(1) + "' in " + name);
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        if (out.indexOf("{{") >= 0) {
            throw new IllegalArgumentException("malformed placeholder left in " + name);
        }
        return out.toString();
    }

    /** The template's text as packaged, placeholders included. */
    String text() {
        return text;
    }

    static String xml(String value) {
        requireNonNull(value, "value is null");
        return value.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;")
                .replace("'", "&apos;");
    }
}
