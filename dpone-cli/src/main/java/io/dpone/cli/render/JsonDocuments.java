package io.dpone.cli.render;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.dpone.spi.decision.Blocker;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.manifest.ManifestReadResult;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SchemaViolation;
import io.dpone.spi.publication.PublicationStrategyProvider;
import io.dpone.spi.receipt.LivePlan;
import io.dpone.spi.receipt.PublicationOutcome;
import io.dpone.spi.receipt.PublicationReceipt;
import java.util.List;

/**
 * The host's JSON documents, field names and order fixed here and documented in
 * docs/reference/cli.md. Every text placed in a document is already bounded and value-free.
 */
public final class JsonDocuments {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonDocuments() {}

    /** The static decision document, field for field the reference's, plus {@code blockers}. */
    public static ObjectNode decision(StaticDecision decision) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("requested", decision.requested());
        node.put("selected", decision.selected());
        node.put("mode", decision.mode());
        node.put(
                "replication_mode",
                decision.replicationMode().map(ReplicationMode::wireName).orElse(null));
        node.put("runtime_admission_required", decision.runtimeAdmissionRequired());
        node.put("no_fallback", decision.noFallback());
        node.set("blockers", blockers(decision.blockers()));
        return node;
    }

    /** {@code dpone check}'s summary of a schema-valid manifest. */
    public static ObjectNode checkSummary(StaticDecision decision) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("manifest", "valid");
        node.put("admitted", decision.selected());
        node.put("mode", decision.mode());
        node.set("blockers", blockers(decision.blockers()));
        return node;
    }

    public static ObjectNode rejection(ManifestReadResult.Rejected rejected) {
        ObjectNode document = errorDocument(
                rejected.code(),
                rejected.code() == DponeErrorCode.MANIFEST_UNREADABLE
                        ? "the manifest could not be read"
                        : "the manifest does not match the schema");
        ArrayNode violations = ((ObjectNode) document.get("error")).putArray("violations");
        for (SchemaViolation violation : rejected.violations()) {
            violations.addObject().put("path", violation.path()).put("problem", violation.problem());
        }
        return document;
    }

    public static ObjectNode blocked(StaticDecision decision) {
        Blocker first = decision.blockers().get(0);
        ObjectNode document = errorDocument(first.code(), "static admission blocked the publication");
        ((ObjectNode) document.get("error")).set("decision", decision(decision));
        return document;
    }

    public static ObjectNode error(DponeException exception) {
        return errorDocument(exception.code(), exception.getMessage());
    }

    /** A defect: only the exception's class name is reported, because its message may quote input. */
    public static ObjectNode internalError(Throwable throwable) {
        ObjectNode document =
                errorDocument(DponeErrorCode.HOST_INTERNAL_ERROR, "unexpected failure in the host or a provider");
        ((ObjectNode) document.get("error"))
                .put("cause_type", throwable.getClass().getName());
        return document;
    }

    public static ObjectNode receipt(PublicationReceipt receipt) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("schema", receipt.schema());
        node.put("replication_mode", receipt.replicationMode().wireName());
        node.put("operation_id", receipt.operationId());
        node.put("evidence_scope", receipt.evidenceScope().wireName());
        node.put("evidence_status", receipt.evidenceStatus().wireName());
        node.put("outcome", receipt.outcome().wireName());
        node.put("error_code", receipt.errorCode().map(DponeErrorCode::name).orElse(null));
        node.set("detail", MAPPER.valueToTree(receipt.detail()));
        return node;
    }

    /** {@code plan --live}: the static decision and what publish would do on the cluster now. */
    public static ObjectNode livePlan(StaticDecision decision, LivePlan plan) {
        ObjectNode node = MAPPER.createObjectNode();
        node.set("decision", decision(decision));
        ObjectNode live = node.putObject("live");
        live.put("schema", plan.schema());
        live.put("replication_mode", plan.replicationMode().wireName());
        live.put("action", plan.action().name().toLowerCase(java.util.Locale.ROOT));
        live.put("blocker", plan.blocker().map(DponeErrorCode::name).orElse(null));
        live.set("detail", MAPPER.valueToTree(plan.detail()));
        return node;
    }

    /**
     * A publication that ended without committing: the typed error document of the receipt's code,
     * with {@code outcome} and the full {@code receipt}, so a scheduler reads one document on stderr.
     */
    public static ObjectNode unfinished(PublicationReceipt receipt) {
        DponeErrorCode code = receipt.errorCode()
                .orElseThrow(() -> new IllegalArgumentException("only an explained outcome is unfinished"));
        ObjectNode document = errorDocument(code, unfinishedMessage(receipt.outcome()));
        ObjectNode error = (ObjectNode) document.get("error");
        error.put("outcome", receipt.outcome().wireName());
        error.set("receipt", receipt(receipt));
        return document;
    }

    private static String unfinishedMessage(PublicationOutcome outcome) {
        return switch (outcome) {
            case WAITING ->
                "the publication is applied on some replicas and its distributed DDL entry is still running;"
                        + " rerun with the same --invocation-id to wait for that entry";
            case TERMINAL_PARTIAL ->
                "the publication finished on only some replicas; both generations are retained for an operator";
            case UNKNOWN ->
                "the publication outcome cannot be proven; nothing more is dispatched or cleaned on this evidence;"
                        + " restore what the receipt's cause names, then rerun with the same --invocation-id";
            case PREPARED -> "the publication stopped before dispatch; rerun with the same --invocation-id to continue";
            case ABORTED ->
                "the publication ended before publishing, after removing what it owned; nothing was published";
            case FAILED ->
                "the publication statement failed on every replica and none changed; both generations are retained for an operator";
            case COMMITTED, NONE -> throw new IllegalArgumentException("not an unfinished outcome: " + outcome);
        };
    }

    /** A receipt detail value (strings, integers, booleans, lists, maps) as a JSON tree. */
    public static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    public static ObjectNode providers(List<PublicationStrategyProvider> providers) {
        ObjectNode node = MAPPER.createObjectNode();
        ArrayNode list = node.putArray("providers");
        for (PublicationStrategyProvider provider : providers) {
            list.addObject()
                    .put("replication_mode", provider.replicationMode().wireName())
                    .put("name", provider.name())
                    .put("module", provider.getClass().getModule().getName());
        }
        return node;
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    public static String compact(JsonNode node) {
        return write(node, false);
    }

    public static String pretty(JsonNode node) {
        return write(node, true);
    }

    private static ObjectNode errorDocument(DponeErrorCode code, String message) {
        ObjectNode document = MAPPER.createObjectNode();
        document.putObject("error")
                .put("code", code.name())
                .put("number", code.number())
                .put("type", code.type().name())
                .put("message", message)
                .put("docs", "docs/" + code.docsPage());
        return document;
    }

    private static ArrayNode blockers(List<Blocker> blockers) {
        ArrayNode list = MAPPER.createArrayNode();
        for (Blocker blocker : blockers) {
            list.addObject()
                    .put("code", blocker.code().name())
                    .put("message", blocker.message())
                    .put("docs", "docs/" + blocker.code().docsPage());
        }
        return list;
    }

    private static String write(JsonNode node, boolean pretty) {
        try {
            return pretty
                    ? MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node)
                    : MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree node always serializes", e);
        }
    }
}
