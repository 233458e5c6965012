package io.dpone.spi.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.spi.decision.FakeProvider;
import io.dpone.spi.decision.StaticAdmissionPolicy;
import io.dpone.spi.decision.StaticDecision;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.publication.HostEnvironment;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Every input yields either a decision or a stable schema error: no exception escapes, reports are
 * bounded, and no generated value is echoed into a report.
 */
class ManifestFuzzTest {
    private static final Set<DponeErrorCode> SCHEMA_CODES = Set.of(DponeErrorCode.MANIFEST_SCHEMA_INVALID, DponeErrorCode.MANIFEST_UNREADABLE);
    private final ManifestReader reader = new ManifestReader();
    private final List<StaticAdmissionPolicy> policies = List.of(
            new StaticAdmissionPolicy(List.of(new FakeProvider(io.dpone.spi.manifest.ReplicationMode.INTERNAL),
                    new FakeProvider(io.dpone.spi.manifest.ReplicationMode.EXTERNAL))),
            new StaticAdmissionPolicy(List.of()));

    @Provide
    Arbitrary<Object> documents() {
        return Arbitraries.oneOf(ManifestArbitraries.randomDocuments(), ManifestArbitraries.mutatedFixtures());
    }

    @Property
    void generatedDocumentsYieldADecisionOrAStableSchemaError(@ForAll("documents") Object document,
            @ForAll ManifestFormat format) {
        ManifestReadResult result = reader.read(ManifestArbitraries.text(document, format), format);
        Statistics.collect(result instanceof ManifestReadResult.Accepted ? "accepted" : ((ManifestReadResult.Rejected) result).code().name());
        assertDecidedOrRejected(result);
        // The generator must reach the admission policy, not only the outer schema checks.
        Statistics.coverage(coverage -> coverage.check("accepted").percentage(percentage -> percentage > 5.0));
    }

    @Property
    void arbitraryTextYieldsADecisionOrAStableSchemaError(@ForAll String text, @ForAll ManifestFormat format) {
        assertDecidedOrRejected(reader.read(text.getBytes(StandardCharsets.UTF_8), format));
    }

    @Property
    void arbitraryBytesYieldADecisionOrAStableSchemaError(@ForAll byte[] bytes, @ForAll ManifestFormat format) {
        assertDecidedOrRejected(reader.read(bytes, format));
    }

    private void assertDecidedOrRejected(ManifestReadResult result) {
        if (result instanceof ManifestReadResult.Accepted accepted) {
            for (StaticAdmissionPolicy policy : policies) {
                StaticDecision decision = policy.decide(accepted.manifest(), HostEnvironment.empty());
                assertTrue(decision.noFallback());
                assertEquals(decision.selected(), decision.requested() && decision.blockers().isEmpty());
            }
            return;
        }
        ManifestReadResult.Rejected rejected = (ManifestReadResult.Rejected) result;
        assertTrue(SCHEMA_CODES.contains(rejected.code()));
        assertTrue(rejected.violations().size() <= 50);
        for (SchemaViolation violation : rejected.violations()) {
            assertFalse(violation.path().contains(ManifestArbitraries.MARKER), violation.path());
            assertFalse(violation.problem().contains(ManifestArbitraries.MARKER), violation.problem());
            assertTrue(violation.path().length() <= 16 * (Pointers.MAX_UNKNOWN_KEY * 6 + 8), "path is bounded");
        }
    }
}
