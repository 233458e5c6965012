package io.dpone.clickhouse.cluster.authority;

import io.dpone.clickhouse.cluster.port.QueryContext;
import io.dpone.clickhouse.cluster.port.ServerSetting;

/**
 * Whether the CAS {@code ALTER TABLE ... UPDATE} asks the server to skip its up-front mutation
 * validation ({@code validate_mutation_query}, added in 24.11, on by default).
 *
 * <p>For MergeTree that validation matters: the mutation runs later in the background and an
 * invalid one would get stuck. A KeeperMap mutation runs synchronously inside the same query
 * with its own interpreter, before any Keeper write, so the validation only analyses the same
 * statement a second time: an invalid CAS is refused either way and nothing is written. Access
 * checks do not depend on the setting. Skipping it saves about a third of the CAS's server time
 * (docs/reference/authority.md, "Cost").
 *
 * <p>Servers before 24.11 neither validate nor know the setting (sending it would be refused as
 * an unknown setting), so {@link #SKIPPED} is chosen only when every member advertises it
 * ({@link FacadeRules}); {@link #SERVER_DEFAULT} is correct on every version.
 */
public enum MutationPrevalidation {
    /** Sends nothing: the server's default applies. */
    SERVER_DEFAULT,
    /** Sends {@code validate_mutation_query = 0} with the CAS. */
    SKIPPED;

    /** The CAS request's context under this choice. */
    public QueryContext applyTo(QueryContext context) {
        return this == SKIPPED ? context.with(ServerSetting.VALIDATE_MUTATION_QUERY, "0") : context;
    }
}
