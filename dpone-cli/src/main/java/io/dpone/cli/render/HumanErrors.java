package io.dpone.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import io.dpone.spi.error.DponeErrorCode;
import java.util.Arrays;
import java.util.Optional;

/**
 * A typed error document as text for a person at a terminal: the code with its number and type,
 * the message, the details the document holds (schema violations, blockers), what to do (from the
 * code's page) and the page to read. Rendered from the JSON document itself, so both forms say the
 * same thing and hold no hostname, credential, value or path.
 */
public final class HumanErrors {
    private HumanErrors() {}

    public static String render(JsonNode document) {
        JsonNode error = document.path("error");
        String code = error.path("code").asText();
        StringBuilder text = new StringBuilder();
        text.append("error: ")
                .append(code)
                .append(" (")
                .append(error.path("number").asText())
                .append(", ")
                .append(error.path("type").asText())
                .append(")\n");
        line(text, error.path("message").asText());
        for (JsonNode violation : error.path("violations")) {
            line(
                    text,
                    "- "
                            + (violation.path("path").asText().isEmpty()
                                    ? ""
                                    : violation.path("path").asText() + ": ")
                            + violation.path("problem").asText());
        }
        for (JsonNode blocker : error.path("decision").path("blockers")) {
            line(
                    text,
                    "- " + blocker.path("code").asText() + ": "
                            + blocker.path("message").asText());
        }
        if (error.has("outcome")) {
            line(text, "outcome: " + error.path("outcome").asText());
        }
        if (error.has("cause_type")) {
            line(text, "cause: " + error.path("cause_type").asText());
        }
        known(code).flatMap(ErrorPages::advice).ifPresent(advice -> line(text, "what to do: " + advice));
        line(text, "read: " + error.path("docs").asText());
        return text.toString().stripTrailing();
    }

    private static Optional<DponeErrorCode> known(String code) {
        return Arrays.stream(DponeErrorCode.values())
                .filter(value -> value.name().equals(code))
                .findFirst();
    }

    private static void line(StringBuilder text, String line) {
        text.append("  ").append(line).append('\n');
    }
}
