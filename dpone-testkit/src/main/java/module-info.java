/** Reusable test support for cluster publication connectors. */
module io.dpone.testkit {
    requires transitive io.dpone.spi;
    requires transitive io.dpone.clickhouse.cluster;
    requires transitive net.jqwik.api;
    requires transitive org.junit.jupiter.api;
    requires java.net.http;
    requires zookeeper;
    requires testcontainers;
    requires com.github.dockerjava.api;

    exports io.dpone.testkit.arbitrary;
    exports io.dpone.testkit.property;
    exports io.dpone.testkit.cluster;
    exports io.dpone.testkit.clickhouse;
    exports io.dpone.testkit.clickhouse.config;
    exports io.dpone.testkit.clickhouse.local;
    exports io.dpone.testkit.clickhouse.docker;
    exports io.dpone.testkit.clickhouse.junit;
    exports io.dpone.testkit.fault;
    exports io.dpone.testkit.simulator;
}
