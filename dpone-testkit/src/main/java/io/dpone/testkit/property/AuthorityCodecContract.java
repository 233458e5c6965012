package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodec;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.testkit.arbitrary.AuthorityArbitraries;
import io.dpone.testkit.arbitrary.RowMutation;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.domains.Domain;
import net.jqwik.api.domains.DomainContext;

/**
 * Properties of an authority codec: it round-trips every valid record, is deterministic, never
 * throws on arbitrary stored rows, blocks every single-column mutation of an encoded row, and
 * accepts a re-signed payload only when it is exactly the canonical encoding of what it decodes
 * to. Extend and implement {@link #codec()}.
 */
@Domain(DomainContext.Global.class)
@Domain(FieldsReportingDomain.class)
public abstract class AuthorityCodecContract {
    protected AuthorityCodecContract() {}

    protected abstract AuthorityCodec codec();

    @Property
    void roundTripsEveryValidRecord(@ForAll("records") AuthorityRecord record) {
        assertEquals(
                new DecodeResult.Valid<>(record),
                codec().decode(codec().encode(record)),
                () -> "rule: decoding an encoded record gives it back Valid; for record " + record + " encoded as "
                        + FieldsReportingFormat.describe(codec().encode(record)));
    }

    @Property
    void encodingIsDeterministic(@ForAll("records") AuthorityRecord record) {
        assertEquals(
                codec().encode(record),
                codec().encode(record),
                () -> "rule: encoding is deterministic; for record " + record);
    }

    @Property
    void decodeNeverThrows(@ForAll("rawRows") AuthorityRow row) {
        assertNotNull(
                codec().decode(row),
                () -> "rule: decoding is total (Valid or Blocked, never null); for "
                        + FieldsReportingFormat.describe(row));
    }

    @Property
    void everySingleColumnMutationIsBlocked(
            @ForAll("records") AuthorityRecord record, @ForAll("mutations") RowMutation mutation) {
        AuthorityRow row = codec().encode(record);
        AuthorityRow mutated = mutation.apply(row);
        Assume.that(!mutated.equals(row));
        assertInstanceOf(
                DecodeResult.Blocked.class,
                codec().decode(mutated),
                () -> "rule: a change to any one stored column of an"
                        + " encoded row is Blocked, never read as a record; column " + mutation.column()
                        + " changed from "
                        + FieldsReportingFormat.describe(row) + " to " + FieldsReportingFormat.describe(mutated)
                        + " decoded as "
                        + codec().decode(mutated));
    }

    @Property
    void resignedPayloadIsAcceptedOnlyInCanonicalForm(
            @ForAll("records") AuthorityRecord record, @ForAll("mutations") RowMutation mutation) {
        AuthorityRow row = codec().encode(record);
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
        if (codec().decode(resigned) instanceof DecodeResult.Valid<AuthorityRecord> valid) {
            assertEquals(
                    resigned,
                    codec().encode(valid.record()),
                    () -> "rule: a re-signed payload is Valid only in the"
                            + " canonical encoding of what it decodes to; accepted "
                            + FieldsReportingFormat.describe(resigned));
        }
    }

    @Provide
    Arbitrary<AuthorityRecord> records() {
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
