package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.port.CatalogPort;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Lists, never drops, the other attempt candidates of a completed operation. A worker of the same
 * invocation may still be staging one of them (frozen mid-way while another worker completed the
 * operation, issue 18 finding 1), and nothing a run can read tells a frozen worker from a dead one;
 * spec section 6 also rules out any prefix sweep. Each attempt removes its own candidate itself once
 * it is provably unbound ({@code Staging.discardOwnAttempt}); what a crashed attempt left behind is
 * reported as {@code detail.leftover_attempts} (attempt suffixes only: names stay out of evidence)
 * for an operator, who drops it by its exact name once no worker of the invocation runs (runbook
 * "A staging failure"). Only names of exactly this operation's attempt shape are reported.
 */
final class LeftoverAttemptStaging {
    private static final Pattern ATTEMPT_SUFFIX =
            Pattern.compile("[0-9a-f]{" + 2 * OperationIdentity.ATTEMPT_BYTES + "}");

    private final CatalogPort catalog;
    private final PublicationSettings settings;

    LeftoverAttemptStaging(CatalogPort catalog, PublicationSettings settings) {
        this.catalog = requireNonNull(catalog, "catalog is null");
        this.settings = requireNonNull(settings, "settings is null");
    }

    /** Records the attempt suffixes of {@code completed}'s operation other than its own candidate's; a failed read is a step. */
    void report(AuthorityRecord completed, InternalEvidence evidence) {
        String prefix = OperationIdentity.attemptPrefix(settings.target().table(), completed.operationId());
        CatalogRead<List<String>> names =
                catalog.tableNames(settings.cluster(), settings.target().database(), prefix);
        if (names instanceof CatalogRead.Unreadable<List<String>> unreadable) {
            evidence.step("leftover attempt staging not listed: " + unreadable.describe());
            return;
        }
        List<String> suffixes = ((CatalogRead.Observed<List<String>>) names)
                .facts().stream()
                        .filter(name -> !name.equals(completed.payload().candidateTable()))
                        .map(name -> name.substring(prefix.length()))
                        .filter(suffix -> ATTEMPT_SUFFIX.matcher(suffix).matches())
                        .toList();
        evidence.leftoverAttempts(suffixes);
    }
}
