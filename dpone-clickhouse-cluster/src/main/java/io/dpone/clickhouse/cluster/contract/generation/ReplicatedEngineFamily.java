package io.dpone.clickhouse.cluster.contract.generation;

import io.dpone.spi.manifest.TableEngines;
import java.util.Optional;

/**
 * The admitted {@code Replicated*MergeTree} family applied to an observed, normalized
 * {@code engine_full} (spec section 2, "Engines belong to the admitted Replicated*MergeTree
 * family"). The family itself is {@link TableEngines#isDirectReplicated(String)}, the same list
 * the manifest check uses, so a declared engine and an observed one are judged alike. Engine
 * names are case-sensitive, as the server treats them.
 */
public final class ReplicatedEngineFamily {
    private ReplicatedEngineFamily() {}

    /** True when the engine name {@code engine_full} starts with is a direct Replicated*MergeTree. */
    public static boolean admits(String normalizedEngineFull) {
        return engineName(normalizedEngineFull)
                .filter(TableEngines::isDirectReplicated)
                .isPresent();
    }

    /**
     * The leading engine name: identifier characters up to the end, an opening parenthesis or a
     * space (the server renders {@code Name(args) ORDER BY ...}). Empty for anything else, so
     * {@code ReplicatedMergeTreeX(} or a leading space never passes as a family member.
     */
    static Optional<String> engineName(String engineFull) {
        int end = 0;
        while (end < engineFull.length() && isIdentifierChar(engineFull.charAt(end))) {
            end++;
        }
        if (end == 0 || (end < engineFull.length() && engineFull.charAt(end) != '(' && engineFull.charAt(end) != ' ')) {
            return Optional.empty();
        }
        return Optional.of(engineFull.substring(0, end));
    }

    private static boolean isIdentifierChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }
}
