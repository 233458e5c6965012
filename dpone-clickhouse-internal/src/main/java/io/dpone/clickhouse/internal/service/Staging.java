package io.dpone.clickhouse.internal.service;

import static java.util.Objects.requireNonNull;

import io.dpone.clickhouse.cluster.contract.ddl.DdlAction;
import io.dpone.clickhouse.cluster.contract.ddl.DdlCorrelationToken;
import io.dpone.clickhouse.cluster.contract.ddl.RandomBits;
import io.dpone.clickhouse.cluster.contract.generation.GenerationIdentity;
import io.dpone.clickhouse.cluster.contract.generation.GenerationRules;
import io.dpone.clickhouse.cluster.contract.generation.GenerationVerdict;
import io.dpone.clickhouse.cluster.flow.Waits;
import io.dpone.clickhouse.cluster.invocation.Invocation;
import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MemberFacts;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.port.SetupDdl;
import io.dpone.clickhouse.cluster.source.OpenedSource;
import io.dpone.clickhouse.cluster.source.SourceReaders;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.util.List;

/**
 * Stages one attempt's candidate before authority acquisition (spec section 2 and the journey):
 * create it on every replica with one correlated {@code CREATE TABLE ... ON CLUSTER}, load it
 * through the one admitted connection as a stream, wait for the readiness barrier on every replica
 * (including the staged row count), and check the section 2 rules over target and candidate. The
 * candidate's name is this attempt's own (a random suffix), so when staging fails this attempt
 * removes exactly what it created ("a crash before authority acquisition removes only owned attempt
 * staging") and nothing another attempt of the same invocation may have staged, bound or published.
 * Every failure is a {@link DponeException} and nothing is published; a stop the host's cancellation
 * caused (the creation's queue wait, the load, the readiness wait) is {@code PUBLICATION_CANCELLED}.
 */
final class Staging {
    /**
     * A candidate that passed the readiness barrier and the section 2 rules on every member, ready to
     * be bound in a PREPARED record.
     *
     * @param predecessor the target generation it will replace, or null for an absent target
     */
    record Candidate(GenerationIdentity predecessor, GenerationIdentity desired, long rows) {
        Candidate {
            requireNonNull(desired, "desired is null");
        }
    }

    private final PublicationPorts ports;
    private final PublicationSettings settings;
    private final SetupStatements setup;
    private final RandomBits random;

    Staging(PublicationPorts ports, PublicationSettings settings, SetupStatements setup, RandomBits random) {
        this.ports = requireNonNull(ports, "ports is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.setup = requireNonNull(setup, "setup is null");
        this.random = requireNonNull(random, "random is null");
    }

    Candidate stage(
            AdmittedCluster cluster,
            OperationIdentity identity,
            PublicationSource source,
            Invocation<InternalEvidence> invocation) {
        requireWithinBound(source);
        try (OpenedSource opened = SourceReaders.open(source, settings.maxSourceBytes())) {
            CandidateDefinition definition = definition(cluster, opened.columns());
            invocation.waits().progress().step("create candidate");
            try {
                send(
                        new SetupDdl.CandidateCreate(settings.cluster(), identity.candidate(), definition),
                        DdlAction.STAGE,
                        identity,
                        cluster,
                        invocation,
                        "candidate creation");
                invocation.waits().progress().step("load");
                long rows = load(identity, opened, invocation.waits());
                invocation.waits().progress().step("replication");
                awaitReadiness(cluster, identity, rows, invocation.waits());
                return validate(cluster, identity, rows);
            } catch (DponeException failed) {
                discardOwnAttempt(cluster, identity, invocation);
                throw failed;
            }
        }
    }

    /**
     * Removes this attempt's own candidate, one permit-less statement. Callers prove first that no
     * record names it: before this attempt wrote any record (a staging failure, a cancellation;
     * only this attempt ever writes its name), or after a successful re-read of the slot showed
     * none does. Best effort: a candidate left behind (the removal failed, or the process died) is
     * never removed by another attempt; a completed operation lists it in its receipt.
     */
    void discardOwnAttempt(
            AdmittedCluster cluster, OperationIdentity identity, Invocation<InternalEvidence> invocation) {
        invocation.waits().progress().step("discard own staging");
        DdlCorrelationToken token = DdlCorrelationToken.issue(identity.operationId(), DdlAction.DISCARD, 0, random);
        setup.run(
                        new SetupDdl.StagingDiscard(settings.cluster(), identity.candidate()),
                        token,
                        cluster.hosts(),
                        invocation)
                .ifPresent(reason -> invocation.evidence().step("own staging not removed: " + reason));
    }

    private void requireWithinBound(PublicationSource source) {
        if (source.declaredBytes().isPresent() && source.declaredBytes().getAsLong() > settings.maxSourceBytes()) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_SOURCE_TOO_LARGE,
                    "the source is larger than max_source_bytes; nothing was created");
        }
    }

    private CandidateDefinition definition(AdmittedCluster cluster, List<SourceColumn> columns) {
        if (cluster.target().isPresent()) {
            return new CandidateDefinition.LikeTarget(settings.target());
        }
        if (columns.isEmpty()
                || columns.stream().anyMatch(column -> column.type().isEmpty())) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED,
                    "the target is absent, so the source must declare column types (a *WithNamesAndTypes format)");
        }
        return new CandidateDefinition.Columns(
                columns.stream()
                        .map(column -> new CandidateDefinition.Column(
                                column.name(), column.type().get()))
                        .toList(),
                settings.engine());
    }

    private void send(
            SetupDdl statement,
            DdlAction action,
            OperationIdentity identity,
            AdmittedCluster cluster,
            Invocation<InternalEvidence> invocation,
            String what) {
        DdlCorrelationToken token = DdlCorrelationToken.issue(identity.operationId(), action, 0, random);
        setup.run(statement, token, cluster.hosts(), invocation).ifPresent(reason -> {
            if (invocation.waits().cancelled()) {
                // the wait for the entry was cut short by the operator, as in the load and the readiness wait
                throw new DponeException(
                        DponeErrorCode.PUBLICATION_CANCELLED,
                        "cancelled while waiting for " + what + "; nothing was published");
            }
            throw failed(what + " is not proven on every member (" + reason + ")");
        });
    }

    private long load(OperationIdentity identity, OpenedSource opened, Waits waits) {
        List<String> names = opened.columns().stream().map(SourceColumn::name).toList();
        LoadResult result = ports.loader()
                .load(
                        identity.candidate(),
                        names,
                        opened.cursor(),
                        settings.maxSourceBytes(),
                        waits.cancellation(),
                        waits.progress());
        if (result instanceof LoadResult.Loaded loaded) {
            return loaded.rows();
        }
        if (result instanceof LoadResult.SourceRejected rejected) {
            throw new DponeException(rejected.code(), rejected.message() + "; nothing was published");
        }
        MutationOutcome outcome = ((LoadResult.Failed) result).outcome();
        throw failed("the load into the candidate did not complete ("
                + outcome.getClass().getSimpleName() + ")");
    }

    private void awaitReadiness(AdmittedCluster cluster, OperationIdentity identity, long rows, Waits waits) {
        if (!new ReadinessWait(ports.catalog(), settings.cluster(), settings.readiness())
                .await(cluster.hosts(), identity.candidate(), rows, waits)) {
            if (waits.cancelled()) {
                throw new DponeException(
                        DponeErrorCode.PUBLICATION_CANCELLED,
                        "cancelled while waiting for the candidate's replication; nothing was published");
            }
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_REPLICATION_NOT_READY,
                    "the candidate did not pass the readiness barrier on every replica within the bound");
        }
    }

    private Candidate validate(AdmittedCluster cluster, OperationIdentity identity, long rows) {
        List<MemberFacts> members = members(identity);
        GenerationVerdict verdict = GenerationRules.afterStaging(
                cluster.hosts(), members.stream().map(MemberFacts::tables).toList());
        if (verdict instanceof GenerationVerdict.Violated violated) {
            throw new DponeException(
                    violated.code(), "staged generations violate " + violated.primary() + "; nothing was published");
        }
        GenerationVerdict.Valid valid = (GenerationVerdict.Valid) verdict;
        if (!valid.target().equals(cluster.target())) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_GENERATION_UNKNOWN,
                    "the target generation changed during staging; nothing was published");
        }
        GenerationIdentity desired = valid.candidate().orElseThrow();
        return new Candidate(valid.target().orElse(null), desired, rows);
    }

    private List<MemberFacts> members(OperationIdentity identity) {
        CatalogRead<List<MemberFacts>> read =
                ports.catalog().members(settings.cluster(), settings.target(), identity.candidate());
        if (read instanceof CatalogRead.Observed<List<MemberFacts>> observed) {
            return observed.facts();
        }
        throw new DponeException(
                DponeErrorCode.CLICKHOUSE_CLUSTER_INVENTORY_INCOMPLETE,
                "the members could not be read during staging: " + ((CatalogRead.Unreadable<?>) read).describe());
    }

    private static DponeException failed(String message) {
        return new DponeException(
                DponeErrorCode.CLICKHOUSE_CLUSTER_STAGING_FAILED, message + "; nothing was published");
    }
}
