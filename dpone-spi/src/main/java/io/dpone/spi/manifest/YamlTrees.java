package io.dpone.spi.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.StringReader;
import java.util.Iterator;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.DocumentStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * Reads YAML text into the manifest tree from SnakeYAML's parse events, deciding each value's type
 * itself ({@link PlainScalars}) instead of letting a tag or YAML 1.1 resolution decide it. Refused:
 * aliases (read as the anchor's name, or expanded), every explicit tag (a custom tag such as
 * {@code !env} reads like expansion that never happens; a core tag such as {@code !!int "100"} would
 * turn a quoted string into a number), {@code %YAML}/{@code %TAG} directives, and keys that are
 * mappings or sequences.
 */
final class YamlTrees {
    private YamlTrees() {}

    static JsonNode read(String text) throws UnreadableManifest {
        Iterator<Event> events =
                new Yaml(new LoaderOptions()).parse(new StringReader(text)).iterator();
        TreeBuilder tree = new TreeBuilder();
        boolean documentSeen = false;
        for (Event event = next(events, text); event != null; event = next(events, text)) {
            switch (event.getEventId()) {
                case DocumentStart -> {
                    if (documentSeen) {
                        throw new UnreadableManifest(ReadingRule.MORE_THAN_ONE_DOCUMENT);
                    }
                    documentSeen = true;
                    refuseDirectives((DocumentStartEvent) event);
                }
                case Alias -> throw new UnreadableManifest(ReadingRule.ALIAS, tree.pointer());
                case Scalar -> scalar((ScalarEvent) event, tree);
                case MappingStart, SequenceStart -> {
                    refuseTag(((CollectionStartEvent) event).getTag(), tree);
                    if (tree.expectsKey()) {
                        throw new UnreadableManifest(ReadingRule.COMPLEX_KEY, tree.pointer());
                    }
                    if (event.getEventId() == Event.ID.MappingStart) {
                        tree.startMapping();
                    } else {
                        tree.startSequence();
                    }
                }
                case MappingEnd, SequenceEnd -> tree.end();
                default -> {
                    // Stream and document boundaries and comments carry no content.
                }
            }
        }
        return tree.root().orElseThrow(() -> new UnreadableManifest(ReadingRule.EMPTY));
    }

    private static void scalar(ScalarEvent scalar, TreeBuilder tree) throws UnreadableManifest {
        refuseTag(scalar.getTag(), tree);
        if (Surrogates.hasUnpaired(scalar.getValue())) {
            throw new UnreadableManifest(ReadingRule.UNPAIRED_SURROGATE);
        }
        if (tree.expectsKey()) {
            tree.key(scalar.getValue());
            return;
        }
        if (!scalar.isPlain()) {
            tree.scalar(TextNode.valueOf(scalar.getValue()));
            return;
        }
        String pointer = tree.pointer();
        tree.scalar(PlainScalars.resolve(scalar.getValue())
                .orElseThrow(() -> new UnreadableManifest(ReadingRule.NUMBER_FORM, pointer)));
    }

    private static void refuseTag(String tag, TreeBuilder tree) throws UnreadableManifest {
        if (tag != null) {
            throw new UnreadableManifest(ReadingRule.TAG, tree.pointer());
        }
    }

    private static void refuseDirectives(DocumentStartEvent start) throws UnreadableManifest {
        if (start.getVersion() != null
                || (start.getTags() != null && !start.getTags().isEmpty())) {
            throw new UnreadableManifest(ReadingRule.DIRECTIVE);
        }
    }

    /**
     * The next event, or null at the end. Only the parser runs inside the catch: whatever it throws
     * (its own exceptions, or a NumberFormatException for an escape such as {@code \UFFFFFFFF}) is a
     * syntax error, and its message, which quotes the input, is dropped.
     */
    private static Event next(Iterator<Event> events, String text) throws UnreadableManifest {
        try {
            return events.hasNext() ? events.next() : null;
        } catch (RuntimeException e) {
            throw new UnreadableManifest(isAtTab(e, text) ? ReadingRule.TAB : ReadingRule.YAML_SYNTAX);
        }
    }

    /** Whether the parser stopped at a tab: SnakeYAML refuses tabs wherever it expects a token. */
    private static boolean isAtTab(RuntimeException e, String text) {
        if (!(e instanceof MarkedYAMLException marked) || marked.getProblemMark() == null) {
            return false;
        }
        Mark mark = marked.getProblemMark();
        int codePoints = text.codePointCount(0, text.length());
        return mark.getIndex() >= 0
                && mark.getIndex() < codePoints
                && text.codePointAt(text.offsetByCodePoints(0, mark.getIndex())) == '\t';
    }
}
