package io.dpone.testkit.acceptance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds what evidence must never hold (seed 000 and DEVELOPERS.md: "Evidence, logs and errors never
 * contain credentials, hostnames, addresses, row values, source SQL or local paths") in receipts
 * rendered as the JSON a host prints, narration lines and error documents. Pure; each finding names
 * its category, the text's origin and the matched excerpt.
 */
public final class EvidenceLeakScan {
    /** The distinctive value every scanned source carries in its value column: {@code ROWVALUE-<row>}. */
    public static final String ROW_VALUE_PREFIX = "ROWVALUE-";

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<String, Pattern> PATTERNS = patterns();

    private EvidenceLeakScan() {
    }

    private static Map<String, Pattern> patterns() {
        Map<String, Pattern> patterns = new LinkedHashMap<>();
        // the simulator's members are clickhouse-01..N:9000 at 10.0.0.1..N; any dotted quad or host:port is a leak
        patterns.put("hostname", Pattern.compile("(?i)clickhouse-\\d+|localhost|\\b[a-z][a-z0-9-]*:9000\\b"));
        patterns.put("address", Pattern.compile("\\b\\d{1,3}(\\.\\d{1,3}){3}\\b|\\b10\\.0\\.0\\."));
        patterns.put("credential", Pattern.compile("(?i)password|passwd|secret|api[_-]?key|authorization|bearer\\s"
                + "|x-clickhouse-(key|user)|://[^/\\s:@]+:[^/\\s@]+@"));
        patterns.put("row value", Pattern.compile(Pattern.quote(ROW_VALUE_PREFIX)));
        patterns.put("source SQL", Pattern.compile("(?i)\\b(exchange\\s+tables|rename\\s+table|drop\\s+table|create\\s+table"
                + "|insert\\s+into|alter\\s+table|select\\s.+\\sfrom|on\\s+cluster)\\b|`"
                + "|\\banalytics\\b|\\bevents\\b|dpone_control|publication_authority|__dpone_"));
        patterns.put("local path", Pattern.compile("(?<![\\w.])/(tmp|home|work|var|root|Users|opt)(/|\\b)|[A-Za-z]:\\\\"));
        return patterns;
    }

    /** Each category that leaks in {@code text}, once, as {@code category in origin: "excerpt around the first match"}. */
    public static List<String> scan(String origin, String text) {
        List<String> findings = new ArrayList<>();
        PATTERNS.forEach((category, pattern) -> {
            Matcher matcher = pattern.matcher(text);
            if (matcher.find()) {
                int from = Math.max(0, matcher.start() - 30);
                int to = Math.min(text.length(), matcher.end() + 30);
                findings.add(category + " in " + origin + ": \"" + text.substring(from, to) + "\"");
            }
        });
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
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** Each leak in an attempt's evidence: its receipt as JSON or its error document, and its summary. */
    public static List<String> scan(String origin, Attempt attempt) {
        List<String> findings = new ArrayList<>(scan(origin + " summary", attempt.summary()));
        findings.addAll(attempt instanceof Attempt.Receipt receipt ? scan(origin + " receipt", json(receipt.receipt()))
                : scan(origin + " error", errorDocument((Attempt.Refused) attempt)));
        return findings;
    }

    /** The error document of a refusal: its stable code and message. */
    public static String errorDocument(Attempt.Refused refused) {
        ObjectNode node = MAPPER.createObjectNode();
        ObjectNode error = node.putObject("error");
        error.put("code", refused.error().code().name());
        error.put("message", refused.error().getMessage());
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
