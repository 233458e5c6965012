package io.dpone.testkit.acceptance;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the {@code InternalScenarios} (or {@code ExternalScenarios}) scenario a test method stands for. The contract checks that
 * every registry scenario has exactly one such test, and the receipt extension reports each test
 * under its scenario's name. A backend's override of a scenario test repeats it.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AcceptanceScenario {
    String value();
}
