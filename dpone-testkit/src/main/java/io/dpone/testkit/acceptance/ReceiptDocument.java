package io.dpone.testkit.acceptance;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The acceptance receipt of one test class at one moment, and one scenario's report, as JSON
 * trees (docs/testkit/acceptance.md, "The receipt"). Pure. Every scenario test the class declares
 * has a row: its result, {@code running} while it runs, {@code not_run} before (or when the run
 * ended without it); only {@code passed} rows count as passes, and the totals count every status
 * apart, so a replaced, partial or refused scenario never reads as passed.
 */
record ReceiptDocument(
        AcceptanceReceipt receipt,
        String testClass,
        Optional<String> commit,
        Instant generatedAt,
        SortedSet<String> declared,
        Map<String, ScenarioResult> results,
        Optional<String> running,
        boolean complete) {
    /** Every row status, in the order the totals list them. */
    static final List<String> STATUSES = List.of(
            "passed",
            "partial",
            "replaced",
            "not_run_on_product",
            "unrecorded",
            "failed",
            "aborted",
            "disabled",
            "running",
            "not_run");

    ReceiptDocument {
        requireNonNull(receipt, "receipt is null");
        requireNonNull(testClass, "testClass is null");
        requireNonNull(commit, "commit is null");
        requireNonNull(generatedAt, "generatedAt is null");
        declared = new TreeSet<>(requireNonNull(declared, "declared is null"));
        results = Map.copyOf(requireNonNull(results, "results is null"));
        requireNonNull(running, "running is null");
    }

    Map<String, Object> receiptTree() {
        SortedSet<String> names = new TreeSet<>(declared);
        names.addAll(results.keySet());
        Map<String, Long> totals = new LinkedHashMap<>();
        STATUSES.forEach(status -> totals.put(status, 0L));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String name : names) {
            Map<String, Object> row = row(name);
            totals.merge((String) row.get("status"), 1L, Long::sum);
            rows.add(row);
        }
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("scenarios", (long) names.size());
        counts.putAll(totals);
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("schema", AcceptanceReceiptExtension.SCHEMA);
        document.put("suite", receipt.suite());
        document.put("backend", receipt.backend());
        document.put("test_class", testClass);
        document.put("git_commit", commit.orElse(null));
        document.put("generated_at", generatedAt.toString());
        document.put("evidence_scope", "local_synthetic");
        document.put("evidence_status", "UNVERIFIED");
        document.put("complete", complete);
        document.put("running", running.orElse(null));
        document.put("every_scenario_passed", complete && totals.get("passed") == names.size());
        document.put(
                "every_test_green",
                complete
                        && results.size() == names.size()
                        && results.values().stream()
                                .allMatch(result -> result.status() == ScenarioResult.TestStatus.PASSED));
        document.put("totals", counts);
        document.put("scenarios", rows);
        return document;
    }

    /** One scenario's report: its receipt row plus the failure's types and frames, for the run that is cut short. */
    Map<String, Object> scenarioReport(String scenario) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("schema", AcceptanceReceiptExtension.SCHEMA + "/scenario");
        report.put("suite", receipt.suite());
        report.put("test_class", testClass);
        report.put("generated_at", generatedAt.toString());
        report.putAll(row(scenario));
        Optional.ofNullable(results.get(scenario))
                .filter(result -> !result.failureTrace().isEmpty())
                .ifPresent(result -> report.put("failure_trace", result.failureTrace()));
        return report;
    }

    private Map<String, Object> row(String name) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("name", name);
        ScenarioResult result = results.get(name);
        if (result == null) {
            String status = running.filter(name::equals).isPresent() ? "running" : "not_run";
            row.put("status", status);
            row.put("passed", false);
            row.put("test_passed", false);
            return row;
        }
        String status = result.rowStatus();
        row.put("test", result.test());
        row.put("status", status);
        row.put("passed", status.equals("passed"));
        row.put("test_passed", result.status() == ScenarioResult.TestStatus.PASSED);
        result.failureType().ifPresent(type -> row.put("failure_type", type));
        result.run().ifPresent(run -> coverage(row, run.coverage()));
        row.put("outcomes", result.run().map(AcceptanceReceipts.Run::outcomes).orElse(List.of()));
        Optional<AcceptanceReceipts.Backend> backend = result.run().flatMap(AcceptanceReceipts.Run::backend);
        row.put("backend", backend.map(AcceptanceReceipts.Backend::name).orElse(receipt.backend()));
        row.put(
                "clickhouse_version",
                backend.map(AcceptanceReceipts.Backend::serverVersion).orElse(null));
        row.put(
                "fixture_config_digest",
                backend.map(AcceptanceReceipts.Backend::fixtureDigest).orElse(null));
        row.put("git_commit", commit.orElse(null));
        row.put("elapsed_ms", result.elapsed().toMillis());
        return row;
    }

    private static void coverage(Map<String, Object> row, ScenarioCoverage coverage) {
        if (coverage instanceof ScenarioCoverage.Partial partial) {
            row.put("sub_cases_run", partial.ran());
            row.put("sub_cases_not_run", partial.notRun());
        } else if (coverage instanceof ScenarioCoverage.Replaced replaced) {
            row.put("replaced_by", replaced.instead());
        } else if (coverage instanceof ScenarioCoverage.NotRunOnProduct refused) {
            row.put("not_run_because", refused.why());
        }
    }
}
