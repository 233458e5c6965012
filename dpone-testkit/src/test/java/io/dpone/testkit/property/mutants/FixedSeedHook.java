package io.dpone.testkit.property.mutants;

import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Runs a mutant's properties with the seed {@link MutantDetectionRateTest} chose for this run, so
 * the measured rate is reproducible. Shrinking is off: it changes how a failure is reported, never
 * whether a run fails, and it would dominate the measurement's time.
 */
public final class FixedSeedHook implements AroundPropertyHook {
    private static volatile long seed;
    private static final AtomicInteger APPLIED = new AtomicInteger();

    /** Sets the seed of the next runs and returns how many properties the previous seed was applied to. */
    static int use(long next) {
        seed = next;
        return APPLIED.getAndSet(0);
    }

    /** Declared on the mutant class, it must reach the property methods the class inherits. */
    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        context.attributes().setSeed(Long.toString(seed));
        context.attributes().setShrinking(ShrinkingMode.OFF);
        APPLIED.incrementAndGet();
        return property.execute();
    }
}
