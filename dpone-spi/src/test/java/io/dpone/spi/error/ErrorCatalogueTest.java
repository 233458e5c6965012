package io.dpone.spi.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Trino-style guard of the public error catalogue: stable numbers, ranges, and a page per code. */
class ErrorCatalogueTest {
    private static final Path ERROR_DOCS = Path.of("..", "docs", "errors");

    /** Published name -> number. Codes may be added; a published one is never renumbered or removed. */
    private static final Map<String, Integer> PUBLISHED = published();

    private static Map<String, Integer> published() {
        Map<String, Integer> codes = new LinkedHashMap<>();
        codes.put("MANIFEST_UNREADABLE", 1001);
        codes.put("MANIFEST_SCHEMA_INVALID", 1002);
        codes.put("PUBLICATION_PROVIDER_UNAVAILABLE", 1003);
        codes.put("PUBLICATION_STRATEGY_UNSUPPORTED", 1004);
        codes.put("PUBLICATION_PROVIDER_AMBIGUOUS", 1005);
        codes.put("CLUSTER_PUBLICATION_NOT_REQUESTED", 1006);
        codes.put("CLUSTER_DDL_SCOPE_NOT_CLUSTER", 1007);
        codes.put("CLUSTER_STAGING_NOT_TARGET_LOCAL", 1008);
        codes.put("CLUSTER_ACCESS_TABLE_UNSUPPORTED", 1009);
        codes.put("CLUSTER_MODE_OPTION_CONFLICT", 1010);
        codes.put("EXTERNAL_ARTIFACT_STORE_UNAVAILABLE", 1011);
        codes.put("EXTERNAL_LINEAGE_UNSUPPORTED", 1012);
        codes.put("SOURCE_MALFORMED", 1013);
        codes.put("SOURCE_UNREADABLE", 1014);
        codes.put("SOURCE_COMPRESSION_UNSUPPORTED", 1015);
        codes.put("SOURCE_SCHEMA_INVALID", 1016);
        codes.put("SOURCE_TYPE_UNSUPPORTED", 1017);
        codes.put("SOURCE_VALUE_INVALID", 1018);
        codes.put("SOURCE_FORMAT_UNSUPPORTED", 1019);
        codes.put("SOURCE_UNAVAILABLE", 1020);
        codes.put("CONNECTION_PROFILE_INVALID", 1021);
        codes.put("PUBLICATION_CANCELLED", 1022);
        codes.put("CONNECTION_REFUSED", 1030);
        codes.put("CONNECTION_HOST_UNKNOWN", 1031);
        codes.put("CONNECTION_TLS_FAILED", 1032);
        codes.put("CONNECTION_NOT_CLICKHOUSE", 1033);
        codes.put("CONNECTION_AUTHENTICATION_FAILED", 1034);
        codes.put("HOST_INTERNAL_ERROR", 1999);
        codes.put("CLICKHOUSE_CLUSTER_TOPOLOGY_UNSUPPORTED", 2001);
        codes.put("CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE", 2002);
        codes.put("CLICKHOUSE_CLUSTER_AUTHORITY_CONFLICT", 2003);
        codes.put("CLICKHOUSE_CLUSTER_DDL_UNRESOLVED", 2004);
        codes.put("CLICKHOUSE_CLUSTER_PUBLICATION_TERMINAL_MIXED", 2005);
        codes.put("CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN", 2006);
        codes.put("CLICKHOUSE_CLUSTER_CLEANUP_UNSAFE", 2007);
        codes.put("CLICKHOUSE_CLUSTER_AUTHORITY_OUTCOME_UNKNOWN", 2008);
        codes.put("CLICKHOUSE_CLUSTER_AUTHORITY_RECORD_INVALID", 2009);
        codes.put("CLICKHOUSE_CLUSTER_CAPABILITY_MISSING", 2010);
        codes.put("CLICKHOUSE_CLUSTER_REPLICATION_NOT_READY", 2011);
        codes.put("CLICKHOUSE_CLUSTER_TRANSPORT_FAILED", 2012);
        codes.put("CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH", 3001);
        codes.put("CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED", 3002);
        codes.put("CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE", 3003);
        codes.put("CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED", 3004);
        codes.put("CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED", 3005);
        codes.put("CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL", 3006);
        codes.put("CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN", 3007);
        codes.put("CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_INTEGRITY", 3008);
        return codes;
    }

    @Test
    void publishedCodesKeepTheirNumbers() {
        Map<String, Integer> current =
                Arrays.stream(DponeErrorCode.values()).collect(Collectors.toMap(Enum::name, DponeErrorCode::number));
        PUBLISHED.forEach(
                (name, number) -> assertEquals(number, current.get(name), name + " was renumbered or removed"));
    }

    @Test
    void numbersAreUnique() {
        Set<Integer> seen = new HashSet<>();
        for (DponeErrorCode code : DponeErrorCode.values()) {
            assertTrue(seen.add(code.number()), "duplicate number " + code.number() + " at " + code);
        }
    }

    @Test
    void everyCodeIsInsideItsFamilyRange() {
        for (DponeErrorCode code : DponeErrorCode.values()) {
            int family = code.name().startsWith("CLICKHOUSE_CLUSTER_EXTERNAL_")
                    ? 3000
                    : code.name().startsWith("CLICKHOUSE_CLUSTER_") ? 2000 : 1000;
            assertTrue(
                    code.number() >= family && code.number() <= family + 999,
                    code + " is outside " + family + "-" + (family + 999));
        }
    }

    @Test
    void theSevenExternalFailureFamiliesOfTheReferenceExist() {
        List<String> external = Arrays.stream(DponeErrorCode.values())
                .map(Enum::name)
                .filter(name -> name.startsWith("CLICKHOUSE_CLUSTER_EXTERNAL_"))
                .toList();
        assertTrue(
                external.containsAll(List.of(
                        "CLICKHOUSE_CLUSTER_EXTERNAL_MODE_MISMATCH",
                        "CLICKHOUSE_CLUSTER_EXTERNAL_ENGINE_UNSUPPORTED",
                        "CLICKHOUSE_CLUSTER_EXTERNAL_INVENTORY_INCOMPLETE",
                        "CLICKHOUSE_CLUSTER_EXTERNAL_ARTIFACT_UNSUPPORTED",
                        "CLICKHOUSE_CLUSTER_EXTERNAL_STAGING_DIVERGED",
                        "CLICKHOUSE_CLUSTER_EXTERNAL_PUBLICATION_PARTIAL",
                        "CLICKHOUSE_CLUSTER_EXTERNAL_CLEANUP_UNKNOWN")),
                external.toString());
    }

    @Test
    void everyCodeHasADocsPageThatNamesItsNumberAndType() throws IOException {
        for (DponeErrorCode code : DponeErrorCode.values()) {
            Path page = ERROR_DOCS.resolve(code.name() + ".md");
            assertTrue(Files.isRegularFile(page), "missing docs page " + page);
            String text = Files.readString(page);
            assertTrue(text.startsWith("# " + code.name()), page + " must start with its code as title");
            assertTrue(
                    text.contains(String.valueOf(code.number()))
                            && text.contains(code.type().name()),
                    page + " must state number " + code.number() + " and type " + code.type());
        }
    }

    @Test
    void theCatalogueIndexLinksEveryCode() throws IOException {
        String index = Files.readString(ERROR_DOCS.resolve("README.md"));
        for (DponeErrorCode code : DponeErrorCode.values()) {
            assertTrue(
                    index.contains("| " + code.number() + " | [" + code.name() + "](" + code.name() + ".md) | "
                            + code.type() + " |"),
                    "docs/errors/README.md lacks the row for " + code);
        }
    }

    @Test
    void messagesAreBounded() {
        DponeException exception = new DponeException(DponeErrorCode.HOST_INTERNAL_ERROR, "x".repeat(10_000));
        assertEquals(DponeException.MAX_MESSAGE_LENGTH, exception.getMessage().length());
    }
}
