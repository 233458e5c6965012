package io.dpone.clickhouse.external.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.testkit.arbitrary.AuthorityArbitraries;
import io.dpone.testkit.arbitrary.RowMutation;
import io.dpone.testkit.property.FieldsReportingDomain;
import io.dpone.testkit.property.FieldsReportingFormat;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.domains.Domain;
import net.jqwik.api.domains.DomainContext;

/**
 * Properties of an external authority schema over the shared control row: it round-trips every
 * valid external record of every phase, is deterministic, never throws on arbitrary stored rows,
 * blocks every single-column mutation of an encoded row, accepts a re-signed payload only in its
 * exact canonical form, and reads every valid internal V1 row as a foreign baseline (never as an
 * external record). Extend and implement {@link #schema()}.
 */
@Domain(DomainContext.Global.class)
@Domain(FieldsReportingDomain.class)
public abstract class ExternalAuthorityCodecContract {
    protected ExternalAuthorityCodecContract() {}

    protected abstract SlotSchema<ExternalSlot> schema();

    @Property
    void roundTripsEveryValidRecord(@ForAll("records") ExternalRecord record) {
        assertEquals(
                new DecodeResult.Valid<ExternalSlot>(record),
                schema().decode(schema().encode(record)),
                () -> "rule: decoding an encoded record gives it back Valid; for record " + record + " encoded as "
                        + FieldsReportingFormat.describe(schema().encode(record)));
    }

    @Property
    void encodingIsDeterministic(@ForAll("records") ExternalRecord record) {
        assertEquals(
                schema().encode(record),
                schema().encode(record),
                () -> "rule: encoding is deterministic; for record " + record);
    }

    @Property
    void decodeNeverThrows(@ForAll("rawRows") AuthorityRow row) {
        assertNotNull(
                schema().decode(row),
                () -> "rule: decoding is total (Valid or Blocked, never null); for "
                        + FieldsReportingFormat.describe(row));
    }

    @Property
    void everySingleColumnMutationIsBlocked(
            @ForAll("records") ExternalRecord record, @ForAll("mutations") RowMutation mutation) {
        AuthorityRow row = schema().encode(record);
        AuthorityRow mutated = mutation.apply(row);
        Assume.that(!mutated.equals(row));
        assertInstanceOf(
                DecodeResult.Blocked.class,
                schema().decode(mutated),
                () -> "rule: a change to any one stored column of an"
                        + " encoded row is Blocked, never read as a record; column " + mutation.column()
                        + " changed from "
                        + FieldsReportingFormat.describe(row) + " to " + FieldsReportingFormat.describe(mutated)
                        + " decoded as "
                        + schema().decode(mutated));
    }

    @Property
    void resignedPayloadIsAcceptedOnlyInCanonicalForm(
            @ForAll("records") ExternalRecord record, @ForAll("mutations") RowMutation mutation) {
        AuthorityRow row = schema().encode(record);
        String payload = new RowMutation(
                        5,
                        mutation.kind(),
                        mutation.position(),
                        mutation.character(),
                        mutation.replacement(),
                        mutation.number())
                .apply(row)
                .payload();
        Assume.that(payload != null && !payload.equals(row.payload()));
        String sha;
        try {
            sha = CanonicalEncoder.sha256(CanonicalEncoder.strictUtf8(payload)).hex();
        } catch (IllegalArgumentException notText) {
            return;
        }
        AuthorityRow resigned = new AuthorityRow(
                row.targetKey(), row.operationId(), row.fenceToken(), row.phase(), row.dispatchEpoch(), payload, sha);
        if (schema().decode(resigned) instanceof DecodeResult.Valid<ExternalSlot> valid) {
            assertEquals(
                    resigned,
                    schema().encode(valid.record()),
                    () -> "rule: a re-signed payload is Valid only in the"
                            + " canonical encoding of what it decodes to; accepted "
                            + FieldsReportingFormat.describe(resigned));
        }
    }

    @Property
    void aValidInternalRowIsAForeignBaselineNeverAnExternalRecord(@ForAll("internalRecords") AuthorityRecord internal) {
        DecodeResult<ExternalSlot> decoded = schema().decode(AuthorityCodecV1.INSTANCE.encode(internal));
        assertEquals(
                new DecodeResult.Valid<ExternalSlot>(new InternalBaseline(internal)),
                decoded,
                () ->
                        "rule: a valid internal V1 row reads as a foreign baseline, never as an external record; for record "
                                + internal + " encoded as "
                                + FieldsReportingFormat.describe(AuthorityCodecV1.INSTANCE.encode(internal)));
    }

    @Provide
    Arbitrary<ExternalRecord> records() {
        return ExternalRecordArbitraries.records();
    }

    @Provide
    Arbitrary<AuthorityRecord> internalRecords() {
        return AuthorityArbitraries.records();
    }

    @Provide
    Arbitrary<AuthorityRow> rawRows() {
        return AuthorityArbitraries.rawRows();
    }

    @Provide
    Arbitrary<RowMutation> mutations() {
        return AuthorityArbitraries.rowMutations();
    }
}
