package io.dpone.testkit.modes.acceptance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationReceipt;
import io.dpone.testkit.acceptance.Attempt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what evidence must never hold (spec 000 and DEVELOPERS.md: "Evidence, logs and errors never
 * contain credentials, hostnames, addresses, row values, source SQL or local paths") in receipts
 * rendered as the JSON a host prints, narration lines and error documents. Pure; each finding names
 * its category, the text's origin and an excerpt around the first match. Literal needles are
 * searched in the lower-cased, space-normalised text, so that the scan is cheap enough to run on
 * every attempt of the randomized schedules too.
 */
public final class EvidenceLeakScan {
    /** The distinctive value every scanned source carries in its value column: {@code ROWVALUE-<row>}. */
    public static final String ROW_VALUE_PREFIX = "ROWVALUE-";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** Needles found anywhere (lower case); the simulator's members are clickhouse-01..N:9000 at 10.0.0.1..N. */
    private static final Map<String, List<String>> ANYWHERE = new LinkedHashMap<>();
    /** Needles found only as whole words: identifiers of the scenarios' tables and databases. */
    private static final Map<String, List<String>> WORDS = new LinkedHashMap<>();
    /** Patterns, each tried only when its literal trigger occurs (regular expressions over every text are too slow). */
    private static final List<Rule> PATTERNS = new ArrayList<>();

    private record Rule(String category, List<String> triggers, Pattern pattern) {}

    static {
        ANYWHERE.put("hostname", List.of("clickhouse-", "localhost"));
        ANYWHERE.put("address", List.of("10.0.0."));
        ANYWHERE.put(
                "credential",
                List.of(
                        "password",
                        "passwd",
                        "secret",
                        "api_key",
                        "api-key",
                        "apikey",
                        "authorization",
                        "bearer ",
                        "x-clickhouse-key",
                        "x-clickhouse-user"));
        ANYWHERE.put("row value", List.of(ROW_VALUE_PREFIX.toLowerCase(Locale.ROOT)));
        ANYWHERE.put(
                "source SQL",
                List.of(
                        "exchange tables",
                        "rename table",
                        "drop table",
                        "create table",
                        "insert into",
                        "alter table",
                        "on cluster",
                        "`",
                        "dpone_control",
                        "publication_authority",
                        "__dpone_"));
        ANYWHERE.put("local path", List.of("/tmp/", "/home/", "/work/", "/var/", "/root/", "/users/", "/opt/"));
        WORDS.put("source SQL", List.of("analytics", "events"));
        PATTERNS.add(new Rule(
                "hostname",
                List.of(":9000", ":8123", ":9440", ":8443"),
                Pattern.compile("[a-z][a-z0-9.-]*:(9000|8123|9440|8443)\\b")));
        PATTERNS.add(new Rule("credential", List.of("://"), Pattern.compile("://[^/\\s:@\"]+:[^/\\s@\"]+@")));
        PATTERNS.add(new Rule("source SQL", List.of("select "), Pattern.compile("\\bselect\\s[^\"]*\\sfrom\\s")));
        PATTERNS.add(new Rule(
                "local path",
                List.of("/tmp", "/home", "/work", "/var", "/root", "/users", "/opt", ":\\"),
                Pattern.compile("(?<![\\w.])/(tmp|home|work|var|root|users|opt)\\b|\\b[a-z]:\\\\")));
    }

    private EvidenceLeakScan() {}

    /** Each category that leaks in {@code text}, once, as {@code category in origin: "excerpt around the first match"}. */
    public static List<String> scan(String origin, String text) {
        String normalised = text.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
        Map<String, Integer> found = new LinkedHashMap<>();
        ANYWHERE.forEach((category, needles) -> needles.forEach(needle -> {
            int at = normalised.indexOf(needle);
            if (at >= 0) {
                found.putIfAbsent(category, at);
            }
        }));
        WORDS.forEach((category, words) -> words.forEach(word -> {
            for (int at = normalised.indexOf(word); at >= 0; at = normalised.indexOf(word, at + 1)) {
                if (boundary(normalised, at - 1) && boundary(normalised, at + word.length())) {
                    found.putIfAbsent(category, at);
                    break;
                }
            }
        }));
        for (Rule rule : PATTERNS) {
            if (!found.containsKey(rule.category()) && rule.triggers().stream().anyMatch(normalised::contains)) {
                Matcher matcher = rule.pattern().matcher(normalised);
                if (matcher.find()) {
                    found.put(rule.category(), matcher.start());
                }
            }
        }
        int quad = dottedQuad(normalised);
        if (quad >= 0) {
            found.putIfAbsent("address", quad);
        }
        List<String> findings = new ArrayList<>();
        found.forEach((category, at) -> findings.add(category + " in " + origin + ": \""
                + normalised.substring(Math.max(0, at - 30), Math.min(normalised.length(), at + 40)) + "\""));
        return findings;
    }

    /** Each leak in an attempt's evidence: its receipt as JSON or its error document, and its summary. */
    public static List<String> scan(String origin, Attempt attempt) {
        List<String> findings = new ArrayList<>(scan(origin + " summary", attempt.summary()));
        findings.addAll(
                attempt instanceof Attempt.Receipt receipt
                        ? scan(origin + " receipt", json(receipt.receipt()))
                        : scan(origin + " error", errorDocument((Attempt.Refused) attempt)));
        return findings;
    }

    /** The receipt as {@code dpone publish --json} prints it (the CLI's field names and order). */
    public static String json(PublicationReceipt receipt) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("schema", receipt.schema());
        node.put("replication_mode", receipt.replicationMode().wireName());
        node.put("operation_id", receipt.operationId());
        node.put("evidence_scope", receipt.evidenceScope().wireName());
        node.put("evidence_status", receipt.evidenceStatus().wireName());
        node.put("outcome", receipt.outcome().wireName());
        node.put("error_code", receipt.errorCode().map(DponeErrorCode::name).orElse(null));
        node.set("detail", MAPPER.valueToTree(receipt.detail()));
        return write(node);
    }

    /** The error document of a refusal: its stable code and message. */
    public static String errorDocument(Attempt.Refused refused) {
        ObjectNode node = MAPPER.createObjectNode();
        ObjectNode error = node.putObject("error");
        error.put("code", refused.error().code().name());
        error.put("message", refused.error().getMessage());
        return write(node);
    }

    /** Where the first IPv4-like {@code d.d.d.d} (1-3 digits each, not part of a longer dotted run) starts, or -1. */
    private static int dottedQuad(String text) {
        for (int start = 0; start < text.length(); start++) {
            if (!Character.isDigit(text.charAt(start))
                    || start > 0
                            && (Character.isLetterOrDigit(text.charAt(start - 1)) || text.charAt(start - 1) == '.')) {
                continue;
            }
            int at = start;
            int groups = 0;
            while (groups < 4) {
                int digits = 0;
                while (at < text.length() && Character.isDigit(text.charAt(at)) && digits < 4) {
                    at++;
                    digits++;
                }
                if (digits == 0 || digits > 3) {
                    break;
                }
                groups++;
                if (groups < 4) {
                    if (at >= text.length() || text.charAt(at) != '.') {
                        break;
                    }
                    at++;
                }
            }
            boolean ends = at >= text.length() || !Character.isLetterOrDigit(text.charAt(at)) && text.charAt(at) != '.';
            if (groups == 4 && ends) {
                return start;
            }
        }
        return -1;
    }

    private static boolean boundary(String text, int at) {
        return at < 0 || at >= text.length() || !Character.isLetterOrDigit(text.charAt(at)) && text.charAt(at) != '_';
    }

    private static String write(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
