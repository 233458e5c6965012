package io.dpone.testkit.clickhouse.local;

import io.dpone.testkit.clickhouse.junit.ClickHouseCluster;
import io.dpone.testkit.clickhouse.scenarios.PublisherPrincipalScenarios;

@ClickHouseCluster(members = 2, backend = LocalProcessBackend.NAME)
class LocalPublisherPrincipalTest extends PublisherPrincipalScenarios {}
