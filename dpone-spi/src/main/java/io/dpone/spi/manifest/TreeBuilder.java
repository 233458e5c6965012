package io.dpone.spi.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Builds the tree both syntaxes read into, so the rules about its shape (one document, no repeated
 * key, bounded nesting) are decided once, in the same words, for YAML and JSON. The syntax readers
 * feed it events in document order.
 */
final class TreeBuilder {
    static final int MAX_NESTING = 64;

    private final Deque<Frame> open = new ArrayDeque<>();
    private JsonNode root;

    /** True when the next node completes a key of the innermost mapping rather than a value. */
    boolean expectsKey() {
        Frame top = open.peek();
        return top != null && top.pendingKey == null && top.container.isObject();
    }

    void key(String key) throws UnreadableManifest {
        Frame top = open.element();
        if (top.container.has(key)) {
            throw new UnreadableManifest(ReadingRule.DUPLICATE_KEY, Pointers.child(top.pointer, key));
        }
        top.pendingKey = key;
    }

    void scalar(JsonNode value) throws UnreadableManifest {
        attach(value);
    }

    void startMapping() throws UnreadableManifest {
        start(JsonNodeFactory.instance.objectNode());
    }

    void startSequence() throws UnreadableManifest {
        start(JsonNodeFactory.instance.arrayNode());
    }

    void end() {
        open.pop();
    }

    /** The pointer of the node read next, for a report about it. */
    String pointer() {
        Frame top = open.peek();
        if (top == null) {
            return "";
        }
        if (top.container.isArray()) {
            return Pointers.index(top.pointer, top.container.size());
        }
        return top.pendingKey == null ? top.pointer : Pointers.child(top.pointer, top.pendingKey);
    }

    /** The document, once one has been read completely. */
    Optional<JsonNode> root() {
        return open.isEmpty() ? Optional.ofNullable(root) : Optional.empty();
    }

    private void start(JsonNode container) throws UnreadableManifest {
        if (open.size() == MAX_NESTING) {
            throw new UnreadableManifest(ReadingRule.TOO_DEEP, pointer());
        }
        String pointer = pointer();
        attach(container);
        open.push(new Frame(container, pointer));
    }

    private void attach(JsonNode node) throws UnreadableManifest {
        Frame top = open.peek();
        if (top == null) {
            if (root != null) {
                throw new UnreadableManifest(ReadingRule.MORE_THAN_ONE_DOCUMENT);
            }
            root = node;
        } else if (top.container instanceof ArrayNode sequence) {
            sequence.add(node);
        } else {
            ((ObjectNode) top.container).set(top.pendingKey, node);
            top.pendingKey = null;
        }
    }

    private static final class Frame {
        final JsonNode container;
        final String pointer;
        String pendingKey;

        Frame(JsonNode container, String pointer) {
            this.container = container;
            this.pointer = pointer;
        }
    }
}
