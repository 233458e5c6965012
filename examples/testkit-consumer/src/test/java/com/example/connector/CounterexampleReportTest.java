package com.example.connector;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * A falsified suite's counterexample shows the row's fields, not its redacted {@code toString},
 * on the module path as on the class path (scripts/test-consumer runs both): the suites bring the
 * testkit's sample format through a jqwik domain.
 */
class CounterexampleReportTest {
    @Test
    void aFalsifiedRowIsReportedFieldByField(@TempDir Path database) {
        List<String> reports = new ArrayList<>();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        TestExecutionListener samples = new TestExecutionListener() {
            @Override
            public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
                reports.add(entry.getKeyValuePairs().toString());
            }
        };
        LauncherFactory.create()
                .execute(
                        LauncherDiscoveryRequestBuilder.request()
                                .selectors(selectClass(NullForFinishedNormalizerSuite.class))
                                .configurationParameter(
                                        "jqwik.database",
                                        database.resolve("jqwik.db").toString())
                                .configurationParameter("jqwik.reporting.usejunitplatform", "true")
                                .build(),
                        summary,
                        samples);

        assertTrue(summary.getSummary().getTotalFailureCount() > 0, "the wrong normalizer is caught");
        // normalizationIsTotal's sample is a whole row; the other properties' samples are raw strings
        String falsified = reports.stream()
                .filter(report -> report.contains("QueueRow"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row sample reported: " + reports));
        assertTrue(
                falsified.contains("status=\"Finished\"") && falsified.contains("exceptionCode="),
                () -> "the counterexample line names the row's fields: " + falsified);
        assertTrue(!falsified.contains("QueueRow[redacted]"), () -> "the counterexample is redacted: " + falsified);
    }
}
