package io.dpone.testkit.acceptance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Writes the acceptance receipt of one backend's test class ({@link ReceiptDocument}): per scenario
 * test its status, what a green test proved, the outcome of every attempt, the backend, the
 * ClickHouse version, the fixture configuration digest and the git commit; marked
 * {@code evidence_scope: local_synthetic} and {@code evidence_status: UNVERIFIED}, because a run
 * of the testkit's own fixture certifies no deployment. The same extension serves every backend.
 *
 * <p>The receipt is replaced atomically before each scenario (naming the one running) and after it,
 * and each scenario's report ({@code <file stem>/<scenario>.json}) is written when it ends, so a run
 * killed in the middle of a class keeps everything that ran and says which scenario it was in; the
 * receipt says {@code complete: true} only once the class has ended. A failure is named by its types
 * and frames only, never a message, so no host, credential, value, SQL or path can reach the files
 * (docs/testkit/acceptance.md, "The receipt").
 */
public final class AcceptanceReceiptExtension implements BeforeTestExecutionCallback, TestWatcher, AfterAllCallback {
    /** The {@code schema} every receipt and scenario report names. */
    public static final String SCHEMA = "dpone.acceptance-receipt/v2";
    /** JUnit configuration parameter: where receipts go instead of {@code target/acceptance} (tests of this extension). */
    public static final String DIRECTORY_PARAMETER = "dpone.acceptance.directory";

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(AcceptanceReceiptExtension.class);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What the class has reported so far; guarded by itself. */
    private static final class Progress {
        final Map<String, ScenarioResult> results = new LinkedHashMap<>();
        final Map<String, Instant> started = new HashMap<>();
        Optional<String> running = Optional.empty();
        Optional<String> commit;
        SortedSet<String> declared;
    }

    private final Clock clock = Clock.systemUTC();

    /** Instantiated by JUnit through {@link AcceptanceReceipt}. */
    public AcceptanceReceiptExtension() {}

    @Override
    public void beforeTestExecution(ExtensionContext context) {
        scenarioOf(context).ifPresent(scenario -> {
            ExtensionContext classContext = context.getParent().orElseThrow();
            Progress progress = progress(classContext);
            synchronized (progress) {
                progress.started.put(context.getUniqueId(), clock.instant());
                progress.running = Optional.of(scenario);
                write(classContext, progress, Optional.empty());
            }
        });
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        add(context, ScenarioResult.TestStatus.PASSED, null);
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        add(context, ScenarioResult.TestStatus.FAILED, cause);
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        add(context, ScenarioResult.TestStatus.ABORTED, cause);
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        add(context, ScenarioResult.TestStatus.DISABLED, null);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Progress progress = progress(context);
        synchronized (progress) {
            progress.running = Optional.empty();
            ReceiptDocument document = document(context, progress, true);
            if (!document.results().isEmpty()) {
                replace(file(context), document.receiptTree());
            }
        }
    }

    private void add(ExtensionContext context, ScenarioResult.TestStatus status, Throwable cause) {
        Optional<String> scenario = scenarioOf(context);
        if (scenario.isEmpty()) {
            return;
        }
        ExtensionContext classContext = context.getParent().orElseThrow();
        Progress progress = progress(classContext);
        synchronized (progress) {
            Instant start = progress.started.getOrDefault(context.getUniqueId(), clock.instant());
            progress.results.put(
                    scenario.get(),
                    new ScenarioResult(
                            scenario.get(),
                            context.getRequiredTestMethod().getName(),
                            status,
                            cause == null ? List.of() : ScenarioResult.trace(cause),
                            AcceptanceReceipts.recorded(classContext.getRequiredTestClass(), scenario.get()),
                            Duration.between(start, clock.instant())));
            progress.running = Optional.empty();
            write(classContext, progress, scenario);
        }
    }

    /** The receipt, and the report of {@code ended} when a scenario just ended. */
    private void write(ExtensionContext classContext, Progress progress, Optional<String> ended) {
        ReceiptDocument document = document(classContext, progress, false);
        replace(file(classContext), document.receiptTree());
        ended.ifPresent(scenario -> replace(reportFile(classContext, scenario), document.scenarioReport(scenario)));
    }

    private ReceiptDocument document(ExtensionContext classContext, Progress progress, boolean complete) {
        Class<?> testClass = classContext.getRequiredTestClass();
        if (progress.declared == null) {
            progress.declared = declaredScenarios(testClass);
            progress.commit = gitCommit();
        }
        return new ReceiptDocument(
                annotation(testClass),
                testClass.getSimpleName(),
                progress.commit,
                clock.instant(),
                progress.declared,
                progress.results,
                progress.running,
                complete);
    }

    private static void replace(Path file, Map<String, Object> tree) {
        try {
            AtomicFiles.replace(file, JSON.writeValueAsString(tree) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the acceptance receipt", e);
        }
    }

    private static Optional<String> scenarioOf(ExtensionContext context) {
        return context.getTestMethod()
                .map(method -> method.getAnnotation(AcceptanceScenario.class))
                .map(AcceptanceScenario::value);
    }

    private static Progress progress(ExtensionContext classContext) {
        return classContext
                .getStore(NAMESPACE)
                .getOrComputeIfAbsent(Progress.class, key -> new Progress(), Progress.class);
    }

    private static AcceptanceReceipt annotation(Class<?> testClass) {
        AcceptanceReceipt receipt = testClass.getAnnotation(AcceptanceReceipt.class);
        if (receipt == null) {
            throw new IllegalStateException("use @AcceptanceReceipt on the test class");
        }
        return receipt;
    }

    /** Every scenario the class's tests stand for, inherited ones included. */
    static SortedSet<String> declaredScenarios(Class<?> testClass) {
        SortedSet<String> names = new TreeSet<>();
        for (Class<?> type = testClass; type != null && type != Object.class; type = type.getSuperclass()) {
            for (Method method : type.getDeclaredMethods()) {
                AcceptanceScenario scenario = method.getAnnotation(AcceptanceScenario.class);
                if (scenario != null && method.isAnnotationPresent(Test.class)) {
                    names.add(scenario.value());
                }
            }
        }
        return names;
    }

    private static Path file(ExtensionContext context) {
        return directory(context)
                .resolve(annotation(context.getRequiredTestClass()).file());
    }

    private static Path reportFile(ExtensionContext context, String scenario) {
        String file = annotation(context.getRequiredTestClass()).file();
        String stem = file.endsWith(".json") ? file.substring(0, file.length() - ".json".length()) : file;
        return directory(context).resolve(stem).resolve(scenario + ".json");
    }

    private static Path directory(ExtensionContext context) {
        return context.getConfigurationParameter(DIRECTORY_PARAMETER)
                .map(Path::of)
                .orElseGet(AcceptanceReceiptExtension::directory);
    }

    /** {@code target/acceptance} of the module under test (Surefire runs in the module's directory). */
    public static Path directory() {
        return Path.of(System.getProperty("basedir", ".")).resolve("target").resolve("acceptance");
    }

    /** {@code GITHUB_SHA} in CI, else {@code git rev-parse HEAD}; empty outside a checkout. */
    static Optional<String> gitCommit() {
        String sha = System.getenv("GITHUB_SHA");
        if (sha != null && sha.matches("[0-9a-f]{40}")) {
            return Optional.of(sha);
        }
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD")
                    .redirectErrorStream(true)
                    .start();
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
