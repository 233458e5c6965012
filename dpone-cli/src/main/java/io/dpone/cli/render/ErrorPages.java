package io.dpone.cli.render;

import io.dpone.spi.error.DponeErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The error pages of docs/errors, packed into the launcher, read for the one thing a person at a
 * terminal needs first: the opening paragraph of the page's "What the operator does" section, as
 * plain text. The pages stay the single source of that advice.
 */
public final class ErrorPages {
    static final String RESOURCE_DIRECTORY = "/io/dpone/cli/errors/";
    static final String ADVICE_HEADING = "## What the operator does";
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)\\]\\([^)]*\\)");

    private ErrorPages() {}

    /** The first paragraph of what the operator does about {@code code}, links reduced to their text. */
    public static Optional<String> advice(DponeErrorCode code) {
        return page(code).flatMap(ErrorPages::firstAdviceParagraph);
    }

    static Optional<String> firstAdviceParagraph(String page) {
        List<String> paragraph = new ArrayList<>();
        boolean inSection = false;
        for (String line : page.lines().toList()) {
            if (line.startsWith("## ")) {
                if (inSection) {
                    break;
                }
                inSection = line.strip().equals(ADVICE_HEADING);
                continue;
            }
            if (!inSection) {
                continue;
            }
            if (line.isBlank()) {
                if (!paragraph.isEmpty()) {
                    break;
                }
                continue;
            }
            paragraph.add(line.strip());
        }
        if (paragraph.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(LINK.matcher(String.join(" ", paragraph)).replaceAll("$1"));
    }

    private static Optional<String> page(DponeErrorCode code) {
        try (InputStream in = ErrorPages.class.getResourceAsStream(RESOURCE_DIRECTORY + code.name() + ".md")) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
