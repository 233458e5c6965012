package io.dpone.spi.manifest;

import static io.dpone.spi.manifest.Manifests.accepted;
import static io.dpone.spi.manifest.Manifests.fixture;
import static io.dpone.spi.manifest.Manifests.json;
import static io.dpone.spi.manifest.Manifests.rejected;
import static io.dpone.spi.manifest.Manifests.withCluster;
import static io.dpone.spi.manifest.Manifests.yaml;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.error.DponeErrorCode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ManifestReaderTest {
    @Test
    void internalFixtureIsTypedExactly() {
        SinkManifest manifest = accepted(fixture("cluster-internal.yaml"));
        assertEquals(new SinkTarget("analytics", "orders"), manifest.target());
        assertEquals(1_073_741_824L, manifest.maxSourceBytes());
        assertEquals(StrategyMode.FULL_REFRESH, manifest.strategyMode());
        assertTrue(manifest.lineage());
        assertEquals(Optional.of("ReplicatedMergeTree"), manifest.engine());
        assertEquals(
                new ClusterSpec("analytics_cluster", DdlScope.CLUSTER, ReplicationMode.INTERNAL, OptionalLong.empty()),
                manifest.cluster().orElseThrow());
    }

    @Test
    void yamlAndJsonFixturesOfExternalModeAgree() {
        SinkManifest fromYaml = accepted(fixture("cluster-external.yaml"));
        SinkManifest fromJson = accepted(fixture("cluster-external.json"));
        assertEquals(
                fromYaml.cluster().orElseThrow().contentRowBudget(),
                fromJson.cluster().orElseThrow().contentRowBudget());
        assertEquals(fromYaml.externalArtifactStorePath(), fromJson.externalArtifactStorePath());
        assertEquals(ReplicationMode.EXTERNAL, fromJson.cluster().orElseThrow().replicationMode());
        assertFalse(fromJson.lineage());
    }

    @Test
    void omittedClusterFieldsTakeTheReferenceDefaults() {
        ClusterSpec cluster = accepted(yaml(withCluster("name: c1"))).cluster().orElseThrow();
        assertEquals(DdlScope.LOCAL, cluster.ddlScope());
        assertEquals(ReplicationMode.INTERNAL, cluster.replicationMode());
        assertEquals(100_000L, cluster.contentRowBudget());
        assertEquals(OptionalLong.empty(), cluster.explicitContentRowBudget());
    }

    @Test
    void omittedOptionsMeanLineageOnTargetLocalStagingAndNoCluster() {
        SinkManifest manifest = accepted(
                yaml("sink: {target: {database: d, table: t}, strategy: {mode: full_refresh, max_source_bytes: 1}}"));
        assertTrue(manifest.lineage());
        assertEquals(StagingLocation.TARGET_LOCAL, manifest.staging());
        assertEquals(Optional.empty(), manifest.cluster());
    }

    @Test
    void unknownKeysAreReportedAtEveryLevelWithTheirPointer() {
        List<String> paths = rejected(fixture("invalid-unknown-keys.yaml")).violations().stream()
                .map(SchemaViolation::path)
                .toList();
        assertEquals(
                List.of(
                        "/sink/strategy/force_replay",
                        "/sink/options/physical_design/storage/clickhouse/cluster/fallback",
                        "/sink/options/physical_design/storage/clickhouse/cluster/cleanup_older_than"),
                paths);
    }

    @Test
    void relativeArtifactStorePathIsSchemaInvalid() {
        ManifestReadResult.Rejected rejected = rejected(fixture("invalid-relative-store.yaml"));
        assertEquals(DponeErrorCode.MANIFEST_SCHEMA_INVALID, rejected.code());
        assertEquals(
                "/sink/options/external_artifact_store_path",
                rejected.violations().get(0).path());
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "1.5", "'12'", "null", "true", "99999999999999999999999", "[1]"})
    void maxSourceBytesMustBeAPositiveInteger(String value) {
        ManifestReadResult.Rejected rejected = rejected(
                yaml("sink: {target: {database: d, table: t}, strategy: {mode: full_refresh, max_source_bytes: " + value
                        + "}}"));
        assertEquals(
                "/sink/strategy/max_source_bytes", rejected.violations().get(0).path());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "name: ''",
                "name: '   '",
                "name: c\nddl_scope: global",
                "name: c\nreplication_mode: hybrid",
                "name: c\nexternal_content_row_budget: 0",
                "ddl_scope: cluster",
                "name: c\nreplication_mode: External",
                "name: 7"
            })
    void clusterFieldsAreStrict(String body) {
        assertEquals(
                DponeErrorCode.MANIFEST_SCHEMA_INVALID,
                rejected(yaml(withCluster(body))).code());
    }

    @Test
    void missingRequiredSectionsAreEachReported() {
        List<String> paths = rejected(yaml("sink: {}")).violations().stream()
                .map(SchemaViolation::path)
                .toList();
        assertEquals(List.of("/sink/target", "/sink/strategy"), paths);
    }

    @Test
    void strategyOtherThanFullRefreshIsSchemaInvalid() {
        assertEquals(
                "/sink/strategy/mode",
                rejected(yaml("sink: {target: {database: d, table: t}, strategy: {mode: append, max_source_bytes: 1}}"))
                        .violations()
                        .get(0)
                        .path());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   \n", "a: 1\n---\nb: 2\n", "a: 1\na: 2\n", "{unclosed", "key: [1, 2"})
    void textThatIsNotOneDocumentIsUnreadable(String text) {
        assertEquals(DponeErrorCode.MANIFEST_UNREADABLE, rejected(yaml(text)).code());
    }

    @Test
    void jsonDuplicatesAndTrailingDocumentsAreUnreadable() {
        assertEquals(
                DponeErrorCode.MANIFEST_UNREADABLE,
                rejected(json("{\"sink\": 1, \"sink\": 2}")).code());
        assertEquals(DponeErrorCode.MANIFEST_UNREADABLE, rejected(json("{} {}")).code());
        assertEquals(
                DponeErrorCode.MANIFEST_UNREADABLE,
                rejected(json("{\"a\": NaN}")).code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"[]", "42", "'text'", "null"})
    void aRootThatIsNotAMappingIsSchemaInvalid(String text) {
        ManifestReadResult.Rejected rejected = rejected(yaml(text));
        assertEquals(
                List.of(new SchemaViolation(DponeErrorCode.MANIFEST_SCHEMA_INVALID, "", "must be a mapping")),
                rejected.violations());
    }

    @Test
    void oversizedAndInvalidUtf8InputIsUnreadable() {
        ManifestReader reader = new ManifestReader();
        assertEquals(
                DponeErrorCode.MANIFEST_UNREADABLE,
                rejected(reader.read(new byte[ManifestReader.MAX_BYTES + 1], ManifestFormat.YAML))
                        .code());
        assertEquals(
                DponeErrorCode.MANIFEST_UNREADABLE,
                rejected(reader.read(new byte[] {'a', ':', ' ', (byte) 0xC3, (byte) 0x28}, ManifestFormat.YAML))
                        .code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"yes", "no", "on", "off", "'true'", "~", "1"})
    void lineageAcceptsOnlyTheBooleansTrueAndFalse(String value) {
        ManifestReadResult.Rejected rejected = rejected(yaml("options: {lineage: " + value + "}\n"
                + "sink: {target: {database: d, table: t}, strategy: {mode: full_refresh, max_source_bytes: 1}}"));
        assertEquals("/options/lineage", rejected.violations().get(0).path());
    }

    @ParameterizedTest
    @ValueSource(strings = {"010", "0x10", "1_000", "0b101", "+0x1F", "0o17", "00", "09", "1:30", "1_000.5", "-0_7"})
    void yamlIntegersMustBePlainDecimalSoOctalCannotShrinkABound(String value) {
        ManifestReadResult.Rejected rejected = rejected(
                yaml("sink: {target: {database: d, table: t}, strategy: {mode: full_refresh, max_source_bytes: " + value
                        + "}}"));
        assertEquals(DponeErrorCode.MANIFEST_UNREADABLE, rejected.code());
        assertEquals(
                ReadingRule.NUMBER_FORM.sentence(), rejected.violations().get(0).problem());
        assertEquals(
                "/sink/strategy/max_source_bytes", rejected.violations().get(0).path());
    }

    @Test
    void plainDecimalWithSignIsAnInteger() {
        assertEquals(
                5L,
                accepted(
                                yaml(
                                        "sink: {target: {database: d, table: t}, strategy: {mode: full_refresh, max_source_bytes: +5}}"))
                        .maxSourceBytes());
    }

    @Test
    void nestingBeyondTheLimitIsUnreadableInBothSyntaxes() {
        String json = "[".repeat(200) + "]".repeat(200);
        assertEquals(
                DponeErrorCode.MANIFEST_UNREADABLE,
                rejected(json("{\"sink\": " + json + "}")).code());
        assertEquals(
                DponeErrorCode.MANIFEST_UNREADABLE,
                rejected(yaml("sink: " + json)).code());
    }

    @Test
    void aliasBombIsRejectedNotExpanded() {
        StringBuilder text = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x]\n");
        for (char c = 'b'; c <= 'k'; c++) {
            char previous = (char) (c - 1);
            text.append(c)
                    .append(": &")
                    .append(c)
                    .append(" [*")
                    .append(previous)
                    .append(", *")
                    .append(previous)
                    .append("]\n");
        }
        assertEquals(
                DponeErrorCode.MANIFEST_UNREADABLE,
                rejected(yaml(text.toString())).code());
    }

    @Test
    void aliasesAreRefusedBecauseTheParserWouldReadTheAnchorName() {
        ManifestReadResult.Rejected rejected = rejected(
                yaml(
                        "sink: {target: {database: &d analytics, table: *d}, strategy: {mode: full_refresh, max_source_bytes: 1}}"));
        assertEquals(DponeErrorCode.MANIFEST_UNREADABLE, rejected.code());
        assertEquals(
                "YAML aliases are not supported in manifests",
                rejected.violations().get(0).problem());
    }

    @Test
    void violationsNeverEchoValuesAndRedactUnknownKeysThatAreNotIdentifiers() {
        String secret = "s3cr3t-PASSWORD-value";
        ManifestReadResult.Rejected rejected =
                rejected(yaml(withCluster("name: c\nddl_scope: " + secret + "\n\"k\\u0007/é\": " + secret)));
        for (SchemaViolation violation : rejected.violations()) {
            assertFalse(
                    violation.path().contains(secret) || violation.problem().contains(secret), violation.toString());
        }
        assertTrue(
                rejected.violations().stream().anyMatch(v -> v.path().endsWith("/cluster/<redacted-key>")),
                rejected.toString());
    }

    @Test
    void reportsAreBoundedForManyUnknownKeys() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            text.append("key").append(i).append(": 1\n");
        }
        List<SchemaViolation> violations = rejected(yaml(text.toString())).violations();
        assertEquals(50, violations.size());
        assertEquals("further violations were not reported", violations.get(49).problem());
    }
}
