package io.dpone.testkit.acceptance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Writes the acceptance receipt of one backend's test class: per scenario test its name, whether
 * it passed (or failed, aborted, was disabled), the outcome of every attempt, the backend, the
 * ClickHouse version, the fixture configuration digest and the git commit; marked
 * {@code evidence_scope: local_synthetic} and {@code evidence_status: UNVERIFIED}, because a run
 * of the testkit's own fixture certifies no deployment. A failure is named by its type only, never
 * its message, so no host, credential, value, SQL or path can reach the file. The same extension
 * serves every backend (docs/testkit/acceptance.md, "The receipt").
 */
public final class AcceptanceReceiptExtension implements TestWatcher, AfterAllCallback {
    static final String SCHEMA = "dpone.acceptance-receipt/v1";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(AcceptanceReceiptExtension.class);
    private static final String RESULTS = "results";

    private record Result(String scenario, String test, String status, Optional<String> failure) {
    }

    /** Instantiated by JUnit through {@link AcceptanceReceipt}. */
    public AcceptanceReceiptExtension() {
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        add(context, "passed", Optional.empty());
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        add(context, "failed", Optional.of(cause.getClass().getName()));
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        add(context, "aborted", Optional.of(cause.getClass().getName()));
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        add(context, "disabled", Optional.empty());
    }

    private static void add(ExtensionContext context, String status, Optional<String> failure) {
        Method method = context.getRequiredTestMethod();
        AcceptanceScenario scenario = method.getAnnotation(AcceptanceScenario.class);
        if (scenario != null) {
            results(context.getParent().orElseThrow()).add(new Result(scenario.value(), method.getName(), status, failure));
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Result> results(ExtensionContext classContext) {
        return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(RESULTS, key -> new CopyOnWriteArrayList<Result>(),
                List.class);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        Class<?> testClass = context.getRequiredTestClass();
        AcceptanceReceipt receipt = testClass.getAnnotation(AcceptanceReceipt.class);
        if (receipt == null) {
            throw new IllegalStateException("use @AcceptanceReceipt on the test class");
        }
        List<Result> results = new ArrayList<>(results(context));
        if (results.isEmpty()) {
            return;
        }
        results.sort(Comparator.comparing(Result::scenario));
        Optional<String> commit = gitCommit();
        List<Map<String, Object>> scenarios = new ArrayList<>();
        for (Result result : results) {
            Optional<AcceptanceReceipts.Run> run = AcceptanceReceipts.recorded(testClass, result.scenario());
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", result.scenario());
            entry.put("test", result.test());
            entry.put("passed", result.status().equals("passed"));
            entry.put("status", result.status());
            result.failure().ifPresent(type -> entry.put("failure_type", type));
            entry.put("outcomes", run.map(AcceptanceReceipts.Run::outcomes).orElse(List.of()));
            entry.put("backend", run.map(r -> r.backend().name()).orElse(receipt.backend()));
            entry.put("clickhouse_version", run.map(r -> r.backend().serverVersion()).orElse(null));
            entry.put("fixture_config_digest", run.map(r -> r.backend().fixtureDigest()).orElse(null));
            entry.put("git_commit", commit.orElse(null));
            scenarios.add(entry);
        }
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("schema", SCHEMA);
        document.put("suite", receipt.suite());
        document.put("backend", receipt.backend());
        document.put("test_class", testClass.getSimpleName());
        document.put("git_commit", commit.orElse(null));
        document.put("generated_at", Instant.now().toString());
        document.put("evidence_scope", "local_synthetic");
        document.put("evidence_status", "UNVERIFIED");
        document.put("passed", results.stream().allMatch(result -> result.status().equals("passed")));
        document.put("scenarios", scenarios);
        Path file = directory().resolve(receipt.file());
        Files.createDirectories(file.getParent());
        Files.writeString(file, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(document)
                + "\n", StandardCharsets.UTF_8);
    }

    /** {@code target/acceptance} of the module under test (Surefire runs in the module's directory). */
    static Path directory() {
        return Path.of(System.getProperty("basedir", ".")).resolve("target").resolve("acceptance");
    }

    /** {@code GITHUB_SHA} in CI, else {@code git rev-parse HEAD}; empty outside a checkout. */
    static Optional<String> gitCommit() {
        String sha = System.getenv("GITHUB_SHA");
        if (sha != null && sha.matches("[0-9a-f]{40}")) {
            return Optional.of(sha);
        }
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
            if (!git.waitFor(5, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return Optional.empty();
            }
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return git.exitValue() == 0 && out.matches("[0-9a-f]{40}") ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
