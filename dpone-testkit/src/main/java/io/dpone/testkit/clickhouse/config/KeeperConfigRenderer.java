package io.dpone.testkit.clickhouse.config;

import static io.dpone.testkit.clickhouse.config.FixtureTemplate.xml;

import java.util.Map;

/** Renders {@code fixtures/clickhouse/keeper.xml} for the single ClickHouse Keeper of the Docker backend. */
public final class KeeperConfigRenderer {

    private final FixtureTemplate template = FixtureTemplate.load("keeper.xml");

    public String render(String keeperHost, int keeperPort) {
        return template.render(Map.of("keeper_host", xml(keeperHost), "keeper_port", Integer.toString(keeperPort)));
    }
}
