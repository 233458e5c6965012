package io.dpone.spi.manifest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * What an unquoted YAML scalar means: the YAML 1.2 core schema, plus one refusal. Quoted and block
 * scalars are always strings and never come here. A plain scalar that YAML 1.1 or 1.2 reads as a
 * number in a form other than plain decimal (octal {@code 010}, {@code 0o10}, hex, binary,
 * {@code 1_000}, sexagesimal {@code 1:30}) is refused, because the two versions disagree on its value
 * and a refusal is the only reading every YAML tool would accept as not having changed it.
 */
final class PlainScalars {
    private static final Set<String> NULLS = Set.of("", "~", "null", "Null", "NULL");
    private static final Set<String> TRUES = Set.of("true", "True", "TRUE");
    private static final Set<String> FALSES = Set.of("false", "False", "FALSE");
    private static final Pattern PLAIN_DECIMAL = Pattern.compile("[-+]?(0|[1-9][0-9]*)");
    /** YAML 1.2 core integers that are not plain decimal: leading zeros, octal, hex. */
    private static final Pattern OTHER_CORE_INTEGER = Pattern.compile("[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+");
    /** Covers YAML 1.1 sexagesimal integers and floats ({@code 1:30}, {@code 1:30.5}); slightly wider, never narrower. */
    private static final Pattern SEXAGESIMAL_LIKE = Pattern.compile("[-+]?[0-9][0-9_]*:[0-9_:]*(\\.[0-9_]*)?");

    private static final Pattern CORE_FLOAT = Pattern.compile(
            "[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");

    private PlainScalars() {}

    /**
     * The node a plain scalar stands for; empty when it is a number not written in plain decimal
     * ({@link ReadingRule#NUMBER_FORM}).
     */
    static Optional<JsonNode> resolve(String plain) {
        if (NULLS.contains(plain)) {
            return Optional.of(NullNode.instance);
        }
        if (TRUES.contains(plain) || FALSES.contains(plain)) {
            return Optional.of(BooleanNode.valueOf(TRUES.contains(plain)));
        }
        if (PLAIN_DECIMAL.matcher(plain).matches()) {
            return Optional.of(Numbers.integer(plain));
        }
        if (OTHER_CORE_INTEGER.matcher(plain).matches() || isYaml11Number(plain, Resolver.INT)) {
            return Optional.empty();
        }
        if (CORE_FLOAT.matcher(plain).matches()) {
            return Optional.of(Numbers.NON_INTEGER);
        }
        if (isYaml11Number(plain, Resolver.FLOAT)) {
            return Optional.empty();
        }
        return Optional.of(TextNode.valueOf(plain));
    }

    /**
     * SnakeYAML's YAML 1.1 pattern, except for sexagesimal forms: its {@code (?::[0-5]?[0-9])+} recurses
     * once per repetition and overflows the stack on a long {@code 1:1:1...}, so a scalar with a colon
     * is matched against {@link #SEXAGESIMAL_LIKE} instead, which uses only character classes.
     */
    private static boolean isYaml11Number(String plain, Pattern yaml11) {
        return plain.indexOf(':') >= 0
                ? SEXAGESIMAL_LIKE.matcher(plain).matches()
                : yaml11.matcher(plain).matches();
    }
}
