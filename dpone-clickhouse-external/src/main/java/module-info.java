/** External mode publication. */
module io.dpone.clickhouse.external {
    requires transitive io.dpone.spi;
    requires io.dpone.clickhouse.cluster;
    requires static com.google.auto.service;

}
