package io.dpone.spi.decision;

import static io.dpone.spi.manifest.Manifests.accepted;
import static io.dpone.spi.manifest.Manifests.fixture;
import static io.dpone.spi.manifest.Manifests.withCluster;
import static io.dpone.spi.manifest.Manifests.yaml;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.manifest.ReplicationMode;
import io.dpone.spi.manifest.SinkManifest;
import io.dpone.spi.publication.HostEnvironment;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StaticAdmissionPolicyTest {
    private static final HostEnvironment NO_ENV = HostEnvironment.empty();
    private final FakeProvider internal = new FakeProvider(ReplicationMode.INTERNAL);
    private final FakeProvider external = new FakeProvider(ReplicationMode.EXTERNAL);
    private final StaticAdmissionPolicy both = new StaticAdmissionPolicy(List.of(internal, external));

    private static List<DponeErrorCode> codes(StaticDecision decision) {
        return decision.blockers().stream().map(Blocker::code).toList();
    }

    @Test
    void admittedInternalRequestIsSelectedExactlyAsTheReferenceDocument() {
        StaticDecision decision = both.decide(accepted(fixture("cluster-internal.yaml")), NO_ENV);
        assertEquals(
                new StaticDecision(
                        true, true, "cluster_internal", Optional.of(ReplicationMode.INTERNAL), true, true, List.of()),
                decision);
        assertEquals(1, internal.admissions());
        assertEquals(0, external.admissions());
    }

    @Test
    void externalRequestGoesOnlyToTheExternalProvider() {
        StaticDecision decision = both.decide(accepted(fixture("cluster-external.yaml")), NO_ENV);
        assertEquals("cluster_external", decision.mode());
        assertTrue(decision.selected());
        assertEquals(0, internal.admissions());
        assertEquals(1, external.admissions());
    }

    @Test
    void absentProviderBlocksAndKeepsTheRequestedModeWithoutFallback() {
        StaticAdmissionPolicy internalOnly = new StaticAdmissionPolicy(List.of(internal));
        StaticDecision decision = internalOnly.decide(accepted(fixture("cluster-external.yaml")), NO_ENV);
        assertEquals(List.of(DponeErrorCode.PUBLICATION_PROVIDER_UNAVAILABLE), codes(decision));
        assertEquals("cluster_external", decision.mode());
        assertTrue(decision.requested());
        assertFalse(decision.selected());
        assertTrue(decision.noFallback());
        assertEquals(0, internal.admissions());
    }

    @Test
    void twoProvidersForOneModeAreABlockerNotAChoice() {
        StaticAdmissionPolicy ambiguous =
                new StaticAdmissionPolicy(List.of(internal, new FakeProvider(ReplicationMode.INTERNAL)));
        StaticDecision decision = ambiguous.decide(accepted(fixture("cluster-internal.yaml")), NO_ENV);
        assertEquals(List.of(DponeErrorCode.PUBLICATION_PROVIDER_AMBIGUOUS), codes(decision));
        assertEquals(Optional.empty(), ambiguous.providerFor(ReplicationMode.INTERNAL));
    }

    @Test
    void manifestWithoutClusterIsNotRequestedAndNeverSelectedAsLocal() {
        SinkManifest local = accepted(
                yaml("sink: {target: {database: d, table: t}, strategy: {mode: full_refresh, max_source_bytes: 1}}"));
        StaticDecision decision = both.decide(local, NO_ENV);
        assertFalse(decision.requested());
        assertFalse(decision.selected());
        assertFalse(decision.runtimeAdmissionRequired());
        assertEquals("local", decision.mode());
        assertEquals(List.of(DponeErrorCode.CLUSTER_PUBLICATION_NOT_REQUESTED), codes(decision));
    }

    @Test
    void hostCommonBlockersComeFirstInAStableOrderThenTheProvidersOwn() {
        Blocker providerBlocker = new Blocker(DponeErrorCode.EXTERNAL_LINEAGE_UNSUPPORTED, "provider says no");
        StaticAdmissionPolicy policy = new StaticAdmissionPolicy(
                List.of(new FakeProvider(ReplicationMode.INTERNAL, List.of(providerBlocker))));
        SinkManifest manifest = accepted(yaml("""
                sink:
                  target: {database: d, table: t}
                  strategy: {mode: full_refresh, max_source_bytes: 1}
                  options:
                    staging: staging_database
                    access_table: orders_view
                    external_artifact_store_path: /srv/store
                    physical_design: {storage: {clickhouse: {cluster: {name: c, ddl_scope: local, external_content_row_budget: 5}}}}
                """));
        assertEquals(
                List.of(
                        DponeErrorCode.CLUSTER_DDL_SCOPE_NOT_CLUSTER,
                        DponeErrorCode.CLUSTER_STAGING_NOT_TARGET_LOCAL,
                        DponeErrorCode.CLUSTER_ACCESS_TABLE_UNSUPPORTED,
                        DponeErrorCode.CLUSTER_MODE_OPTION_CONFLICT,
                        DponeErrorCode.EXTERNAL_LINEAGE_UNSUPPORTED),
                codes(policy.decide(manifest, NO_ENV)));
    }

    @Test
    void omittedDdlScopeIsLocalAndBlocksClusterPublication() {
        StaticDecision decision = both.decide(accepted(fixture("blocked-ddl-scope-local.yaml")), NO_ENV);
        assertEquals(List.of(DponeErrorCode.CLUSTER_DDL_SCOPE_NOT_CLUSTER), codes(decision));
        assertEquals("cluster_internal", decision.mode());
    }

    @Test
    void externalOnlyBudgetIsNoConflictInExternalMode() {
        SinkManifest manifest = accepted(yaml(withCluster(
                "name: c\nddl_scope: cluster\nreplication_mode: external\nexternal_content_row_budget: 7")));
        assertEquals(List.of(), codes(both.decide(manifest, NO_ENV)));
    }
}
