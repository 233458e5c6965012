/** Reusable test support for cluster publication connectors. */
module io.dpone.testkit {
    requires transitive io.dpone.spi;
    requires transitive io.dpone.clickhouse.cluster;
    requires transitive net.jqwik.api;
    requires org.junit.jupiter.api;

    exports io.dpone.testkit.arbitrary;
    exports io.dpone.testkit.property;
}
