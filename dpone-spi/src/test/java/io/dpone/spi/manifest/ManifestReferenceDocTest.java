package io.dpone.spi.manifest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.error.DponeErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** docs/reference/manifest.md changes with the schema: every key and every host-range code is documented. */
class ManifestReferenceDocTest {
    private static final Path REFERENCE = Path.of("..", "docs", "reference", "manifest.md");

    @Test
    void everySchemaKeyIsDocumented() throws IOException {
        String text = Files.readString(REFERENCE);
        for (Set<String> keys : ManifestValidator.ALL_KEY_SETS) {
            for (String key : keys) {
                assertTrue(text.contains("`" + key + "`"), "manifest.md does not document `" + key + "`");
            }
        }
    }

    /** Host-range codes belong to the manifest, the command line or the sources; one of their references explains each. */
    @Test
    void everyHostCodeIsDocumented() throws IOException {
        StringBuilder text = new StringBuilder();
        try (var pages = Files.list(REFERENCE.getParent())) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".md")).toList()) {
                text.append(Files.readString(page));
            }
        }
        for (DponeErrorCode code : DponeErrorCode.values()) {
            if (code.number() < 2000) {
                assertTrue(text.indexOf("`" + code.name() + "`") >= 0, "no reference page documents " + code);
            }
        }
    }

    @Test
    void everyReadingRuleAndSchemaProblemSentenceIsDocumented() throws IOException {
        String text = Files.readString(REFERENCE);
        for (ReadingRule rule : ReadingRule.values()) {
            assertTrue(
                    text.contains("| " + rule.sentence() + " |"), "manifest.md does not list the reading rule " + rule);
        }
        for (SchemaProblem problem : SchemaProblem.values()) {
            assertTrue(
                    text.contains("| " + problem.sentence() + " |"),
                    "manifest.md does not list the schema problem " + problem);
        }
    }

    @Test
    void everyEnumTokenIsDocumented() throws IOException {
        String text = Files.readString(REFERENCE);
        for (Class<? extends Enum<?>> type : java.util.List.<Class<? extends Enum<?>>>of(
                DdlScope.class, ReplicationMode.class, StagingLocation.class, StrategyMode.class)) {
            for (Enum<?> constant : type.getEnumConstants()) {
                String token = ((WireName) constant).wireName();
                assertTrue(text.contains("`" + token + "`"), "manifest.md does not document `" + token + "`");
            }
        }
    }
}
