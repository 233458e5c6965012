package io.dpone.spi.manifest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Generated manifests: random trees (keys, types, nesting, sizes, unicode) and single mutations of
 * the valid fixtures, so both the outer and the deepest schema branches are exercised. Every
 * generated string value starts with {@link #MARKER}, so a report that echoes a value is detectable.
 */
public final class ManifestArbitraries {
    /** Contains a hyphen, so it can never be part of a plain-identifier key, which a report may name. */
    public static final String MARKER = "SECRET-VALUE";

    private static final List<String> SCHEMA_KEYS = List.of(
            "options",
            "lineage",
            "sink",
            "target",
            "database",
            "table",
            "strategy",
            "mode",
            "max_source_bytes",
            "staging",
            "access_table",
            "external_artifact_store_path",
            "physical_design",
            "storage",
            "clickhouse",
            "engine",
            "cluster",
            "name",
            "ddl_scope",
            "replication_mode",
            "external_content_row_budget");
    private static final List<String> SCHEMA_TOKENS = List.of(
            "full_refresh",
            "cluster",
            "local",
            "internal",
            "external",
            "target_local",
            "staging_database",
            "MergeTree",
            "ReplicatedMergeTree",
            "Distributed",
            "/abs/store",
            "rel/store");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper YAML = new YAMLMapper();

    private ManifestArbitraries() {}

    /** Keys that read like a path, a host or a credential; each carries {@link #MARKER}, so an echo is detectable. */
    public static final List<String> HOSTILE_KEYS = List.of(
            "/home/alice/.ssh/id_rsa" + MARKER,
            "user:" + MARKER + "@host:9000",
            "https://bob:" + MARKER + "@db.example.com:8443/x",
            "password=" + MARKER,
            "C:\\Users\\" + MARKER,
            "~/" + MARKER,
            MARKER + ".internal.example.com",
            "../../" + MARKER,
            MARKER + " key",
            MARKER + "\u200b",
            MARKER + "\t",
            MARKER + "/x");

    public static Arbitrary<String> keys() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.of(SCHEMA_KEYS)),
                net.jqwik.api.Tuple.of(3, Arbitraries.strings().all().ofMaxLength(80)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(HOSTILE_KEYS)));
    }

    public static Arbitrary<Object> scalars() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(
                        4, Arbitraries.strings().all().ofMaxLength(200).map(s -> MARKER + s)),
                net.jqwik.api.Tuple.of(
                        1,
                        Arbitraries.strings()
                                .withCharRange('a', 'z')
                                .ofMinLength(1_000)
                                .ofMaxLength(60_000)
                                .map(s -> MARKER + s)),
                net.jqwik.api.Tuple.of(4, Arbitraries.of(SCHEMA_TOKENS).map(Object.class::cast)),
                net.jqwik.api.Tuple.of(3, Arbitraries.longs().map(Object.class::cast)),
                net.jqwik.api.Tuple.of(
                        1,
                        Arbitraries.bigIntegers()
                                .between(BigInteger.TWO.pow(70).negate(), BigInteger.TWO.pow(70))
                                .map(Object.class::cast)),
                net.jqwik.api.Tuple.of(2, Arbitraries.doubles().map(Object.class::cast)),
                net.jqwik.api.Tuple.of(2, Arbitraries.of(true, false).map(Object.class::cast)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(null)));
    }

    /** Any JSON value up to {@code depth} levels of nesting. */
    public static Arbitrary<Object> values(int depth) {
        if (depth == 0) {
            return scalars();
        }
        Arbitrary<Object> child = Arbitraries.lazy(() -> values(depth - 1));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, scalars()),
                net.jqwik.api.Tuple.of(
                        2,
                        Arbitraries.maps(keys(), child)
                                .ofMaxSize(6)
                                .map(LinkedHashMap::new)
                                .map(Object.class::cast)),
                net.jqwik.api.Tuple.of(1, child.list().ofMaxSize(5).map(Object.class::cast)));
    }

    /** A whole random document, usually a mapping at the root. */
    public static Arbitrary<Object> randomDocuments() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(
                        4,
                        Arbitraries.maps(keys(), values(5))
                                .ofMaxSize(5)
                                .map(LinkedHashMap::new)
                                .map(Object.class::cast)),
                net.jqwik.api.Tuple.of(1, values(3)));
    }

    /** One of the valid fixtures with one random edit: delete, replace or add at a random mapping. */
    public static Arbitrary<Object> mutatedFixtures() {
        Arbitrary<String> fixture =
                Arbitraries.of("cluster-internal.yaml", "cluster-external.yaml", "cluster-external.json");
        return Combinators.combine(
                        fixture,
                        Arbitraries.integers().between(0, 1000),
                        Arbitraries.integers().between(0, 2),
                        keys(),
                        values(2))
                .as(ManifestArbitraries::mutate);
    }

    /** Serializes a generated document as manifest text in the given format. */
    public static byte[] text(Object document, ManifestFormat format) {
        try {
            return (format == ManifestFormat.JSON ? JSON : YAML).writeValueAsBytes(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Object mutate(String fixture, int position, int edit, String key, Object value) {
        Map<String, Object> root = load(fixture);
        List<Map<String, Object>> mappings = new ArrayList<>();
        collect(root, mappings);
        Map<String, Object> target = mappings.get(position % mappings.size());
        List<String> existing = new ArrayList<>(target.keySet());
        if (edit == 0 && !existing.isEmpty()) {
            target.remove(existing.get(position % existing.size()));
        } else if (edit == 1 && !existing.isEmpty()) {
            target.put(existing.get(position % existing.size()), value);
        } else {
            target.put(key, value);
        }
        return root;
    }

    @SuppressWarnings("unchecked")
    private static void collect(Object node, List<Map<String, Object>> into) {
        if (node instanceof Map<?, ?> map) {
            into.add((Map<String, Object>) map);
            map.values().forEach(child -> collect(child, into));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> load(String fixture) {
        try {
            byte[] text = Files.readAllBytes(Manifests.FIXTURES.resolve(fixture));
            return (fixture.endsWith(".json") ? JSON : YAML).readValue(text, LinkedHashMap.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
