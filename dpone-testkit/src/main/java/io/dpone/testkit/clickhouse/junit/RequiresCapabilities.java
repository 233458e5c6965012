package io.dpone.testkit.clickhouse.junit;

import io.dpone.testkit.cluster.ClusterCapability;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares what a scenario (class or method) needs from the backend. On a backend that lacks one
 * of them the scenario is reported as disabled with the missing capability named, never run
 * against a backend that cannot show the behaviour.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface RequiresCapabilities {
    ClusterCapability[] value();
}
