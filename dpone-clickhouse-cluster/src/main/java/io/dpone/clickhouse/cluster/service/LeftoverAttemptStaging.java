package io.dpone.clickhouse.cluster.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.sql.TableRef;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Removes the staging that crashed attempts of a completed operation left behind (seed: "a crash
 * before authority acquisition removes only owned attempt staging"). Only once the operation's own
 * record is COMPLETED is every other attempt candidate provably unbound forever: a record binds
 * exactly one candidate, only a write of this operation could bind another, and a COMPLETED record
 * of this operation makes every later worker of it resume instead of writing. So the names removed
 * are exactly {@code <target>__dpone_<16 hex of this operation>_<8 hex>} other than the record's own
 * candidate; nothing else in the database is ever touched. Best effort: a failed read or drop
 * leaves the leftovers for the next run of the invocation or the runbook, never a failed receipt.
 */
final class LeftoverAttemptStaging {
    private static final Pattern ATTEMPT_SUFFIX = Pattern.compile("[0-9a-f]{" + 2 * OperationIdentity.ATTEMPT_BYTES + "}");

    private final CatalogPort catalog;
    private final SetupStatements setup;
    private final PublicationSettings settings;
    private final RandomBits random;

    LeftoverAttemptStaging(CatalogPort catalog, SetupStatements setup, PublicationSettings settings, RandomBits random) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.setup = requireNonNull(setup, "setup is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.random = requireNonNull(random, "random is null");
    }

    void remove(AdmittedCluster cluster, AuthorityRecord completed, Run run) {
        String prefix = OperationIdentity.attemptPrefix(settings.target().table(), completed.operationId());
        CatalogRead<List<String>> names = catalog.tableNames(settings.cluster(), settings.target().database(), prefix);
        if (names instanceof CatalogRead.Unreadable<List<String>> unreadable) {
            run.evidence().step("leftover attempt staging not listed: " + unreadable.describe());
            return;
        }
        int removed = 0;
        for (String name : ((CatalogRead.Observed<List<String>>) names).facts()) {
            if (name.equals(completed.payload().candidateTable()) || !ATTEMPT_SUFFIX.matcher(name.substring(prefix.length())).matches()) {
                continue;
            }
            DdlCorrelationToken token = DdlCorrelationToken.issue(completed.operationId(), DdlAction.DISCARD, 0, random);
            Optional<String> failure = setup.run(new SetupDdl.StagingDiscard(settings.cluster(),
                    new TableRef(settings.target().database(), name)), token, cluster.hosts(), run);
            if (failure.isPresent()) {
                run.evidence().step("leftover attempt staging not removed: " + failure.get());
                return;
            }
            removed++;
        }
        if (removed > 0) {
            run.evidence().step("removed " + removed + " leftover attempt candidate(s) of this operation");
        }
    }
}
