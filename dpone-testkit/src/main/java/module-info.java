/** Reusable test support for cluster publication connectors. */
module io.dpone.testkit {
    requires transitive io.dpone.spi;
    requires transitive io.dpone.clickhouse.cluster;

    exports io.dpone.testkit.fault;
}
