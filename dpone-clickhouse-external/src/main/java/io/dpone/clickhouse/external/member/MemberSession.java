package io.dpone.clickhouse.external.member;

import io.dpone.clickhouse.cluster.port.CandidateDefinition;
import io.dpone.clickhouse.cluster.port.CatalogRead;
import io.dpone.clickhouse.cluster.port.LoadResult;
import io.dpone.clickhouse.cluster.port.MutationOutcome;
import io.dpone.clickhouse.cluster.sql.TableRef;
import io.dpone.clickhouse.external.artifact.ArtifactSchema;
import io.dpone.spi.publication.Cancellation;
import java.util.UUID;

/**
 * Direct staging on one member over its own native connection (spec 001: "External member staging
 * is deliberately native"). Every statement is local to the member, never {@code ON CLUSTER}, and
 * touches only the operation's own candidate; every mutation is one attempt and is never retried.
 * Reads are facts; the service judges them. Thread-safe.
 */
public interface MemberSession {
    /** The member this endpoint reaches, by its own {@code is_local} row of {@code cluster}. */
    CatalogRead<MemberSelf> identify(String cluster);

    /**
     * What the member lets publication do in {@code database}: the {@link MemberPolicy#REQUIRED}
     * privileges its principal lacks on {@code database.*} and the server's default deduplication
     * window. Sends nothing but reads.
     */
    CatalogRead<MemberPolicy> policy(String database);

    /** What the member holds under {@code table}. */
    CatalogRead<TableState> table(TableRef table);

    /**
     * A local {@code CREATE TABLE candidate UUID 'uuid' ...} (AS the target, or the declared
     * columns): the table object gets exactly {@code uuid}, which the caller recorded as its own
     * before sending, so ownership never depends on the name. A UUID already used by another table
     * on the member is refused with 57 (observed on ClickHouse 26.7 by
     * {@code MemberSessionConformance}; never run on 24.8).
     */
    MutationOutcome create(TableRef candidate, UUID uuid, CandidateDefinition definition);

    /** A local {@code DROP TABLE IF EXISTS candidate}; the caller proved the UUID is one it recorded first. */
    MutationOutcome drop(TableRef candidate);

    /**
     * A local {@code RENAME TABLE from TO to}: moves a proven attempt table to the operation's
     * candidate name. ClickHouse refuses it (57) when {@code to} exists and (60) when {@code from}
     * does not, so a rename never replaces a table and never moves one twice.
     */
    MutationOutcome rename(TableRef from, TableRef to);

    /**
     * Inserts {@code rows} in batches of native blocks. The rows are as members store them: a
     * date-time is its instant's UTC clock ({@code DateTimePlacement.storedRows}), written as that
     * instant whatever the member's zone. Any outcome but {@link LoadResult.Loaded} may have left
     * part of the rows: the caller replaces the owned partial candidate on restart.
     */
    LoadResult insert(TableRef candidate, ArtifactSchema schema, TypedRowSource rows, Cancellation cancellation);

    /**
     * Re-observes every row of {@code candidate} (at most {@code rowBudget}) as it is stored, each
     * date-time as its instant, and digests them.
     */
    CatalogRead<MemberContent> content(TableRef candidate, ArtifactSchema schema, long rowBudget);

    /** {@code count()} of {@code table}. */
    CatalogRead<Long> rowCount(TableRef table);
}
