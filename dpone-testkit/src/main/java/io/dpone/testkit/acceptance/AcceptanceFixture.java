package io.dpone.testkit.acceptance;

import io.dpone.clickhouse.cluster.sql.TableRef;

/** What both modes' acceptance fixtures share on every backend, so a scenario of either mode reads the same. */
public final class AcceptanceFixture {
    /** The scenarios' target table (on real backends in a per-scenario database of this name's shape). */
    public static final TableRef TARGET = new TableRef("analytics", "events");

    /** {@code distributed_ddl_task_timeout} of every dispatch; real backends size their HTTP deadlines by it. */
    public static final long DDL_TASK_TIMEOUT_SECONDS = 30;

    /** The invocation every scenario's first publication runs under. */
    public static final String INVOCATION = "nightly-2026-11-30";

    private AcceptanceFixture() {}
}
