package io.dpone.testkit.acceptance;

import io.dpone.testkit.clickhouse.docker.DockerLogsOnFailure;
import io.dpone.testkit.clickhouse.docker.ForkDeadline;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Makes a backend's acceptance test class write the machine-readable acceptance receipt
 * {@code target/acceptance/<file>} before and after every scenario ({@link AcceptanceReceiptExtension});
 * a failed scenario also gets the container logs of a running Docker cluster
 * ({@link DockerLogsOnFailure}), and under the docker profile a class that outlives its deadline
 * ends its JVM ({@link ForkDeadline}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith({ForkDeadline.class, DockerLogsOnFailure.class, AcceptanceReceiptExtension.class})
public @interface AcceptanceReceipt {
    /** The backend the class runs on: {@code simulator}, {@code local} or {@code docker}. */
    String backend();

    /** The receipt's file name under {@code target/acceptance/}. */
    String file();

    /** The scenario registry the class runs: {@code internal-acceptance} or {@code external-acceptance}. */
    String suite() default "internal-acceptance";
}
