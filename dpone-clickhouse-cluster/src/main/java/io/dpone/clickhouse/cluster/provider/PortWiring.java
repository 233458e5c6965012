package io.dpone.clickhouse.cluster.provider;

import java.util.UUID;

/**
 * What both modes' port wirings share: the query id of every statement and the server-side bound
 * of every catalog read. Internal mode's InternalPortWiring and external mode's ExternalPortWiring
 * build their adapters with these, so the two modes cannot drift apart on them.
 */
public final class PortWiring {
    /** The server-side bound of every catalog read. */
    public static final long CATALOG_MAX_EXECUTION_SECONDS = 30;

    private PortWiring() {}

    /** A fresh query id for one statement. */
    public static String queryId() {
        return "dpone-" + UUID.randomUUID();
    }
}
