package io.dpone.testkit.clickhouse.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dpone.testkit.simulator.ClusterSimulator;
import org.junit.jupiter.api.Test;

/**
 * The testkit's own tests run on the module path, inside the named module io.dpone.testkit
 * (Surefire patches the test classes into it), so the suites, the simulator and the harness are
 * tested as a consumer's module path loads them (issue 22). Red on main 315fc53: the tests ran on
 * the class path, in the unnamed module.
 */
class ModulePathTest {

    @Test
    void theTestsRunInsideTheTestkitModule() {
        Module tests = ModulePathTest.class.getModule();

        assertTrue(tests.isNamed(), "the tests run in a named module, not on the class path");
        assertEquals("io.dpone.testkit", tests.getName());
        assertEquals(tests, ClusterSimulator.class.getModule(), "tests and main classes share the module");
    }

    /**
     * zookeeper-jute shares packages with ZooKeeper's automatic module; on the class path beside it
     * its classes would be hidden, so the build patches it into that module (dpone-testkit/pom.xml).
     */
    @Test
    void zooKeepersJuteClassesLoadFromTheZooKeeperModule() throws ClassNotFoundException {
        Module server = Class.forName("org.apache.zookeeper.server.persistence.FileTxnSnapLog")
                .getModule();
        Module jute = Class.forName("org.apache.zookeeper.server.persistence.FileHeader")
                .getModule();

        assertEquals("zookeeper", server.getName());
        assertEquals(server, jute, "jute's classes are patched into the zookeeper module");
    }

    /**
     * clickhouse-data 0.10.0's descriptor does not require java.sql, yet ClickHouseDataType
     * implements java.sql.SQLType: on a module path every HTTP read through client-v2 fails with
     * IllegalAccessError unless the module is made to read java.sql (dpone-testkit/pom.xml).
     */
    @Test
    void clickHouseDataTypesLoadOnTheModulePath() throws ClassNotFoundException {
        Class<?> dataType = Class.forName("com.clickhouse.data.ClickHouseDataType");

        assertEquals("com.clickhouse.data", dataType.getModule().getName());
        assertTrue(dataType.getModule().canRead(java.sql.SQLType.class.getModule()));
    }
}
