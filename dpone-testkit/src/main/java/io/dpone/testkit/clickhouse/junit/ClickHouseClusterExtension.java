package io.dpone.testkit.clickhouse.junit;

import io.dpone.testkit.clickhouse.ClusterBackends;
import io.dpone.testkit.cluster.BackendAvailability;
import io.dpone.testkit.cluster.ClusterBackend;
import io.dpone.testkit.cluster.ClusterCapability;
import io.dpone.testkit.cluster.ClusterSpec;
import io.dpone.testkit.cluster.RunningCluster;
import io.dpone.testkit.cluster.TestDatabase;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Lifecycle of {@link ClickHouseCluster}: one cluster per test class, a fresh test database per
 * test, faults undone after each test, everything closed after the class. Not meant to be
 * registered on its own; use the annotation.
 */
public final class ClickHouseClusterExtension
        implements ExecutionCondition,
                BeforeAllCallback,
                AfterAllCallback,
                BeforeEachCallback,
                AfterEachCallback,
                ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(ClickHouseClusterExtension.class);
    private static final String CLUSTER = "cluster";
    private static final String DATABASE = "database";

    /** Disables scenarios whose {@link RequiresCapabilities} the selected backend lacks. */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Set<ClusterCapability> needed = EnumSet.noneOf(ClusterCapability.class);
        List<AnnotatedElement> elements = new ArrayList<>();
        context.getTestClass().ifPresent(elements::add);
        context.getTestMethod().ifPresent(elements::add);
        for (AnnotatedElement element : elements) {
            AnnotationSupport.findAnnotation(element, RequiresCapabilities.class)
                    .ifPresent(requires -> needed.addAll(List.of(requires.value())));
        }
        ClusterBackend backend = ClusterBackends.select(settings(context).backend());
        Set<ClusterCapability> missing = EnumSet.copyOf(needed);
        missing.removeAll(backend.capabilities());
        return missing.isEmpty()
                ? ConditionEvaluationResult.enabled("backend " + backend.name() + " has " + needed)
                : ConditionEvaluationResult.disabled("backend " + backend.name() + " lacks " + missing);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        ClickHouseCluster settings = settings(context);
        ClusterBackend backend = ClusterBackends.select(settings.backend());
        if (backend.availability() instanceof BackendAvailability.Unavailable missing) {
            RealClickHouseRequirement.current().onUnavailable(backend.name(), missing);
        }
        ClusterSpec spec = new ClusterSpec(
                settings.name(),
                settings.members(),
                settings.internalReplication(),
                settings.layout(),
                java.util.List.of(settings.timeZones()));
        context.getStore(NAMESPACE).put(CLUSTER, backend.start(spec));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        RunningCluster cluster = context.getStore(NAMESPACE).remove(CLUSTER, RunningCluster.class);
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        RunningCluster cluster = cluster(context);
        context.getStore(NAMESPACE).put(DATABASE, cluster.createTestDatabase());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        RunningCluster cluster = cluster(context);
        TestDatabase database = context.getStore(NAMESPACE).remove(DATABASE, TestDatabase.class);
        cluster.restoreHealthy();
        if (database != null) {
            cluster.dropTestDatabase(database);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == RunningCluster.class || type == TestDatabase.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        if (parameter.getParameter().getType() == RunningCluster.class) {
            return cluster(context);
        }
        TestDatabase database = context.getStore(NAMESPACE).get(DATABASE, TestDatabase.class);
        if (database == null) {
            throw new ExtensionConfigurationException("a TestDatabase exists only inside a test method");
        }
        return database;
    }

    private static ClickHouseCluster settings(ExtensionContext context) {
        return AnnotationSupport.findAnnotation(context.getRequiredTestClass(), ClickHouseCluster.class)
                .orElseThrow(() -> new ExtensionConfigurationException("use @ClickHouseCluster on the test class"));
    }

    private static RunningCluster cluster(ExtensionContext context) {
        RunningCluster cluster = context.getStore(NAMESPACE).get(CLUSTER, RunningCluster.class);
        if (cluster == null) {
            throw new ExtensionConfigurationException("no cluster was started for this test class");
        }
        return cluster;
    }
}
